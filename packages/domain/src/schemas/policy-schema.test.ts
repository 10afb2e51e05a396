import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { isValidNric } from '../identity/nric.ts';
import { TRAVEL_RATE_TABLES } from '../rating/bundled-rate-tables.ts';
import { rateTravel } from '../rating/travel-rating.ts';
import { ZApiErrorSchema } from './api-error-schema.ts';
import { buildHomePolicy, buildPaPolicy, buildTravelPolicy, parsePolicy } from './fixtures.ts';
import { stripUiFields, toWirePremiumItem, ZPolicySchema } from './policy-schema.ts';
import { centsToWire, wireToCents, ZWireAmountSchema } from './wire-primitives.ts';

const today = localDate(2026, 11, 23);

describe('policy on the wire (travel-flow section 3)', () => {
  it('parses a realistic policy of each product, applying the spec defaults', () => {
    const travel = parsePolicy(buildTravelPolicy(today));
    expect(travel.policyTravel).toMatchObject({
      deptDate: '07/12/2026',
      returnDate: '13/12/2026',
      journeyCode: '6',
      topUpSelected: false,
    });
    expect(travel.policyTravel!.applicant).toMatchObject({
      clientType: 'P',
      idType: 'NRIC',
      mobileNoCountryCode: '65',
    });
    expect(isValidNric(travel.policyTravel!.applicant!.hkId)).toBe(true);
    expect(parsePolicy(buildPaPolicy(today)).policyPAN).toMatchObject({
      insuredPersonType: 'individual',
      riskStatementDeclared: true,
    });
    expect(isValidNric(parsePolicy(buildPaPolicy(today)).policyPAN!.insured.adult1!.hkId)).toBe(true);
    expect(parsePolicy(buildHomePolicy(today)).policyHome).toMatchObject({
      dwellingType: 'HDB',
      postalCode: '521123',
    });
    expect(ZPolicySchema.parse({})).toMatchObject({
      productType: 'PTR',
      country: 'SGP',
      paymentSuccess: 'false',
      lang: 'en',
    });
  });

  it.each([
    ['a number where text goes', { policyTravel: { deptDate: 20261207 } }, 'policyTravel.deptDate'],
    ['a date in the wrong format', { policyTravel: { deptDate: '2026-12-07' } }, 'policyTravel.deptDate'],
    ['an unknown traveller type', { policyTravel: { travellerType: 'XX' } }, 'policyTravel.travellerType'],
    [
      'a count out of range',
      { policyTravel: { travellerIndividual: 500 } },
      'policyTravel.travellerIndividual',
    ],
    [
      'a string for a count',
      { policyTravel: { travellerIndividual: '2' } },
      'policyTravel.travellerIndividual',
    ],
    [
      'an overlong name',
      { policyTravel: { applicant: { fullName: 'X'.repeat(51) } } },
      'policyTravel.applicant.fullName',
    ],
    ['an unknown country', { country: 'MYS' }, 'country'],
    ['a promo over 10 characters', { promo: 'ABCDEFGHIJK' }, 'promo'],
    [
      'an amount with three decimals',
      { policyTravel: { totalDueAmount: 12.345 } },
      'policyTravel.totalDueAmount',
    ],
    ['an unmasked card number', { payment: { cardNumber: '4111111111111111' } }, 'payment.cardNumber'],
    ['an injected agent code', { agentCode: "AG1'; drop table policies;--" }, 'agentCode'],
  ])('refuses %s', (_label, input, path) => {
    const result = ZPolicySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path.join('.')).toBe(path);
  });

  it('strips unknown keys and interface-only error fields', () => {
    const parsed = ZPolicySchema.parse({ surprise: 1, policyTravel: { nonsense: true } });
    expect(parsed).not.toHaveProperty('surprise');
    expect(parsed.policyTravel).not.toHaveProperty('nonsense');
    expect(
      stripUiFields({
        errorMessage: 'kept',
        a: { fullNameErrorMessage: 'x', hkIdError: 'y', list: [{ dobError: 1, keep: 2 }] },
      }),
    ).toEqual({ errorMessage: 'kept', a: { list: [{ keep: 2 }] } });
  });

  it('converts between cents and wire amounts exactly once', () => {
    expect(centsToWire(4550)).toBe(45.5);
    expect(wireToCents(45.5)).toBe(4550);
    expect(ZWireAmountSchema.safeParse(Number.NaN).success).toBe(false);
    expect(ZWireAmountSchema.safeParse(-1).success).toBe(false);
    const items = rateTravel(TRAVEL_RATE_TABLES.SGP, {
      tripType: 'S',
      journeyCode: '6',
      departure: localDate(2026, 12, 7),
      returnDate: localDate(2026, 12, 13),
      travellerType: 'ID',
      adults: 1,
      children: 0,
      seniors: 0,
      seniorLoadingOn: false,
      topUpSelected: false,
      discounts: { agent: { maxRateBasisPoints: 2500, rateBasisPoints: 1500 } },
    });
    if ('error' in items) throw new Error(items.error);
    expect(toWirePremiumItem(items[0]!)).toMatchObject({
      planName: 'STANDARD',
      premium: 32.4,
      totalPremium: 32.4,
      insuredCommissionDiscount: 3.6,
      commissionRate: 15,
    });
    expect(
      ZPolicySchema.shape.policyTravel.unwrap().shape.premiumItems.parse([toWirePremiumItem(items[0]!)]),
    ).toHaveLength(1);
  });

  it('describes the API error shape', () => {
    expect(
      ZApiErrorSchema.parse({ statusCode: 400, error: 'Bad Request', message: 'x', field: 'country' }),
    ).toMatchObject({ field: 'country' });
  });
});
