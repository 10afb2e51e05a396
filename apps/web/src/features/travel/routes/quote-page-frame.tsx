import layout from '../../../components/ui/page-layout.module.css';
import { PageLoading } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';

/**
 * The quote page's opening — its step, title and introduction — with the loading placeholder where the
 * plans go: what the page shows while its code loads, and what the server draws for a reload of
 * `/travel/quote` (decision 021), so the customer reads where they are before the app has arrived.
 * Its classes are the page's own (quote-page.module.css composes them).
 */
export function QuotePageFrame() {
  const { t } = useTranslation();
  return (
    <div className={layout.page}>
      <Stepper current={2} />
      <h1 className={layout.title}>{t('quotePage.title')}</h1>
      <p className={layout.intro}>{t('quotePage.intro')}</p>
      <PageLoading inline />
    </div>
  );
}
