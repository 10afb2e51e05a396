import { hkDistrictName } from '@lionrock/domain/home/home-model';
import { formatMoney } from '@lionrock/domain/money/money';
import { wireToCents } from '@lionrock/domain/schemas/wire-amounts';
import { useTranslation } from '../../../lib/i18n';
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
    const home = policy.policyHome;
    const script = language === 'en' ? 'en' : language === 'zh-Hant' ? 'zhHant' : 'zhHans';
    const parts =
      policy.country === 'HKG'
        ? [
            home.blockOrHouseNo,
            home.unitNo,
            home.buildingName,
            home.streetName,
            home.district && hkDistrictName(home.district, script),
          ]
        : [
            [home.blockOrHouseNo, home.streetName].filter(Boolean).join(' '),
            home.unitNo,
            home.buildingName,
            home.postalCode,
          ];
    return parts
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(', ');
  };
}

/**
 * The home's summary lines (decision 059): plan, period, dwelling, occupancy, contents and optional
 * covers, and (after the applicant page) the insured address; the quote page shows them without plan.
 */
export function useHomeSummaryRows(policy: THomePolicy, where: 'quote' | 'confirm' | 'payment'): TRow[] {
  const { t } = useTranslation();
  const dwelling = useDwellingText();
  const address = useAddressText();
  const home = policy.policyHome;
  const country = policy.country ?? 'SGP';
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
  rows.push([t('homeLanding.contents'), formatMoney(wireToCents(home.contentsSumInsured ?? 0), country)]);
  const covers = (home.optionalCovers ?? []).map((cover) => t(`homeLanding.covers.${cover}`));
  rows.push([
    t('homeLanding.optionalCovers'),
    covers.length ? covers.join(t('homeQuote.listSeparator')) : t('homeQuote.none'),
  ]);
  // The confirm page shows the address in its insured-home card; the payment page's summary names it.
  if (where === 'payment' && home.streetName) rows.push([t('homeApplicant.address'), address(policy)]);
  return rows;
}
