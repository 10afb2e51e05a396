import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { paBenefitRows, type TPaInsured } from '@lionrock/domain/pa/pa-benefits';
import type { TPaBenefitKey } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { useId } from 'react';
import { BenefitsState } from '../../../components/ui/benefits-state';
import { useBenefitSchedule } from '../../../lib/benefits-api';
import { useTranslation } from '../../../lib/i18n';
import styles from '../routes/pa.module.css';

export type TPaPlanName = 'A' | 'B' | 'C' | 'D';

/** The rows the landing shows; the quote page shows them all on "view all coverage". */
export const KEY_ROWS: TPaBenefitKey[] = ['accidentalDeath', 'medicalExpenses', 'hospitalCashPerDay'];

/**
 * The benefit schedule's sums insured for plans A–D, from the market's schedule in force on the day the
 * cover starts (`on`, today without it; pa-home-payments section 3, decision 099).
 */
export function BenefitTable({
  country,
  plans = ['A', 'B', 'C', 'D'],
  rows,
  insured = { role: 'adult' },
  on = null,
  caption,
}: {
  country: TCountry;
  plans?: TPaPlanName[];
  /** Every row of the schedule without it. */
  rows?: TPaBenefitKey[];
  /** Whose schedule: an adult by default; a child's share, the 65–70 reduction and the covers ticked (decision 054). */
  insured?: TPaInsured;
  /** The day the cover starts: the schedule in force then, and the insured's age on it. */
  on?: TLocalDate | null;
  caption: string;
}) {
  const { t, language } = useTranslation();
  const captionId = `pa-benefits-${useId().replace(/:/g, '')}`;
  const { benefits, failed, retry } = useBenefitSchedule('PAN', country, on);
  if (!benefits)
    return (
      <div className={styles.tableWrap}>
        <p className={styles.label}>{caption}</p>
        <BenefitsState failed={failed} onRetry={retry} />
      </div>
    );
  const label = (key: TPaBenefitKey) => benefits.labels[key]?.[language === 'en' ? 0 : 1] ?? key;
  const schedules = Object.fromEntries(
    plans.map((plan) => [
      plan,
      Object.fromEntries(paBenefitRows(benefits, country, plan, insured, on).map((row) => [row.key, row])),
    ]),
  );
  const amount = (plan: TPaPlanName, key: TPaBenefitKey) => {
    const row = schedules[plan]?.[key];
    if (!row) return '—';
    if (row.amount === 'NOT_COVERED') return t('paQuote.notCovered');
    return row.reduced
      ? t('paQuote.reducedAmount', { amount: formatMoney(row.amount, country) })
      : formatMoney(row.amount, country);
  };
  // A benefit that comes only with an optional cover says so: the landing must not list it as included.
  const optionalOf = (key: TPaBenefitKey) =>
    plans.map((plan) => schedules[plan]?.[key]?.optionalCover).find(Boolean) ?? null;
  return (
    // Wider than a phone: it scrolls sideways, by keyboard too (a focusable region named by its caption),
    // and says so under 480 px.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it (WCAG 2.1.1)
    <section className={styles.tableWrap} aria-labelledby={captionId} tabIndex={0}>
      <p className={styles.scrollCue} aria-hidden="true">
        {t('paLanding.scrollCue')}
      </p>
      <table className={styles.table}>
        <caption id={captionId} className={styles.label}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('paLanding.benefit')}</th>
            {plans.map((plan) => (
              <th key={plan} scope="col">
                {t('paQuote.planName', { plan })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(rows ?? (Object.keys(benefits.labels) as TPaBenefitKey[])).map((row) => (
            <tr key={row}>
              <th scope="row">
                {label(row)}
                {optionalOf(row) ? (
                  <span className={styles.optionalRow}>
                    {t('paLanding.optionalRow', { cover: t(`paQuote.covers.${optionalOf(row)}`) })}
                  </span>
                ) : null}
              </th>
              {plans.map((plan) => (
                <td key={plan}>{amount(plan, row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
