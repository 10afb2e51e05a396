import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import type { TTravelPolicy } from '../../state/travel-flow-store';
import { SummaryList } from '../checkout/summary-list';
import { travellersOf, tripRows } from '../checkout/trip-rows';
import { usePlanLabel } from '../plan-cards/plan-cards';
import { planPrice } from '../plan-cards/plan-price';
import { useTravellerSummary } from '../use-traveller-summary';
import styles from './confirm-cards.module.css';

/**
 * The confirm page's plan summary (travel-flow section 2, Confirm): plan, single or annual, who is
 * insured, period, destination, then the price by the domain's display rules (the original struck
 * through, the discount row, GST or IA levy) and the total. Edit returns to the quote.
 */
export function PlanSummaryCard({
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
  const country = policy.country ?? 'SGP';
  const travel = policy.policyTravel;
  const item = travel.policyPremium;
  const travellers = travellersOf(policy);
  const rows: [string, string][] = [];
  if (item) rows.push([t('quotePage.plan'), labelOf(item.planName)]);
  rows.push(...tripRows(policy, t, lang));
  // A couple's or a family's summary names its type already ("Couple, 2 adults"): the type reads once.
  const insured = summarise(travellers);
  rows.push([
    t('confirm.travellerType'),
    travellers.travellerType === 'ID' ? `${t('confirm.travellerTypes.ID')} · ${insured}` : insured,
  ]);
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
        <Link to="/travel/quote" className={styles.edit} aria-label={t('confirm.editPlan')}>
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
