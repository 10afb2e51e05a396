import type { TReferralOverride } from '../back-office/referral-rules.ts';
import { annualEndDate } from '../dates/cover-period.ts';
import { formatDmy, parseDmy, type TLocalDate } from '../dates/local-date.ts';
import { basePlanName } from '../display/price-display.ts';
import { isSenior } from '../eligibility/ages.ts';
import type { TCountry } from '../market/market.ts';
import { occupationClassOf, validateClaimsHistory, validateResidency } from '../pa/occupation.ts';
import { DECLINED_CLASS } from '../pa/occupation-classes.ts';
import type { TDiscountInput } from '../rating/discounts.ts';
import { rateHome, type THomeRateTable } from '../rating/home-rating.ts';
import { ratePersonalAccident, type TPaRateTable } from '../rating/pa-rating.ts';
import type { TPremiumItem } from '../rating/premium-item.ts';
import { rateTravel, rateTravelTopUps, type TTravelRateTable } from '../rating/travel-rating.ts';
import { type TPolicy, type TWirePremiumItem, toWirePremiumItem } from '../schemas/policy-schema.ts';
import { wireToCents } from '../schemas/wire-amounts.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import { refusal, type TRefusal } from './refusals.ts';

/**
 * Rating a whole policy (design section 5, decision 008): the wire policy turned into the rating engine's input for its
 * product, rated from the given tables, and the answer built field for field as the spec names it.
 * The policy must already have passed `validatePolicy` for its stage.
 */
export type TRatingTables = {
  travel: Record<TCountry, TTravelRateTable>;
  pa: TPaRateTable;
  home: THomeRateTable;
};

export type TRatingContext = {
  tables: TRatingTables;
  seniorLoadingOn: boolean;
  discounts: TDiscountInput;
  /** An accepted referral's terms for this very policy (referralOverride, decision 089); absent for anyone else's. */
  referral?: TReferralOverride | null;
};

export type TRated = {
  items: TPremiumItem[];
  startDate: TLocalDate;
  endDate: TLocalDate;
  rateVersion: string;
};

/** `plans`: every plan (multirate and rate); `topUps`: each plan's Plus variant (rateTopup, travel only). */
export type TRatingMode = 'plans' | 'topUps';

function rateTravelPolicy(policy: TPolicy, context: TRatingContext, mode: TRatingMode): TRated | TRefusal {
  const travel = policy.policyTravel!;
  const departure = parseDmy(travel.deptDate)!;
  const family = travel.travellerType === 'FM';
  const table = context.tables.travel[policy.country];
  const input = {
    tripType: travel.paPolicyType,
    journeyCode: travel.journeyCode,
    departure,
    returnDate: parseDmy(travel.returnDate) ?? departure,
    travellerType: travel.travellerType,
    adults: family ? travel.travellerAdult : travel.travellerIndividual,
    children: family ? travel.travellerChild : 0,
    seniors: travel.travellersList.filter((traveller) => isSenior(traveller.dateOfBirth, departure)).length,
    seniorLoadingOn: context.seniorLoadingOn,
    topUpSelected: travel.topUpSelected,
    discounts: context.discounts,
  };
  const items = mode === 'topUps' ? rateTravelTopUps(table, input) : rateTravel(table, input);
  if ('error' in items) return refusal('NOT_RATABLE');
  const endDate = travel.paPolicyType === 'A' ? annualEndDate(departure) : input.returnDate;
  return { items, startDate: departure, endDate, rateVersion: table.version };
}

/**
 * The personal accident refusals of a well-formed policy (pa-home-payments section 5, design section 5):
 * a Singapore resident other than a citizen, permanent resident or long-term pass holder; a Hong Kong
 * applicant with claims over HK$3,000 in the last 3 years, who must go to an agent. Null when neither.
 */
export function paRefusal(policy: TPolicy, referral: TReferralOverride | null = null): TRefusal | null {
  const pa = policy.policyPAN;
  if (!pa) return null;
  if (validateResidency(policy.country, pa.residency) === MESSAGE_KEYS.residencyNotEligible)
    return refusal('RESIDENCY_NOT_ELIGIBLE');
  // An underwriter accepted this applicant's claims history (decision 089).
  if (referral?.skipClaimsRule) return null;
  const claims = validateClaimsHistory(policy.country, wireToCents(pa.largestClaimInThreeYears ?? 0));
  return claims === null ? null : refusal('CLAIMS_REFER_TO_AGENT');
}

function ratePaPolicy(policy: TPolicy, context: TRatingContext): TRated | TRefusal {
  const referral = context.referral ?? null;
  const refused = paRefusal(policy, referral);
  if (refused) return refused;
  const pa = policy.policyPAN!;
  const family = pa.insuredPersonType === 'family';
  const adults = [pa.insured.adult1, pa.insured.adult2].slice(0, family ? pa.family.numberOfAdults : 1);
  const items = ratePersonalAccident(context.tables.pa, {
    country: policy.country,
    adults: adults.map((adult, index) => ({
      // An accepted referral rates a declined occupation at the underwriter's class, with its loading.
      occupationClass:
        referral?.adultClasses[index] ?? occupationClassOf(adult?.occupation ?? '') ?? DECLINED_CLASS,
      optionalCovers: adult?.optionalCovers ?? [],
      ...(referral?.loadedAdults.includes(index) ? { loadingBasisPoints: referral.loadingBasisPoints } : {}),
    })),
    children: family ? pa.family.noOfChildren : 0,
    discounts: context.discounts,
  });
  if ('error' in items)
    return refusal(items.error === 'OCCUPATION_DECLINED' ? 'OCCUPATION_DECLINED' : 'NOT_RATABLE');
  const start = parseDmy(pa.effectiveDate)!;
  return { items, startDate: start, endDate: annualEndDate(start), rateVersion: context.tables.pa.version };
}

function rateHomePolicy(policy: TPolicy, context: TRatingContext): TRated {
  const home = policy.policyHome!;
  const items = rateHome(context.tables.home, {
    country: policy.country,
    dwellingType: home.dwellingType,
    hdbFlatType: home.hdbFlatType,
    floorArea: home.floorArea,
    buildingAge: home.buildingAge,
    ownership: home.ownership,
    contentsSumInsuredCents: wireToCents(home.contentsSumInsured),
    optionalCovers: home.optionalCovers,
    discounts: context.discounts,
  });
  const start = parseDmy(home.effectiveDate)!;
  return {
    items,
    startDate: start,
    endDate: annualEndDate(start),
    rateVersion: context.tables.home.version,
  };
}

/**
 * The day a policy's cover starts, which picks the rate tables it is priced by (decision 085): the
 * departure for travel, the effective date for personal accident and home. Null when not given.
 */
export function ratingDateOf(policy: TPolicy): TLocalDate | null {
  const start =
    policy.productType === 'PTR'
      ? policy.policyTravel?.deptDate
      : policy.productType === 'PAN'
        ? policy.policyPAN?.effectiveDate
        : policy.policyHome?.effectiveDate;
  return start ? (parseDmy(start) ?? null) : null;
}

export function ratePolicy(policy: TPolicy, context: TRatingContext, mode: TRatingMode): TRated | TRefusal {
  if (policy.productType === 'PTR') return rateTravelPolicy(policy, context, mode);
  if (policy.productType === 'PAN') return ratePaPolicy(policy, context);
  return rateHomePolicy(policy, context);
}

/** The plan the customer chose: travel by its card (policyPremium), the others by selectedPlan. */
export function selectedPlanName(policy: TPolicy): string | undefined {
  if (policy.productType === 'PTR') return policy.policyTravel?.policyPremium?.planName;
  if (policy.productType === 'PAN') return policy.policyPAN?.selectedPlan;
  return policy.policyHome?.selectedPlan;
}

/** The field a client names its chosen plan in, for error answers. */
export function selectedPlanField(policy: TPolicy): string {
  if (policy.productType === 'PTR') return 'policyTravel.policyPremium.planName';
  return policy.productType === 'PAN' ? 'policyPAN.selectedPlan' : 'policyHome.selectedPlan';
}

/** The chosen plan among the rated ones; a travel Plus card matches its plan ("SUPER PLUS" is SUPER). */
export function findSelectedItem(policy: TPolicy, items: TPremiumItem[]): TPremiumItem | undefined {
  const chosen = selectedPlanName(policy);
  if (!chosen) return undefined;
  const name = basePlanName(chosen);
  return items.find((item) => basePlanName(item.planName) === name);
}

/** The total the client last showed, in cents, when it sent one for the chosen plan. */
export function shownTotalCents(policy: TPolicy): number | undefined {
  const part =
    policy.productType === 'PTR'
      ? policy.policyTravel
      : policy.productType === 'PAN'
        ? policy.policyPAN
        : policy.policyHome;
  const total = part?.policyPremium?.totalPremium;
  return total === undefined ? undefined : wireToCents(total);
}

/**
 * The answer of a rating call: the policy as sent, with the server's premium items (`multirate`),
 * Plus variants (`rateTopup`), or the chosen plan's premium and totals (`rate`).
 */
export function withRating(
  policy: TPolicy,
  rated: TRated,
  answer: { mode: TRatingMode; selected?: TPremiumItem },
): TPolicy {
  const items: TWirePremiumItem[] = rated.items.map(toWirePremiumItem);
  const selected = answer.selected ? toWirePremiumItem(answer.selected) : undefined;
  const cleared = { ...policy, errorMessage: undefined, messageKey: undefined };
  if (policy.productType === 'PTR') {
    const travel = policy.policyTravel!;
    const rates = answer.mode === 'topUps' ? { premiumTopUps: items } : { premiumItems: items };
    return {
      ...cleared,
      policyTravel: {
        ...travel,
        ...rates,
        ...(selected
          ? {
              policyPremium: selected,
              totalDueAmount: selected.totalPremium,
              totalDiscount: selected.totalDiscount,
            }
          : {}),
        // Annual cover ends one year after departure minus one day (travel-flow section 4).
        ...(travel.paPolicyType === 'A' ? { returnDate: formatDmy(rated.endDate) } : {}),
      },
    };
  }
  if (policy.productType === 'PAN') {
    return {
      ...cleared,
      policyPAN: {
        ...policy.policyPAN!,
        premiumItems: items,
        expiryDate: formatDmy(rated.endDate),
        ...(selected ? { policyPremium: selected } : {}),
      },
    };
  }
  return {
    ...cleared,
    policyHome: {
      ...policy.policyHome!,
      premiumItems: items,
      expiryDate: formatDmy(rated.endDate),
      ...(selected ? { policyPremium: selected } : {}),
    },
  };
}

/** The answer of a refused call: the policy as sent, with the spec's errorMessage and our message key. */
export function withRefusal(policy: TPolicy, refused: TRefusal): TPolicy {
  return { ...policy, errorMessage: refused.errorMessage, messageKey: refused.messageKey };
}

/** The ID numbers of everyone on the policy (applicant and insureds), for the underwriting blacklist. */
export function policyIdNumbers(policy: TPolicy): string[] {
  const ids: string[] = [];
  const add = (value: string | undefined) => {
    if (value && value.trim() !== '') ids.push(value);
  };
  const travel = policy.policyTravel;
  if (policy.productType === 'PTR' && travel) {
    add(travel.applicant?.hkId);
    add(travel.applicant?.uen);
    for (const traveller of travel.travellersList) add(traveller.hkId);
  }
  const pa = policy.policyPAN;
  if (policy.productType === 'PAN' && pa) {
    add(pa.applicant?.hkId);
    add(pa.applicant?.uen);
    add(pa.insured.adult1?.hkId);
    add(pa.insured.adult2?.hkId);
    for (const child of pa.insured.children) add(child.hkId);
  }
  if (policy.productType === 'PHM') {
    add(policy.policyHome?.applicant?.hkId);
    add(policy.policyHome?.applicant?.uen);
  }
  return ids;
}
