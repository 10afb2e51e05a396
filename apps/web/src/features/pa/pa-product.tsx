import { parseDmy } from '@lionrock/domain/dates/local-date';
import { isAutoRenewalEligible } from '@lionrock/domain/display/price-display';
import { useTranslation } from '../../lib/i18n';
import { useRateFacts } from '../../lib/rate-facts-api';
import { PRODUCT_WIRE, type TCheckoutProduct, type TSummaryRow } from '../checkout/checkout-product';
import { useFreeChildrenNote } from './components/free-children-note';
import { PaInsuredCard } from './components/pa-insured-card';
import { PA_STEPS } from './pa-steps';
import { type TPaPolicy, usePaFlowStore } from './state/pa-flow-store';

/** The plan summary's PA lines (pa-home-payments section 2, Confirm): plan, cover, period, who is insured. */
function usePaSummaryRows(policy: TPaPolicy, _where: 'confirm' | 'payment'): TSummaryRow[] {
  const { t } = useTranslation();
  const pa = policy.policyPAN;
  const family = pa.insuredPersonType === 'family';
  const adults = family ? (pa.family?.numberOfAdults ?? 1) : 1;
  const children = family ? (pa.family?.noOfChildren ?? 0) : 0;
  const rows: TSummaryRow[] = [];
  if (pa.selectedPlan) rows.push([t('paConfirm.plan'), t('paQuote.planName', { plan: pa.selectedPlan })]);
  rows.push([t('paConfirm.cover'), t(family ? 'paLanding.family' : 'paLanding.individual')]);
  rows.push([t('paConfirm.period'), `${pa.effectiveDate ?? ''} – ${pa.expiryDate ?? ''}`]);
  rows.push([
    t('paConfirm.insured'),
    [
      t('paConfirm.adults', { count: adults }),
      ...(children > 0 ? [t('paConfirm.children', { count: children })] : []),
    ].join(t('paConfirm.listSeparator')),
  ]);
  return rows;
}

/** The free children's line of the price, as on the quote page (decision 126). */
function usePaPriceNotes(policy: TPaPolicy): TSummaryRow[] {
  const pa = policy.policyPAN;
  const country = policy.country ?? 'SGP';
  const { facts } = useRateFacts('PAN', country, parseDmy(pa.effectiveDate ?? ''));
  const children = pa.insuredPersonType === 'family' ? (pa.family?.noOfChildren ?? 0) : 0;
  return useFreeChildrenNote()(country, children, facts?.freeChildren);
}

/** Personal accident in the one checkout (design section 10, decision 044). */
export const paProduct: TCheckoutProduct<'policyPAN'> = {
  key: 'pa',
  ...PRODUCT_WIRE.pa,
  steps: PA_STEPS,
  useJourney: usePaFlowStore,
  paths: {
    landing: '/pa',
    quote: '/pa/quote',
    applicant: '/pa/applicant',
    afterApplicant: '/pa/apply',
    confirm: '/pa/confirm',
    payment: '/pa/payment',
    finish: '/pa/finish',
  },
  errorTitleKey: 'paQuote.errorTitle',
  InsuredSection: PaInsuredCard,
  useSummaryRows: usePaSummaryRows,
  usePriceNotes: usePaPriceNotes,
  // PA is annual: a personal policyholder paying by card may renew by card token (pa-home-payments section 1).
  renewalEligible: (policy) => isAutoRenewalEligible('A', policy.policyPAN.applicant?.clientType ?? 'P'),
};
