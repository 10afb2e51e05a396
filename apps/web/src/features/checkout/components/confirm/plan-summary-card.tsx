import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n';
import {
  partOf,
  type TCheckoutPolicy,
  type TCheckoutProduct,
  type TPolicyPart,
} from '../../checkout-product';
import { planPrice } from '../summary/plan-price';
import { SummaryList } from '../summary/summary-list';
import styles from './confirm-cards.module.css';

/**
 * The confirm page's plan summary (travel-flow section 2, Confirm): the product's lines (plan, period,
 * who or what is insured; decision 044), then the price by the domain's display rules (the original
 * struck through, the discount row, GST or IA levy) and the total. Edit returns to the quote.
 */
export function PlanSummaryCard<P extends TPolicyPart>({
  product,
  policy,
  campaignCode,
}: {
  product: TCheckoutProduct<P>;
  policy: TCheckoutPolicy<P>;
  campaignCode: string | undefined;
}) {
  const { t } = useTranslation();
  const country = policy.country ?? 'SGP';
  const item = partOf(product, policy).policyPremium;
  const rows = [...product.useSummaryRows(policy, 'confirm')];
  const price = item ? planPrice(item, country, campaignCode) : null;
  if (price) {
    if (price.discount) rows.push([t('quotePage.discount'), `−${price.discount}`]);
    rows.push([t('quotePage.priceBeforeTax'), price.beforeTax]);
    rows.push([t(price.tax.kind === 'gst' ? 'quotePage.gstLabel' : 'quotePage.levyLabel'), price.tax.amount]);
  }
  return (
    <section className={styles.card} aria-labelledby="confirm-plan-title">
      <div className={styles.head}>
        <h2 id="confirm-plan-title" className={styles.title}>
          {t('confirm.planTitle')}
        </h2>
        <Link to={product.paths.quote} className={styles.edit} aria-label={t('confirm.editPlan')}>
          {t('confirm.edit')}
        </Link>
      </div>
      <SummaryList
        rows={rows}
        {...(price
          ? {
              total: {
                label: t('quotePage.total'),
                value: price.total,
                original: price.original,
                originalLabel: t('quotePage.originalPrice'),
              },
            }
          : {})}
      />
    </section>
  );
}
