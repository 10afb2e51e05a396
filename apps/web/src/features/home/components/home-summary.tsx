import { parseDmy } from '@lionrock/domain/dates/local-date';
import { addressLine } from '@lionrock/domain/home/address-line';
import { homeContents } from '@lionrock/domain/home/home-contents';
import type { THomePlan } from '@lionrock/domain/home/home-model';
import { formatMoney } from '@lionrock/domain/money/money';
import { wireToCents } from '@lionrock/domain/schemas/wire-amounts';
import { nameScript, useTranslation } from '../../../lib/i18n';
import { useRateFacts } from '../../../lib/rate-facts-api';
import type { THomePolicy } from '../state/home-journey-store';

type TRow = [label: string, value: string];

/** The home as rated, in words: "4-room HDB flat", "Flat of 500–799 sq ft, building 20–39 years old". */
export function useDwellingText() {
  const { t } = useTranslation();
  return (policy: THomePolicy) => {
    const home = policy.policyHome;
    if (policy.country === 'HKG')
      return t('homeQuote.hongKongFlat', {
        area: t(`homeLanding.floorAreas.${home.floorArea ?? 'UNDER_500'}`),
        age: t(`homeLanding.buildingAges.${home.buildingAge ?? 'UNDER_20'}`),
      });
    if (home.dwellingType === 'HDB') return t(`homeLanding.hdbFlatTypes.${home.hdbFlatType ?? '4_ROOM'}`);
    return t(`homeLanding.dwellings.${home.dwellingType ?? 'CONDO'}`);
  };
}

/** The insured address on one line, the Hong Kong district in the page's script. */
export function useAddressText() {
  const { language } = useTranslation();
  return (policy: THomePolicy) => {
    return addressLine(policy.country ?? 'SGP', policy.policyHome, nameScript(language));
  };
}

/**
 * The contents sum insured under a plan, in words (decision 125): the sum `homeContents` gives, the
 * one the premium buys and the schedule prints, from the rate table in force the day the cover starts
 * (decision 114); where the plan includes more than was chosen, it says so. "…" until the figures arrive.
 */
export function useHomeContentsText(policy: THomePolicy) {
  const { t } = useTranslation();
  const home = policy.policyHome;
  const country = policy.country ?? 'SGP';
  const { facts } = useRateFacts('PHM', country, parseDmy(home.effectiveDate ?? ''));
  const money = (cents: number) => formatMoney(cents, country);
  const chosen = wireToCents(home.contentsSumInsured ?? 0);
  const of = (plan: THomePlan) => (facts ? homeContents(facts.includedContentsCents, plan, chosen) : null);
  return {
    /** The plan's sum insured alone ("S$60,000.00"), as a plan card states it. */
    amount: (plan: THomePlan): string => {
      const contents = of(plan);
      return contents ? money(contents.sumInsuredCents) : '…';
    },
    /** The summary's line: the sum, and why when the plan raised the one chosen; the sum chosen before a plan is. */
    line: (plan: THomePlan | undefined): string => {
      if (!plan) return money(chosen);
      const contents = of(plan);
      if (!contents) return '…';
      return contents.raisedToIncluded
        ? t('homeQuote.contentsIncluded', {
            amount: money(contents.sumInsuredCents),
            plan: t(`homeQuote.plans.${plan}`),
            chosen: money(contents.chosenCents),
          })
        : money(contents.sumInsuredCents);
    },
  };
}

/**
 * The home's summary lines (decision 059): plan, period, dwelling, occupancy, contents and optional
 * covers, and (after the applicant page) the insured address; the quote page shows them without plan.
 * The contents line is the chosen plan's sum insured (decision 125).
 */
export function useHomeSummaryRows(policy: THomePolicy, where: 'quote' | 'confirm' | 'payment'): TRow[] {
  const { t } = useTranslation();
  const dwelling = useDwellingText();
  const address = useAddressText();
  const contents = useHomeContentsText(policy);
  const home = policy.policyHome;
  const rows: TRow[] = [];
  if (where !== 'quote' && home.selectedPlan)
    rows.push([t('homeQuote.plan'), t(`homeQuote.plans.${home.selectedPlan}`)]);
  if (home.effectiveDate)
    rows.push([
      t('homeQuote.period'),
      home.expiryDate
        ? t('homeQuote.periodValue', { start: home.effectiveDate, end: home.expiryDate })
        : home.effectiveDate,
    ]);
  rows.push([t('homeQuote.dwelling'), dwelling(policy)]);
  rows.push([t('homeLanding.occupancy'), t(`homeLanding.occupancies.${home.ownership ?? 'OWNER'}`)]);
  // The sum the chosen plan insures (decision 125), on the quote page too as soon as a plan is chosen.
  rows.push([t('homeLanding.contents'), contents.line(home.selectedPlan)]);
  const covers = (home.optionalCovers ?? []).map((cover) => t(`homeLanding.covers.${cover}`));
  rows.push([
    t('homeLanding.optionalCovers'),
    covers.length ? covers.join(t('homeQuote.listSeparator')) : t('homeQuote.none'),
  ]);
  // The confirm page shows the address in its insured-home card; the payment page's summary names it.
  if (where === 'payment' && home.streetName) rows.push([t('homeApplicant.address'), address(policy)]);
  return rows;
}
