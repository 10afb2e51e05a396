import type { TCampaign } from '@lionrock/domain/schemas/campaign-agent-schema';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import styles from './discount-banner.module.css';

const DISMISSED_KEY = 'lionrock.discountBannerClosed';

/**
 * The landing's discount banner (travel-flow section 2, Landing): the campaign's marketing message
 * (English marketingMessage, otherwise marketingMessageCn), which the visitor can close for the visit.
 */
export function DiscountBanner({ campaign }: { campaign: TCampaign | null | undefined }) {
  const { t } = useTranslation();
  const lang = useSystemStore((state) => state.lang);
  const code = campaign?.campaignCode ?? '';
  const [closed, setClosed] = useState(() =>
    typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(DISMISSED_KEY),
  );
  const message =
    lang === 'en' ? campaign?.marketingMessage : campaign?.marketingMessageCn || campaign?.marketingMessage;
  if (!code || !message || closed === code) return null;
  return (
    <aside className={styles.banner} aria-label={t('travelQuote.discountBanner')}>
      <p>{message}</p>
      <button
        type="button"
        className={styles.close}
        aria-label={t('travelQuote.closeDiscountBanner')}
        onClick={() => {
          sessionStorage.setItem(DISMISSED_KEY, code);
          setClosed(code);
        }}
      >
        ×
      </button>
    </aside>
  );
}
