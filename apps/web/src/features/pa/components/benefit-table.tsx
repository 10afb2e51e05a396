import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import {
  PA_BENEFITS,
  paPlanBenefits,
  type TPaBenefitKey,
} from '@lionrock/domain/rating/benefits/benefit-schedules';
import { useTranslation } from '../../../lib/i18n';
import styles from '../routes/pa.module.css';

export type TPaPlanName = 'A' | 'B' | 'C' | 'D';

/** The rows the landing shows; the quote page shows them all on "view all coverage". */
export const KEY_ROWS: TPaBenefitKey[] = ['accidentalDeath', 'medicalExpenses', 'hospitalCashPerDay'];
export const ALL_ROWS = Object.keys(PA_BENEFITS.labels) as TPaBenefitKey[];

/** The benefit schedule's sums insured for plans A–D, from the market's schedule (pa-home-payments section 3). */
export function BenefitTable({
  country,
  plans = ['A', 'B', 'C', 'D'],
  rows = ALL_ROWS,
  reduced = false,
  caption,
}: {
  country: TCountry;
  plans?: TPaPlanName[];
  rows?: TPaBenefitKey[];
  /** Adults 65–70: the reduced accidental death and disablement cover (pa-home-payments section 5). */
  reduced?: boolean;
  caption: string;
}) {
  const { t, language } = useTranslation();
  const label = (key: TPaBenefitKey) => PA_BENEFITS.labels[key]?.[language === 'en' ? 0 : 1] ?? key;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.label}>{caption}</caption>
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
          {rows.map((row) => (
            <tr key={row}>
              <th scope="row">{label(row)}</th>
              {plans.map((plan) => (
                <td key={plan}>
                  {formatMoney(paPlanBenefits(PA_BENEFITS, country, plan, reduced)[row], country)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
