import { parseDmy } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { TAX_TABLE } from '@lionrock/domain/tax/tax';
import { tripDays } from '@lionrock/domain/travel/trip-rules';
import { Link } from 'react-router';
import { Tooltip } from '../../../../components/ui/tooltip';
import { track } from '../../../../lib/analytics';
import { formatDisplayDate } from '../../../../lib/format-date';
import { useTranslation } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import { PriceBreakdown } from '../../../checkout/components/summary/price-breakdown';
import type { TTravelPolicy } from '../../state/travel-flow-store';
import { useTravellerSummary } from '../use-traveller-summary';
import { usePlanLabel } from './plan-cards';
import styles from './quote-summary.module.css';

/**
 * The summary block (travel-flow section 2, Shared shell): cover type, insurance period (a single
 * trip's length is return minus departure plus one), destination, insured, the chosen plan, and its
 * price broken down as confirm and payment show it (decision 126). With `editPeriodTo`, the period has an Edit link back to the quote form.
 */
export function QuoteSummary({
  policy,
  item,
  country,
  editPeriodTo,
}: {
  policy: TTravelPolicy;
  item: TWirePremiumItem | undefined;
  country: TCountry;
  editPeriodTo?: string;
}) {
  const { t } = useTranslation();
  const summarise = useTravellerSummary();
  const lang = useSystemStore((state) => state.lang);
  const labelOf = usePlanLabel();
  const travel = policy.policyTravel;
  const single = travel.paPolicyType !== 'A';
  const start = parseDmy(travel.deptDate ?? '');
  const end = parseDmy(travel.returnDate ?? '');
  const rows: [string, string][] = [
    [t('quotePage.coverType'), t(single ? 'travelQuote.single' : 'travelQuote.annual')],
    [
      t('quotePage.period'),
      `${t('quotePage.periodValue', {
        start: start ? formatDisplayDate(start, lang) : '',
        end: end ? formatDisplayDate(end, lang) : '',
      })}${single && start && end ? ` ${t('quotePage.days', { count: tripDays(start, end) })}` : ''}`,
    ],
    [t('quotePage.destination'), t(`travelQuote.destinations.${travel.journeyCode ?? '6'}`)],
    [
      t('quotePage.insured'),
      summarise({
        travellerType: travel.travellerType ?? 'ID',
        individuals: travel.travellerIndividual ?? 0,
        adults: travel.travellerAdult ?? 0,
        children: travel.travellerChild ?? 0,
      }),
    ],
  ];
  if (item) rows.push([t('quotePage.plan'), labelOf(item.planName)]);
  const taxKind = TAX_TABLE[country].kind;
  const taxLabel = t(taxKind === 'gst' ? 'quotePage.gstLabel' : 'quotePage.levyLabel');
  return (
    <section className={styles.summary} aria-labelledby="quote-summary-title">
      <h2 id="quote-summary-title" className={styles.title}>
        {t('quotePage.summaryTitle')}
      </h2>
      <dl className={styles.list}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.row}>
            <dt>{term}</dt>
            <dd>
              {value}
              {editPeriodTo && term === t('quotePage.period') ? (
                <>
                  {' '}
                  <Link
                    to={editPeriodTo}
                    className={styles.edit}
                    aria-label={t('quotePage.editPeriod')}
                    onClick={() => track('edit-insurance-period')}
                  >
                    {t('confirm.edit')}
                  </Link>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {item ? (
        <PriceBreakdown
          item={item}
          country={country}
          taxHelp={
            <Tooltip label={t('quotePage.aboutTax', { tax: taxLabel })} hoverable>
              {taxKind === 'gst'
                ? t('quotePage.gstExplained')
                : t('quotePage.levyExplained', {
                    rate: `${TAX_TABLE.HKG.basisPoints.PTR / 100}%`,
                    cap: formatMoney(TAX_TABLE.HKG.capCents, 'HKG'),
                  })}
            </Tooltip>
          }
        />
      ) : null}
    </section>
  );
}
