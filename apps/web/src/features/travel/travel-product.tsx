import { isAutoRenewalEligible } from '@lionrock/domain/display/price-display';
import { STEPS } from '../../components/ui/stepper';
import { useTranslation } from '../../lib/i18n';
import { useSystemStore } from '../../state/system-store';
import { PRODUCT_WIRE, type TCheckoutProduct, type TSummaryRow } from '../checkout/checkout-product';
import { travellersOf, tripRows } from './components/checkout/trip-rows';
import { InsuredCard } from './components/confirm/insured-card';
import { usePlanLabel } from './components/plan-cards/plan-label';
import { useTravellerSummary } from './components/use-traveller-summary';
import { type TTravelPolicy, useTravelFlowStore } from './state/travel-flow-store';

/**
 * The plan summary's travel lines (travel-flow section 2, Confirm and Payment): plan, single or annual,
 * period, destination and who is insured. On the confirm page an individual cover names its type.
 */
function useTravelSummaryRows(policy: TTravelPolicy, where: 'confirm' | 'payment'): TSummaryRow[] {
  const { t } = useTranslation();
  const lang = useSystemStore((state) => state.lang);
  const labelOf = usePlanLabel();
  const summarise = useTravellerSummary();
  const item = policy.policyTravel.policyPremium;
  const travellers = travellersOf(policy);
  const insured = summarise(travellers);
  const rows: TSummaryRow[] = [];
  if (item) rows.push([t('quotePage.plan'), labelOf(item.planName)]);
  rows.push(...tripRows(policy, t, lang));
  if (where === 'payment') rows.push([t('quotePage.insured'), insured]);
  // A couple's or a family's summary names its type already ("Couple, 2 adults"): the type reads once.
  else
    rows.push([
      t('confirm.travellerType'),
      travellers.travellerType === 'ID' ? `${t('confirm.travellerTypes.ID')} · ${insured}` : insured,
    ]);
  return rows;
}

/** Travel in the one checkout (design section 10, decision 044). */
export const travelProduct: TCheckoutProduct<'policyTravel'> = {
  key: 'travel',
  ...PRODUCT_WIRE.travel,
  steps: STEPS,
  useJourney: useTravelFlowStore,
  paths: {
    landing: '/travel',
    quote: '/travel/quote',
    applicant: '/travel/applicant',
    afterApplicant: '/travel/confirm',
    confirm: '/travel/confirm',
    payment: '/travel/payment',
    finish: '/travel/finish',
  },
  errorTitleKey: 'modal.errorTitle',
  InsuredSection: InsuredCard,
  useSummaryRows: useTravelSummaryRows,
  // Only an annual plan of a personal policyholder renews by itself (travel-flow section 4).
  renewalEligible: (policy) =>
    isAutoRenewalEligible(
      policy.policyTravel.paPolicyType ?? 'S',
      policy.policyTravel.applicant?.clientType ?? 'P',
    ),
};
