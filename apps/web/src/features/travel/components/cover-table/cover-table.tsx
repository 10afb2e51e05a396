import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { type TBenefitValue, travelCoverTable } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { memo, useId, useState } from 'react';
import { BenefitsState } from '../../../../components/ui/benefits-state';
import { type TCoverGroup, track } from '../../../../lib/analytics';
import type { TBenefitQuery } from '../../../../lib/benefits-api';
import { useTranslation } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import styles from './cover-table.module.css';

const PLANS = ['STANDARD', 'SUPER'] as const;

/** The analytics name of each group (travel-flow section 7). */
const GROUP_EVENT: Record<string, TCoverGroup> = {
  personal: 'personal-covers',
  inconvenience: 'inconvenience-covers',
  bonus: 'bonus-cover',
  covid: 'covid-19-travel-cover-extensions',
};

function Value({ value, country }: { value: TBenefitValue; country: TCountry }) {
  const { t } = useTranslation();
  if (value === 'INCLUDED')
    return (
      <>
        <span aria-hidden="true" className={styles.tick}>
          ✓
        </span>
        <span className="visually-hidden">{t('coverTable.included')}</span>
      </>
    );
  if (value === 'NOT_COVERED')
    return (
      <>
        <span aria-hidden="true" className={styles.none}>
          –
        </span>
        <span className="visually-hidden">{t('coverTable.notCovered')}</span>
      </>
    );
  if (value === 'UNLIMITED') return <>{t('coverTable.unlimited')}</>;
  return <>{formatMoney(value, country)}</>;
}

/** A limit Plus raises or brings in, under the plan's own ("With Plus: S$1,500,000"). */
function PlusValue({ value, country }: { value: TBenefitValue; country: TCountry }) {
  const { t } = useTranslation();
  const text =
    value === 'UNLIMITED'
      ? t('coverTable.unlimited')
      : value === 'INCLUDED'
        ? t('coverTable.included')
        : value === 'NOT_COVERED'
          ? t('coverTable.notCovered')
          : formatMoney(value, country);
  return <>{t('coverTable.withPlus', { value: text })}</>;
}

/**
 * The plan comparison table (travel-flow section 2, Quote): four collapsible groups from the domain's
 * benefit schedules, for the quote's cover type (single, couple, family) and market; each group has a
 * title row with a tick per plan that covers it and a real expand/collapse button.
 */
function CoverTableView({
  schedule,
  country,
  travellerType,
  selected,
}: {
  /** The schedule in force when the trip starts, on its way (decision 099). */
  schedule: TBenefitQuery<'PTR'>;
  country: TCountry;
  travellerType: 'ID' | 'CP' | 'FM';
  /** The chosen plan's base name, highlighted in its column. */
  selected: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  // The shop's language, not the catalogue's (which is zh-Hans or zh-Hant).
  const zh = useSystemStore((state) => state.lang) === 'zh';
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const column = (plan: string) => (plan === selected ? styles.chosen : undefined);
  const { benefits } = schedule;
  if (!benefits)
    return (
      <section className={styles.section} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t('coverTable.title')}
        </h2>
        <BenefitsState failed={schedule.failed} onRetry={schedule.retry} />
      </section>
    );
  const groups = travelCoverTable(benefits, country, travellerType);

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('coverTable.title')}
      </h2>
      <p className={styles.note}>{t(`coverTable.coverType.${travellerType}`)}</p>
      {/* On a phone the table scrolls sideways inside this region (its first column stays), never the page. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it. */}
      <section className={styles.scroller} aria-label={t('coverTable.scrollRegion')} tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('coverTable.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('coverTable.cover')}</th>
              {PLANS.map((plan) => (
                <th key={plan} scope="col" className={column(plan)}>
                  {t(`quotePage.plans.${plan}`)}
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => {
            const expanded = Boolean(open[group.key]);
            const rowsId = `${id}-${group.key}`;
            const title = zh ? group.titleZh : group.titleEn;
            return (
              <tbody key={group.key} id={rowsId} className={styles.group}>
                <tr className={styles.groupRow}>
                  <th scope="rowgroup">
                    <button
                      type="button"
                      className={styles.toggle}
                      aria-expanded={expanded}
                      aria-controls={rowsId}
                      onClick={() => {
                        const event = GROUP_EVENT[group.key];
                        if (event) track(`${expanded ? 'collapse' : 'expand'}-${event}`);
                        setOpen((state) => ({ ...state, [group.key]: !expanded }));
                      }}
                    >
                      <span>{title}</span>
                      <span aria-hidden="true" className={`${styles.arrow} ${expanded ? styles.up : ''}`}>
                        ▾
                      </span>
                    </button>
                  </th>
                  {PLANS.map((plan) => (
                    <td key={plan} className={column(plan)}>
                      {group.rows.some((row) => row[plan] !== 'NOT_COVERED') ? (
                        <Value value="INCLUDED" country={country} />
                      ) : (
                        <Value value="NOT_COVERED" country={country} />
                      )}
                    </td>
                  ))}
                </tr>
                {expanded
                  ? group.rows.map((row) => (
                      <tr key={row.key}>
                        <th scope="row" className={styles.rowLabel}>
                          {zh ? row.labelZh : row.labelEn}
                        </th>
                        {PLANS.map((plan) => (
                          <td key={plan} className={column(plan)}>
                            <Value value={row[plan]} country={country} />
                            {row.plus[plan] !== row[plan] ? (
                              <span className={styles.plusValue} data-plus-value={row.key}>
                                <PlusValue value={row.plus[plan]} country={country} />
                              </span>
                            ) : null}
                          </td>
                        ))}
                      </tr>
                    ))
                  : null}
              </tbody>
            );
          })}
        </table>
      </section>
    </section>
  );
}

/** Skipped when the quote page re-renders with the same market, travellers and plan (its answers arriving). */
export const CoverTable = memo(CoverTableView);
