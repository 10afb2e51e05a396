import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../dates/local-date.ts';
import { HOME_RATE_TABLE, PA_RATE_TABLE, TRAVEL_RATE_TABLES } from '../rating/bundled-rate-tables.ts';
import { buildHomePolicy, buildPaPolicy, buildTravelPolicy, parsePolicy } from '../schemas/fixtures.ts';
import type { TPolicyInput } from '../schemas/policy-schema.ts';
import {
  findSelectedItem,
  policyIdNumbers,
  ratePolicy,
  ratingDateOf,
  selectedPlanField,
  shownTotalCents,
  type TRated,
  type TRatingContext,
  withRating,
  withRefusal,
} from './rate-policy.ts';
import { isBlacklistMessage, REFUSALS, refusal } from './refusals.ts';

const today = localDate(2026, 11, 23);
const context: TRatingContext = {
  tables: { travel: TRAVEL_RATE_TABLES, pa: PA_RATE_TABLE, home: HOME_RATE_TABLE },
  seniorLoadingOn: true,
  discounts: {},
};
const travel = (policyTravel: Record<string, unknown> = {}) =>
  parsePolicy(buildTravelPolicy(today, { policyTravel } as Partial<TPolicyInput>));
const rated = (value: ReturnType<typeof ratePolicy>): TRated => {
  if ('refused' in value) throw new Error(`refused: ${value.refused}`);
  return value;
};

describe('ratePolicy (design section 5: the server rates the whole policy from its tables)', () => {
  it('rates a travel single trip: both plans, cover from departure to return', () => {
    const result = rated(ratePolicy(travel(), context, 'plans'));
    expect(result.items.map((item) => item.planName)).toEqual(['STANDARD', 'SUPER']);
    expect(result.items[0]!.totalPremium).toBeGreaterThan(0);
    expect(result.items[1]!.totalPremium).toBeGreaterThan(result.items[0]!.totalPremium);
    expect(result.startDate).toEqual(localDate(2026, 12, 7));
    expect(result.endDate).toEqual(localDate(2026, 12, 13));
    expect(result.rateVersion).toBe(TRAVEL_RATE_TABLES.SGP.version);
  });

  it('prices a discount, a family, a senior loading and the Plus top-ups differently', () => {
    const base = rated(ratePolicy(travel(), context, 'plans')).items[0]!;
    const discounted = rated(
      ratePolicy(
        travel(),
        { ...context, discounts: { campaign: { type: 'PERCENT', basisPoints: 1500 } } },
        'plans',
      ),
    ).items[0]!;
    expect(discounted.totalPremium).toBeLessThan(base.totalPremium);
    expect(discounted.campaignDiscount).toBe(base.totalPremium - discounted.totalPremium);
    const familyPolicy = travel({
      travellerType: 'FM',
      travellerIndividual: 0,
      travellerAdult: 2,
      travellerChild: 2,
    });
    expect(rated(ratePolicy(familyPolicy, context, 'plans')).items[0]!.totalPremium).toBeGreaterThan(
      base.totalPremium,
    );
    const senior = travel({
      travellersList: [{ type: 'ADULT', fullName: 'OLD', hkId: 'S8512345I', dateOfBirth: '01/01/1940' }],
    });
    const loaded = rated(ratePolicy(senior, context, 'plans')).items[0]!;
    expect(loaded.totalPremium).toBeGreaterThan(base.totalPremium);
    expect(
      rated(ratePolicy(senior, { ...context, seniorLoadingOn: false }, 'plans')).items[0]!.totalPremium,
    ).toBe(base.totalPremium);
    const topUps = rated(ratePolicy(travel(), context, 'topUps')).items;
    expect(topUps.map((item) => item.planName)).toEqual(['STANDARD PLUS', 'SUPER PLUS']);
    expect(topUps[0]!.totalPremium).toBeGreaterThan(base.totalPremium);
  });

  it('rates an annual plan to one year after departure minus one day', () => {
    const result = rated(ratePolicy(travel({ paPolicyType: 'A', returnDate: '' }), context, 'plans'));
    expect(result.endDate).toEqual(localDate(2027, 12, 6));
  });

  it('refuses a trip the tables cannot price', () => {
    expect(ratePolicy(travel({ travellerIndividual: 0 }), context, 'plans')).toEqual(refusal('NOT_RATABLE'));
  });

  it('rates personal accident by occupation, and declines class 04', () => {
    const policy = parsePolicy(buildPaPolicy(today));
    const result = rated(ratePolicy(policy, context, 'plans'));
    expect(result.items.map((item) => item.planName)).toEqual(['A', 'B', 'C', 'D']);
    expect(result.endDate).toEqual(localDate(2027, 11, 23));
    expect(result.items[0]!.gst).toBeGreaterThan(0);
    const family = parsePolicy(
      buildPaPolicy(today, {
        policyPAN: {
          insuredPersonType: 'family',
          family: { numberOfAdults: 2, noOfChildren: 1 },
          insured: {
            adult1: { occupation: '05', optionalCovers: ['PRX'] },
            adult2: { occupation: '05' },
            children: [],
          },
        },
      } as Partial<TPolicyInput>),
    );
    const familyItems = rated(ratePolicy(family, context, 'plans')).items;
    expect(familyItems[0]!.planCode).toBe('Plan-A-PRX');
    expect(familyItems[0]!.groupDiscount).toBeGreaterThan(0);
    const declined = parsePolicy(
      buildPaPolicy(today, {
        policyPAN: { insured: { adult1: { occupation: '1A' }, children: [] } },
      } as Partial<TPolicyInput>),
    );
    expect(ratePolicy(declined, context, 'plans')).toEqual(refusal('OCCUPATION_DECLINED'));
    const noAdult = parsePolicy(
      buildPaPolicy(today, { policyPAN: { insured: { children: [] } } } as Partial<TPolicyInput>),
    );
    expect(ratePolicy(noAdult, context, 'plans')).toEqual(refusal('OCCUPATION_DECLINED'));
  });

  it('refuses a Singapore visitor and sends a Hong Kong customer with claims over HK$3,000 to an agent', () => {
    const pa = (policyPAN: Record<string, unknown>, country: 'SGP' | 'HKG' = 'SGP') =>
      parsePolicy(buildPaPolicy(today, { country, policyPAN } as Partial<TPolicyInput>));
    expect(ratePolicy(pa({ residency: 'OTHER' }), context, 'plans')).toEqual(
      refusal('RESIDENCY_NOT_ELIGIBLE'),
    );
    for (const residency of ['CITIZEN', 'PERMANENT_RESIDENT', 'LONG_TERM_PASS'])
      expect('items' in ratePolicy(pa({ residency }), context, 'plans'), residency).toBe(true);
    // Hong Kong asks no residency question: OTHER there is not a refusal.
    expect('items' in ratePolicy(pa({ residency: 'OTHER' }, 'HKG'), context, 'plans')).toBe(true);
    expect(ratePolicy(pa({ largestClaimInThreeYears: 3000.01 }, 'HKG'), context, 'plans')).toEqual(
      refusal('CLAIMS_REFER_TO_AGENT'),
    );
    expect('items' in ratePolicy(pa({ largestClaimInThreeYears: 3000 }, 'HKG'), context, 'plans')).toBe(true);
    expect('items' in ratePolicy(pa({ largestClaimInThreeYears: 9000 }), context, 'plans')).toBe(true);
  });

  it('rates home for a year, larger contents costing more', () => {
    const small = rated(ratePolicy(parsePolicy(buildHomePolicy(today)), context, 'plans'));
    const large = rated(
      ratePolicy(
        parsePolicy(
          buildHomePolicy(today, { policyHome: { contentsSumInsured: 150_000 } } as Partial<TPolicyInput>),
        ),
        context,
        'plans',
      ),
    );
    expect(small.items).toHaveLength(3);
    expect(small.endDate).toEqual(localDate(2027, 11, 23));
    expect(large.items[0]!.totalPremium).toBeGreaterThan(small.items[0]!.totalPremium);
  });
});

describe('the rating answer', () => {
  const items = rated(ratePolicy(travel(), context, 'plans')).items;

  it('finds the chosen plan, Plus or not, and names where it is chosen', () => {
    const chosen = travel({
      policyPremium: { planName: 'SUPER PLUS', planCode: 'x', premium: 1, totalPremium: 1 },
    });
    expect(findSelectedItem(chosen, items)?.planName).toBe('SUPER');
    expect(findSelectedItem(travel(), items)).toBeUndefined();
    expect(selectedPlanField(travel())).toBe('policyTravel.policyPremium.planName');
    const paPolicy = parsePolicy(
      buildPaPolicy(today, { policyPAN: { selectedPlan: 'B' } } as Partial<TPolicyInput>),
    );
    expect(findSelectedItem(paPolicy, rated(ratePolicy(paPolicy, context, 'plans')).items)?.planName).toBe(
      'B',
    );
    expect(selectedPlanField(paPolicy)).toBe('policyPAN.selectedPlan');
    const homePolicy = parsePolicy(
      buildHomePolicy(today, { policyHome: { selectedPlan: 'ENHANCED' } } as Partial<TPolicyInput>),
    );
    expect(
      findSelectedItem(homePolicy, rated(ratePolicy(homePolicy, context, 'plans')).items)?.planName,
    ).toBe('ENHANCED');
    expect(selectedPlanField(homePolicy)).toBe('policyHome.selectedPlan');
  });

  it('reads the total the client showed', () => {
    expect(shownTotalCents(travel())).toBeUndefined();
    expect(
      shownTotalCents(
        travel({ policyPremium: { planName: 'SUPER', planCode: 'x', premium: 1, totalPremium: 45.5 } }),
      ),
    ).toBe(4550);
    expect(shownTotalCents(parsePolicy(buildPaPolicy(today)))).toBeUndefined();
    expect(shownTotalCents(parsePolicy(buildHomePolicy(today)))).toBeUndefined();
  });

  it("puts the server's items, the chosen premium and the totals on the policy", () => {
    const policy = { ...travel(), errorMessage: 'old', messageKey: 'old' };
    const result = rated(ratePolicy(policy, context, 'plans'));
    const multirate = withRating(policy, result, { mode: 'plans' });
    expect(multirate.errorMessage).toBeUndefined();
    expect(multirate.policyTravel!.premiumItems.map((item) => item.planName)).toEqual(['STANDARD', 'SUPER']);
    expect(multirate.policyTravel!.policyPremium).toBeUndefined();
    const rate = withRating(policy, result, { mode: 'plans', selected: result.items[1]! });
    expect(rate.policyTravel!.policyPremium!.totalPremium).toBe(result.items[1]!.totalPremium / 100);
    expect(rate.policyTravel!.totalDueAmount).toBe(result.items[1]!.totalPremium / 100);
    const topUps = withRating(policy, result, { mode: 'topUps' });
    expect(topUps.policyTravel!.premiumTopUps).toHaveLength(2);
    const annual = travel({ paPolicyType: 'A', returnDate: '' });
    expect(
      withRating(annual, rated(ratePolicy(annual, context, 'plans')), { mode: 'plans' }).policyTravel!
        .returnDate,
    ).toBe('06/12/2027');
    const paPolicy = parsePolicy(buildPaPolicy(today));
    const paRated = rated(ratePolicy(paPolicy, context, 'plans'));
    const paAnswer = withRating(paPolicy, paRated, { mode: 'plans', selected: paRated.items[0]! });
    expect(paAnswer.policyPAN).toMatchObject({ expiryDate: '23/11/2027', policyPremium: { planName: 'A' } });
    expect(withRating(paPolicy, paRated, { mode: 'plans' }).policyPAN!.policyPremium).toBeUndefined();
    const homePolicy = parsePolicy(buildHomePolicy(today));
    const homeRated = rated(ratePolicy(homePolicy, context, 'plans'));
    expect(
      withRating(homePolicy, homeRated, { mode: 'plans', selected: homeRated.items[2]! }).policyHome,
    ).toMatchObject({
      expiryDate: '23/11/2027',
      policyPremium: { planName: 'PRESTIGE' },
    });
    expect(withRating(homePolicy, homeRated, { mode: 'plans' }).policyHome!.premiumItems).toHaveLength(3);
  });

  it("answers a refusal the spec's way", () => {
    const answer = withRefusal(travel(), refusal('BLACKLISTED'));
    expect(answer.errorMessage).toBe('Decline: Underwriting/Compliance.');
    expect(isBlacklistMessage(answer.errorMessage)).toBe(true);
    expect(isBlacklistMessage(REFUSALS.OCCUPATION_DECLINED.errorMessage)).toBe(false);
    expect(isBlacklistMessage(undefined)).toBe(false);
  });

  it('lists every ID number on the policy for the blacklist', () => {
    expect(policyIdNumbers(travel())).toEqual(['S8512345I', 'S8512345I']);
    expect(policyIdNumbers(parsePolicy(buildPaPolicy(today)))).toEqual(['S7812345A', 'S7812345A']);
    const paFamily = parsePolicy(
      buildPaPolicy(today, {
        policyPAN: {
          insured: {
            adult1: { hkId: 'S7812345A' },
            adult2: { hkId: 'S8512345I' },
            children: [{ lastName: 'A', hkId: 'T1812345I' }],
          },
        },
      } as Partial<TPolicyInput>),
    );
    expect(policyIdNumbers(paFamily)).toEqual(['S7812345A', 'S7812345A', 'S8512345I', 'T1812345I']);
    expect(policyIdNumbers(parsePolicy(buildHomePolicy(today)))).toEqual(['S8512345I']);
  });
});

describe('ratingDateOf (decision 085)', () => {
  it('is the day the cover starts: the departure for travel, the effective date for PA and home', () => {
    expect(ratingDateOf(parsePolicy(buildTravelPolicy(today)))).toEqual(addDays(today, 14));
    expect(ratingDateOf(parsePolicy(buildPaPolicy(today)))).toEqual(addDays(today, 1));
    expect(ratingDateOf(parsePolicy(buildHomePolicy(today)))).toEqual(addDays(today, 1));
  });
});
