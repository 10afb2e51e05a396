import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { HOME_PLANS, type THomePlan } from '@lionrock/domain/home/home-model';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import type { TBenefitValue } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { homeCoverTable, type THomeCoverChoice } from '@lionrock/domain/rating/benefits/home-benefits';
import { useId, useState } from 'react';
import { BenefitsState } from '../../../components/ui/benefits-state';
import { useBenefitSchedule } from '../../../lib/benefits-api';
import { useTranslation } from '../../../lib/i18n';
import { useRateFacts } from '../../../lib/rate-facts-api';
import { useSystemStore } from '../../../state/system-store';
import styles from './home.module.css';

/** Rows shown before "View all": the covers a customer compares first. */
const FIRST_ROWS = 4;

function limitText(value: TBenefitValue, country: TCountry, t: (key: string) => string): string {
  if (value === 'NOT_COVERED') return t('homeQuote.notCovered');
  if (value === 'UNLIMITED') return t('homeQuote.unlimited');
  if (value === 'INCLUDED') return t('homeQuote.included');
  return formatMoney(value, country);
}

/**
 * The plan comparison (decision 059): every cover of the home benefit schedule in force on the day the
 * cover starts (decision 099) with each plan's limit, for the customer's occupancy, contents sum and
 * optional covers, the contents each plan includes from the rate table in force that day (decision 114);
 * the first rows until "View all".
 */
export function HomeCoverTable({
  country,
  choice,
  selected,
  on,
}: {
  country: TCountry;
  choice: THomeCoverChoice;
  selected: THomePlan | undefined;
  /** The day the cover starts; today without it. */
  on?: TLocalDate | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const zh = useSystemStore((state) => state.lang) === 'zh';
  const [all, setAll] = useState(false);
  const schedule = useBenefitSchedule('PHM', country, on);
  // The contents each plan includes, from the rate table in force that day (decision 114).
  const rates = useRateFacts('PHM', country, on);
  const { benefits } = schedule;
  const { facts } = rates;
  if (!benefits || !facts)
    return (
      <section className={styles.coverSection} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('homeQuote.coverTitle')}</h2>
        <BenefitsState
          failed={(!benefits && schedule.failed) || (!facts && rates.failed)}
          onRetry={() => {
            if (!benefits) schedule.retry();
            if (!facts) rates.retry();
          }}
        />
      </section>
    );
  const groups = homeCoverTable(benefits, facts, country, choice);
  let shown = 0;
  return (
    <section className={styles.coverSection} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('homeQuote.coverTitle')}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it. */}
      <section className={styles.scroller} aria-label={t('homeQuote.scrollRegion')} tabIndex={0}>
        <table className={styles.table} id={`${id}-table`}>
          <caption className="visually-hidden">{t('homeQuote.coverCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('homeQuote.cover')}</th>
              {HOME_PLANS.map((plan) => (
                <th key={plan} scope="col" className={plan === selected ? styles.chosen : undefined}>
                  {t(`homeQuote.plans.${plan}`)}
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => {
            const rows = group.rows.filter(() => {
              shown += 1;
              return all || shown <= FIRST_ROWS;
            });
            if (rows.length === 0) return null;
            return (
              <tbody key={group.key}>
                <tr className={styles.groupRow}>
                  <th scope="rowgroup" colSpan={HOME_PLANS.length + 1}>
                    {zh ? group.titleZh : group.titleEn}
                  </th>
                </tr>
                {rows.map((row) => (
                  <tr key={row.key} data-cover={row.key}>
                    <th scope="row">
                      {zh ? row.labelZh : row.labelEn}
                      {row.optional ? ` ${t('homeQuote.optionalMark')}` : ''}
                    </th>
                    {HOME_PLANS.map((plan) => (
                      <td key={plan} className={plan === selected ? styles.chosen : undefined}>
                        {limitText(row[plan], country, t)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      </section>
      <button
        type="button"
        className={styles.linkButton}
        aria-expanded={all}
        aria-controls={`${id}-table`}
        onClick={() => setAll((open) => !open)}
      >
        {all ? t('homeQuote.viewLess') : t('homeQuote.viewAll')}
      </button>
    </section>
  );
}
