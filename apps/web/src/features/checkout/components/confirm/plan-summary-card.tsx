import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n';
import {
  partOf,
  type TCheckoutPolicy,
  type TCheckoutProduct,
  type TPolicyPart,
  type TSummaryRow,
} from '../../checkout-product';
import { PriceBreakdown } from '../summary/price-breakdown';
import { SummaryList } from '../summary/summary-list';
import styles from './confirm-cards.module.css';

const noNotes = (): TSummaryRow[] => [];

/**
 * The confirm page's plan summary (travel-flow section 2, Confirm): the product's lines (plan, period,
 * who or what is insured; decision 044), then the price as the quote page broke it down (decision 126):
 * premium, each discount, the premium after discounts, GST or IA levy, and the total. Edit returns to
 * the quote.
 */
export function PlanSummaryCard<P extends TPolicyPart>({
  product,
  policy,
}: {
  product: TCheckoutProduct<P>;
  policy: TCheckoutPolicy<P>;
}) {
  const { t } = useTranslation();
  const country = policy.country ?? 'SGP';
  const item = partOf(product, policy).policyPremium;
  const rows = product.useSummaryRows(policy, 'confirm');
  const usePriceNotes = product.usePriceNotes ?? noNotes;
  const notes = usePriceNotes(policy);
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
      <SummaryList rows={rows} />
      {item ? <PriceBreakdown item={item} country={country} notes={notes} /> : null}
    </section>
  );
}
