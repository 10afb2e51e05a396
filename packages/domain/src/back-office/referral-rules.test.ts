import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { ratePolicy, type TRatingContext } from '../policy/rate-policy.ts';
import { HOME_RATE_TABLE, PA_RATE_TABLE, TRAVEL_RATE_TABLES } from '../rating/bundled-rate-tables.ts';
import { buildPaPolicy, buildTravelPolicy, parsePolicy } from '../schemas/fixtures.ts';
import type { TPolicy, TPolicyInput } from '../schemas/policy-schema.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import {
  canDecideReferral,
  isReferralReason,
  REFERRAL_MESSAGE_KEYS,
  REFERRAL_VALID_DAYS,
  referralDecisionProblem,
  referralOverride,
  referralReference,
  referralTermsOf,
  referralValidUntil,
  type TReferralApplicant,
  type TReferralContact,
  type TReferralReason,
  type TReferralStatus,
  type TStoredReferral,
  validateReferralContact,
} from './referral-rules.ts';

const today = localDate(2026, 11, 25);
const now = new Date('2026-11-25T03:00:00Z');
const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const context: TRatingContext = {
  tables: { travel: TRAVEL_RATE_TABLES, pa: PA_RATE_TABLE, home: HOME_RATE_TABLE },
  seniorLoadingOn: false,
  discounts: {},
};

/** A PA quote: one adult (occupation code 19 is class 04, declined), or two with `adult2`. */
function paQuote(
  overrides: {
    occupation?: string;
    adult2?: string;
    country?: 'SGP' | 'HKG';
    claim?: number;
    referralId?: string;
  } = {},
): TPolicy {
  const base = buildPaPolicy(today, { country: overrides.country ?? 'SGP' } as Partial<TPolicyInput>);
  const pa = base.policyPAN!;
  const adult1 = { ...pa.insured!.adult1!, occupation: overrides.occupation ?? '19' };
  return parsePolicy({
    ...base,
    policyPAN: {
      ...pa,
      ...(overrides.adult2
        ? {
            insuredPersonType: 'family',
            family: { numberOfAdults: 2, noOfChildren: 0 },
            insured: {
              adult1,
              adult2: { ...adult1, lastName: 'TAN AH KOW', hkId: 'S8512345I', occupation: overrides.adult2 },
              children: [],
            },
          }
        : { insured: { adult1, children: [] } }),
      ...(overrides.country === 'HKG'
        ? { residency: undefined, largestClaimInThreeYears: overrides.claim ?? 0 }
        : {}),
      ...(overrides.referralId === undefined
        ? { referralId: ID }
        : overrides.referralId
          ? { referralId: overrides.referralId }
          : {}),
    },
  });
}

const accepted = (overrides: Partial<TStoredReferral> = {}): TStoredReferral => ({
  referralId: ID,
  productType: 'PAN',
  country: 'SGP',
  reason: 'OCCUPATION_DECLINED',
  status: 'accepted',
  validUntil: referralValidUntil(now),
  terms: { occupationClass: '02', loadingBasisPoints: 0 },
  referred: paQuote({ referralId: '' }),
  ...overrides,
});

const contact: TReferralContact = {
  fullName: 'LIM MEI LING',
  idType: 'NRIC',
  idNumber: 'S7812345A',
  mobileNoCountryCode: '65',
  mobileNo: '91234567',
  email: 'meiling@example.com',
  consent: true,
};

const premiumsOf = (
  policy: TPolicy,
  referral: TStoredReferral | null,
  applicant: TReferralApplicant = 'none',
) => {
  const result = ratePolicy(
    policy,
    { ...context, referral: referralOverride(referral, policy, { now, applicant }) },
    'plans',
  );
  return 'refused' in result ? result.refused : result.items.map((item) => [item.planName, item.premium]);
};

describe('the refer-me form (decision 089, by the applicant page rules)', () => {
  it('takes a complete form', () => {
    expect(validateReferralContact('SGP', contact)).toEqual([]);
    expect(validateReferralContact('HKG', { ...contact, idType: 'HKID', idNumber: 'A123456(3)' })).toEqual(
      [],
    );
  });

  it.each<[string, Partial<TReferralContact>, string, string]>([
    ['no name', { fullName: ' ' }, 'fullName', MESSAGE_KEYS.required],
    ['a name with digits', { fullName: 'LIM 2' }, 'fullName', MESSAGE_KEYS.noSpecialCharacters],
    ['an HKID type in Singapore', { idType: 'HKID' }, 'idType', MESSAGE_KEYS.selectValue],
    ['no ID number', { idNumber: '' }, 'idNumber', MESSAGE_KEYS.required],
    ['an NRIC failing its checksum', { idNumber: 'S7812345B' }, 'idNumber', MESSAGE_KEYS.invalidNric],
    ['a short passport', { idType: 'PASSPORT', idNumber: 'E12' }, 'idNumber', MESSAGE_KEYS.invalidNric],
    ['no country code', { mobileNoCountryCode: '' }, 'mobileNoCountryCode', MESSAGE_KEYS.required],
    ['letters in the mobile', { mobileNo: '9123abc' }, 'mobileNo', MESSAGE_KEYS.number],
    ['a bad e-mail', { email: 'meiling@' }, 'email', MESSAGE_KEYS.email],
    ['no consent', { consent: false }, 'consent', REFERRAL_MESSAGE_KEYS.consent],
  ])('refuses %s, naming the field', (_label, change, field, messageKey) => {
    expect(validateReferralContact('SGP', { ...contact, ...change })).toEqual([{ field, messageKey }]);
  });

  it('checks an HKID by its check digit in Hong Kong only', () => {
    expect(validateReferralContact('HKG', { ...contact, idType: 'HKID', idNumber: 'A123456(4)' })).toEqual([
      { field: 'idNumber', messageKey: MESSAGE_KEYS.invalidNric },
    ]);
    expect(validateReferralContact('HKG', { ...contact, idType: 'NRIC' })[0]?.field).toBe('idType');
  });
});

describe('deciding a referral', () => {
  it('moves only from open, once', () => {
    expect(canDecideReferral('open', 'accepted')).toBe(true);
    expect(canDecideReferral('open', 'refused')).toBe(true);
    expect(canDecideReferral('refused', 'accepted')).toBe(false);
    expect(canDecideReferral('accepted', 'refused')).toBe(false);
    expect(canDecideReferral('accepted', 'accepted')).toBe(false);
  });

  type TCase = { reason: TReferralReason; status: TReferralStatus };
  const occupation: TCase = { reason: 'OCCUPATION_DECLINED', status: 'open' };
  const claims: TCase = { reason: 'CLAIMS_REFER_TO_AGENT', status: 'open' };
  it.each<[string, TCase, Parameters<typeof referralDecisionProblem>[1], string | null]>([
    [
      'an occupation accepted at class 02',
      occupation,
      { outcome: 'accepted', reason: 'Office-based foreman', occupationClass: '02' },
      null,
    ],
    [
      'an occupation accepted at 03 with 25 %',
      occupation,
      { outcome: 'accepted', reason: 'Ok', occupationClass: '03', loadingPercent: 25 },
      'reason',
    ],
    [
      'class 03 with a 25 % loading',
      occupation,
      { outcome: 'accepted', reason: 'Safety record', occupationClass: '03', loadingPercent: 25 },
      null,
    ],
    [
      'an occupation without a class',
      occupation,
      { outcome: 'accepted', reason: 'Fine by me' },
      'occupationClass',
    ],
    [
      'an occupation at class 04',
      occupation,
      { outcome: 'accepted', reason: 'Fine by me', occupationClass: '04' },
      'occupationClass',
    ],
    [
      'a claims acceptance with a class',
      claims,
      { outcome: 'accepted', reason: 'Claim was fraud victim', occupationClass: '02' },
      'occupationClass',
    ],
    [
      'a claims acceptance with 10 %',
      claims,
      { outcome: 'accepted', reason: 'One-off claim', loadingPercent: 10 },
      null,
    ],
    [
      'a loading over 100 %',
      claims,
      { outcome: 'accepted', reason: 'One-off claim', loadingPercent: 101 },
      'loadingPercent',
    ],
    [
      'a fractional loading',
      claims,
      { outcome: 'accepted', reason: 'One-off claim', loadingPercent: 2.5 },
      'loadingPercent',
    ],
    ['a refusal with a reason', claims, { outcome: 'refused', reason: 'Three claims in a year' }, null],
    [
      'a refusal with a loading',
      claims,
      { outcome: 'refused', reason: 'Three claims', loadingPercent: 5 },
      'occupationClass',
    ],
    ['a refusal without a reason', occupation, { outcome: 'refused', reason: '  ' }, 'reason'],
    [
      'a second decision',
      { ...occupation, status: 'refused' },
      { outcome: 'accepted', reason: 'Changed my mind', occupationClass: '02' },
      'outcome',
    ],
  ])('%s', (_label, referral, decision, field) => {
    expect(referralDecisionProblem(referral, decision)?.field ?? null).toBe(field);
  });

  it('calls a second decision a conflict, and records the terms in basis points', () => {
    expect(
      referralDecisionProblem(
        { reason: 'CLAIMS_REFER_TO_AGENT', status: 'accepted' },
        { outcome: 'refused', reason: 'No' },
      )?.conflict,
    ).toBe(true);
    expect(
      referralTermsOf('OCCUPATION_DECLINED', {
        outcome: 'accepted',
        reason: 'x',
        occupationClass: '03',
        loadingPercent: 20,
      }),
    ).toEqual({ occupationClass: '03', loadingBasisPoints: 2000 });
    expect(referralTermsOf('CLAIMS_REFER_TO_AGENT', { outcome: 'accepted', reason: 'x' })).toEqual({
      occupationClass: null,
      loadingBasisPoints: 0,
    });
  });

  it('keeps an acceptance 30 days, and names a referral by a short reference', () => {
    expect(referralValidUntil(now).getTime() - now.getTime()).toBe(REFERRAL_VALID_DAYS * 86_400_000);
    expect(referralReference(ID)).toBe('R-3F1C2D4E');
    expect(isReferralReason('OCCUPATION_DECLINED')).toBe(true);
    expect(isReferralReason('BLACKLISTED')).toBe(false);
    expect(isReferralReason(undefined)).toBe(false);
  });
});

describe('the rating honours an accepted referral (decision 089)', () => {
  it('prices a declined occupation at the accepted class, with its loading', () => {
    expect(premiumsOf(paQuote(), null)).toBe('OCCUPATION_DECLINED');
    const classTwo = premiumsOf(paQuote(), accepted());
    expect(classTwo).toEqual([
      ['A', 22700],
      ['B', 37300],
      ['C', 56700],
      ['D', 82600],
    ]);
    const loaded = premiumsOf(
      paQuote(),
      accepted({ terms: { occupationClass: '03', loadingBasisPoints: 2500 } }),
    );
    // Class 03 (no plan D), 25 % loaded: S$336 → S$420.
    expect(loaded).toEqual([
      ['A', 42000],
      ['B', 69000],
      ['C', 105000],
    ]);
  });

  it('rates only the referred adult at the new class, and loads only that adult', () => {
    const family = paQuote({ adult2: '05' });
    const referral = accepted({
      referred: paQuote({ adult2: '05', referralId: '' }),
      terms: { occupationClass: '02', loadingBasisPoints: 1000 },
    });
    const override = referralOverride(referral, family, { now, applicant: 'matches' })!;
    expect(override.adultClasses).toEqual(['02', null]);
    expect(override.loadedAdults).toEqual([0]);
    // A second adult with another declined occupation than the one referred is not covered.
    expect(premiumsOf(paQuote({ adult2: '1A' }), referral)).toBe('OCCUPATION_DECLINED');
  });

  it('skips the Hong Kong claims rule for the referred claim or a smaller one, never a larger', () => {
    const referred = paQuote({ country: 'HKG', occupation: '05', claim: 5000, referralId: '' });
    const referral = accepted({
      country: 'HKG',
      reason: 'CLAIMS_REFER_TO_AGENT',
      referred,
      terms: { occupationClass: null, loadingBasisPoints: 1000 },
    });
    expect(premiumsOf(paQuote({ country: 'HKG', occupation: '05', claim: 5000 }), null)).toBe(
      'CLAIMS_REFER_TO_AGENT',
    );
    const priced = premiumsOf(paQuote({ country: 'HKG', occupation: '05', claim: 4000 }), referral) as [
      string,
      number,
    ][];
    // HK$620 class 01 plan A, 10 % loaded.
    expect(priced[0]).toEqual(['A', 68200]);
    expect(premiumsOf(paQuote({ country: 'HKG', occupation: '05', claim: 9000 }), referral)).toBe(
      'CLAIMS_REFER_TO_AGENT',
    );
  });

  it('gives nothing when the declined occupation is gone from the quote', () => {
    expect(
      referralOverride(accepted(), paQuote({ occupation: '05' }), { now, applicant: 'none' }),
    ).toBeNull();
    expect(
      referralOverride(accepted(), parsePolicy(buildTravelPolicy(today)), { now, applicant: 'none' }),
    ).toBeNull();
  });

  /**
   * The override leaks to nobody: whatever else differs — another referral id, none, a different
   * applicant, another market, a referral open or refused, an acceptance expired or without terms,
   * another product's referral — the policy gets the normal refusal.
   */
  it('leaks to no one else: any one condition broken gives the normal refusal', () => {
    const breaks: ((referral: TStoredReferral) => {
      referral: TStoredReferral | null;
      policy: TPolicy;
      applicant: TReferralApplicant;
    })[] = [
      (referral) => ({
        referral,
        policy: paQuote({ referralId: '00000000-0000-4000-8000-000000000000' }),
        applicant: 'none',
      }),
      (referral) => ({ referral, policy: paQuote({ referralId: '' }), applicant: 'none' }),
      (referral) => ({ referral, policy: paQuote(), applicant: 'differs' }),
      (referral) => ({ referral: { ...referral, status: 'open' }, policy: paQuote(), applicant: 'matches' }),
      (referral) => ({
        referral: { ...referral, status: 'refused' },
        policy: paQuote(),
        applicant: 'matches',
      }),
      (referral) => ({ referral: { ...referral, validUntil: now }, policy: paQuote(), applicant: 'matches' }),
      (referral) => ({
        referral: { ...referral, validUntil: null },
        policy: paQuote(),
        applicant: 'matches',
      }),
      (referral) => ({ referral: { ...referral, terms: null }, policy: paQuote(), applicant: 'matches' }),
      (referral) => ({ referral: { ...referral, country: 'HKG' }, policy: paQuote(), applicant: 'matches' }),
      (referral) => ({
        referral: { ...referral, productType: 'PTR' },
        policy: paQuote(),
        applicant: 'matches',
      }),
      (referral) => ({
        referral: { ...referral, referred: paQuote({ occupation: '1A', referralId: '' }) },
        policy: paQuote(),
        applicant: 'matches',
      }),
      () => ({ referral: null, policy: paQuote(), applicant: 'matches' }),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom('02' as const, '03' as const),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: breaks.length - 1 }),
        (occupationClass, loading, which) => {
          const referral = accepted({ terms: { occupationClass, loadingBasisPoints: loading * 100 } });
          // The same referral prices its own applicant's quote…
          expect(Array.isArray(premiumsOf(paQuote(), referral, 'matches'))).toBe(true);
          // …and with any one thing broken, nobody's.
          const broken = breaks[which]!(referral);
          expect(
            referralOverride(broken.referral, broken.policy, { now, applicant: broken.applicant }),
          ).toBeNull();
          expect(premiumsOf(broken.policy, broken.referral, broken.applicant)).toBe('OCCUPATION_DECLINED');
        },
      ),
    );
  });
});
