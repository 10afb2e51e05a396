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
import styles from './payment.module.css';

const noNotes = (): TSummaryRow[] => [];

/**
 * The payment page's summary card (travel-flow section 2, Payment): the product's lines (plan, cover,
 * the insured; decision 044) and the price broken down as on the quote and confirm pages (decision 126),
 * ending with the amount to pay.
 */
export function PaymentSummary<P extends TPolicyPart>({
  product,
  policy,
}: {
  product: TCheckoutProduct<P>;
  policy: TCheckoutPolicy<P>;
}) {
  const { t } = useTranslation();
  const item = partOf(product, policy).policyPremium;
  const rows = product.useSummaryRows(policy, 'payment');
  const usePriceNotes = product.usePriceNotes ?? noNotes;
  const notes = usePriceNotes(policy);
  return (
    <section className={styles.summary} aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className={styles.sectionTitle}>
        {t('payment.summaryTitle')}
      </h2>
      <SummaryList rows={rows} />
      {item ? (
        <PriceBreakdown
          item={item}
          country={policy.country ?? 'SGP'}
          notes={notes}
          totalLabel={t('payment.amount')}
        />
      ) : null}
    </section>
  );
}

/** Card or PayNow (travel-flow section 2): shown only when PayNow is available and auto-renewal is off. */
export function MethodSelector({
  method,
  onChange,
  disabled,
}: {
  method: 'CC' | 'PN';
  onChange: (method: 'CC' | 'PN') => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.methods} disabled={disabled}>
      <legend className={styles.sectionTitle}>{t('payment.methodTitle')}</legend>
      {(['CC', 'PN'] as const).map((value) => (
        <label key={value} className={`${styles.method} ${method === value ? styles.methodSelected : ''}`}>
          <input
            type="radio"
            name="payment-method"
            value={value}
            checked={method === value}
            onChange={() => onChange(value)}
            className={styles.radio}
          />
          <span>{t(`payment.methods.${value}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
