import { useTranslation } from '../../../../lib/i18n';
import {
  partOf,
  type TCheckoutPolicy,
  type TCheckoutProduct,
  type TPolicyPart,
} from '../../checkout-product';
import { planPrice } from '../summary/plan-price';
import { SummaryList } from '../summary/summary-list';
import styles from './payment.module.css';

/**
 * The payment page's summary card (travel-flow section 2, Payment): the product's lines (plan, cover,
 * the insured; decision 044) and the premium to pay.
 */
export function PaymentSummary<P extends TPolicyPart>({
  product,
  policy,
  campaignCode,
}: {
  product: TCheckoutProduct<P>;
  policy: TCheckoutPolicy<P>;
  campaignCode: string | undefined;
}) {
  const { t } = useTranslation();
  const item = partOf(product, policy).policyPremium;
  const price = item ? planPrice(item, policy.country ?? 'SGP', campaignCode) : null;
  const rows = [...product.useSummaryRows(policy, 'payment')];
  if (price)
    rows.push([t(price.tax.kind === 'gst' ? 'quotePage.gstLabel' : 'quotePage.levyLabel'), price.tax.amount]);
  return (
    <section className={styles.summary} aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className={styles.sectionTitle}>
        {t('payment.summaryTitle')}
      </h2>
      <SummaryList
        rows={rows}
        {...(price ? { total: { label: t('payment.amount'), value: price.total } } : {})}
      />
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
