import { useTranslation } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import type { TTravelPolicy } from '../../state/travel-flow-store';
import { SummaryList } from '../checkout/summary-list';
import { travellersOf, tripRows } from '../checkout/trip-rows';
import { usePlanLabel } from '../plan-cards/plan-cards';
import { planPrice } from '../plan-cards/plan-price';
import { useTravellerSummary } from '../use-traveller-summary';
import styles from './payment.module.css';

/**
 * The payment page's summary card (travel-flow section 2, Payment): plan, cover type, the insured as
 * adults plus children or as individuals, period, destination, and the premium to pay.
 */
export function PaymentSummary({
  policy,
  campaignCode,
}: {
  policy: TTravelPolicy;
  campaignCode: string | undefined;
}) {
  const { t } = useTranslation();
  const lang = useSystemStore((state) => state.lang);
  const labelOf = usePlanLabel();
  const summarise = useTravellerSummary();
  const item = policy.policyTravel.policyPremium;
  const price = item ? planPrice(item, policy.country ?? 'SGP', campaignCode) : null;
  const rows: [string, string][] = [];
  if (item) rows.push([t('quotePage.plan'), labelOf(item.planName)]);
  rows.push(...tripRows(policy, t, lang), [t('quotePage.insured'), summarise(travellersOf(policy))]);
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
