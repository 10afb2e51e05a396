import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { accidentVerdict } from './accident-guide.ts';
import {
  NO_OFFICIALS_CHOSEN,
  setNoOne,
  setOfficialDetails,
  toggleOfficial,
  validateOfficials,
} from './attended-officials.ts';
import {
  CLAIM_AMOUNT_MAX_CENTS,
  CLAIM_DOCUMENT_MAX_BYTES,
  CLAIM_DOCUMENT_MAX_FILES,
  CLAIM_DRAFT_BYTES_MAX,
  CLAIM_UPLOAD_BODY_MAX_BYTES,
  CLAIM_UPLOAD_BYTES_PER_HOUR,
  claimTypesFor,
  claimUploadRoom,
  isMaskedValue,
  maskPayout,
  type TClaimContext,
  type TClaimForm,
  validateClaimForm,
  validateIncidentDate,
  validatePayout,
} from './claim-rules.ts';
import { CLAIM_STATUSES, canMoveClaim, claimTimeline } from './claim-status.ts';

const context: TClaimContext = {
  product: 'PAN',
  country: 'SGP',
  today: localDate(2026, 11, 25),
  coverStart: '2026-06-01',
  coverEnd: '2027-05-31',
};
const form: TClaimForm = {
  claimType: 'accidentalInjury',
  incidentDate: '2026-11-20',
  incidentPlace: 'Orchard Road',
  description: 'Slipped on a wet floor and broke my wrist.',
  officials: { noOne: false, officials: { police: 'PC Tan' } },
  amountCents: 120_000,
  payout: { method: 'paynow', proxyType: 'mobile', proxy: '91234567' },
};

describe('claim form rules', () => {
  it('accepts a complete claim', () => {
    expect(validateClaimForm(form, context, 2)).toEqual({});
  });

  it.each([
    ['', 'claims.errors.required'],
    ['2026-13-01', 'claims.errors.dateInvalid'],
    ['2026-11-26', 'claims.errors.dateInFuture'],
    ['2026-05-31', 'claims.errors.dateOutsidePolicy'],
    ['2026-06-01', null],
    ['2026-11-25', null],
  ])('incident date %s → %s', (date, key) => {
    expect(validateIncidentDate(date, context)).toBe(key);
  });

  it('an incident after the cover ended is outside the policy even when filed later', () => {
    const ended = { ...context, coverEnd: '2026-11-10' };
    expect(validateIncidentDate('2026-11-11', ended)).toBe('claims.errors.dateOutsidePolicy');
    expect(validateIncidentDate('2026-11-10', ended)).toBeNull();
  });

  it('refuses a type of another product, a long description, no officials, bad amounts and no documents', () => {
    const errors = validateClaimForm(
      {
        ...form,
        claimType: 'baggage',
        description: 'x'.repeat(401),
        officials: NO_OFFICIALS_CHOSEN,
        amountCents: 0,
      },
      context,
      0,
    );
    expect(errors).toEqual({
      claimType: 'claims.errors.typeInvalid',
      description: 'claims.errors.tooLong',
      officials: 'claims.errors.officialsRequired',
      amountCents: 'claims.errors.amountInvalid',
      documents: 'claims.errors.documentsRequired',
    });
    expect(validateClaimForm({ ...form, description: 'x'.repeat(400) }, context, 1)).toEqual({});
    expect(validateClaimForm({ ...form, amountCents: CLAIM_AMOUNT_MAX_CENTS + 1 }, context, 1)).toMatchObject(
      {
        amountCents: 'claims.errors.amountTooLarge',
      },
    );
    expect(validateClaimForm({ ...form, amountCents: 10.5 }, context, 1)).toMatchObject({
      amountCents: 'claims.errors.amountInvalid',
    });
    expect(validateClaimForm(form, context, CLAIM_DOCUMENT_MAX_FILES + 1)).toMatchObject({
      documents: 'claims.errors.tooManyDocuments',
    });
  });

  it('checks PayNow proxies and bank accounts per market', () => {
    const today = context.today;
    expect(
      validatePayout({ method: 'paynow', proxyType: 'mobile', proxy: '+6591234567' }, 'SGP', today),
    ).toEqual({});
    expect(
      validatePayout({ method: 'paynow', proxyType: 'mobile', proxy: '61234567' }, 'SGP', today),
    ).toEqual({
      paynowProxy: 'claims.errors.paynowProxyInvalid',
    });
    expect(validatePayout({ method: 'paynow', proxyType: 'nric', proxy: 'S1234567D' }, 'SGP', today)).toEqual(
      {},
    );
    expect(validatePayout({ method: 'paynow', proxyType: 'nric', proxy: 'S1234567A' }, 'SGP', today)).toEqual(
      {
        paynowProxy: 'claims.errors.paynowProxyInvalid',
      },
    );
    expect(
      validatePayout({ method: 'paynow', proxyType: 'mobile', proxy: '91234567' }, 'HKG', today),
    ).toEqual({
      payoutMethod: 'claims.errors.payoutMethodInvalid',
    });
    expect(
      validatePayout({ method: 'bank', bankName: 'DBS', accountNumber: '123-456789-0' }, 'SGP', today),
    ).toEqual({});
    expect(validatePayout({ method: 'bank', bankName: '', accountNumber: '12345' }, 'HKG', today)).toEqual({
      bankName: 'claims.errors.bankNameRequired',
      accountNumber: 'claims.errors.accountNumberInvalid',
    });
  });

  it('masks a saved payout to its last four characters', () => {
    expect(maskPayout({ method: 'bank', bankName: 'DBS', accountNumber: '123-456789-0' })).toEqual({
      method: 'bank',
      bankName: 'DBS',
      accountNumber: '••••••6789'.replace('6789', '7890'),
    });
    expect(maskPayout({ method: 'paynow', proxyType: 'mobile', proxy: '91234567' })).toMatchObject({
      proxy: '••••4567',
    });
  });
});

describe('attended-officials selector (pa-home-payments section 2)', () => {
  it('adds an official with empty details, removes it when unchecked', () => {
    const withPolice = toggleOfficial(NO_OFFICIALS_CHOSEN, 'police', true);
    expect(withPolice).toEqual({ noOne: false, officials: { police: '' } });
    expect(toggleOfficial(withPolice, 'police', false)).toEqual({ noOne: false, officials: {} });
  });

  it('"no one" clears every official and ignores new ones until unchecked', () => {
    const some = setOfficialDetails(toggleOfficial(NO_OFFICIALS_CHOSEN, 'doctor', true), 'doctor', 'Dr Lim');
    const none = setNoOne(some, true);
    expect(none).toEqual({ noOne: true, officials: {} });
    expect(toggleOfficial(none, 'police', true)).toBe(none);
    expect(validateOfficials(none)).toBeNull();
    expect(validateOfficials({ noOne: true, officials: { police: '' } })).toBe(
      'claims.errors.officialsRequired',
    );
  });

  it('keeps details as typed (never cut silently) and flags those over 30 characters', () => {
    const state = setOfficialDetails(
      toggleOfficial(NO_OFFICIALS_CHOSEN, 'police', true),
      'police',
      'y'.repeat(40),
    );
    expect(state.officials.police).toHaveLength(40);
    expect(validateOfficials(state)).toBe('claims.errors.officialDetailsTooLong');
    expect(validateOfficials({ noOne: false, officials: { police: 'y'.repeat(30) } })).toBeNull();
    expect(validateOfficials({ noOne: false, officials: { police: 'y'.repeat(31) } })).toBe(
      'claims.errors.officialDetailsTooLong',
    );
    expect(validateOfficials({ noOne: false, officials: { mayor: 'x' } as never })).toBe(
      'claims.errors.officialsRequired',
    );
  });
});

describe('claim status machine', () => {
  it('moves only along the defined transitions', () => {
    const allowed = CLAIM_STATUSES.flatMap((from) =>
      CLAIM_STATUSES.filter((to) => canMoveClaim(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'received→underReview',
      'underReview→moreInformation',
      'underReview→approved',
      'underReview→declined',
      'moreInformation→underReview',
      'approved→paid',
    ]);
  });

  it('draws the timeline with the path taken', () => {
    expect(claimTimeline(['received'])).toEqual(['received', 'underReview', 'approved', 'paid']);
    expect(claimTimeline(['received', 'underReview', 'declined'])).toEqual([
      'received',
      'underReview',
      'declined',
    ]);
  });
});

describe('is this an accident?', () => {
  it('needs all four words of the definition', () => {
    expect(accidentVerdict({})).toBe('unanswered');
    expect(accidentVerdict({ sudden: true, external: true, violent: true, visible: true })).toBe(
      'likelyCovered',
    );
    expect(accidentVerdict({ sudden: true, external: false })).toBe('likelyNotCovered');
  });
});

describe('claim types and masked values', () => {
  it('offers each product its own claim types (the issue: travel, personal accident, home)', () => {
    expect(claimTypesFor('PTR')).toEqual(['medical', 'tripCancellation', 'baggage', 'other']);
    expect(claimTypesFor('PAN')).toEqual(['accidentalInjury', 'hospitalisation', 'death']);
    expect(claimTypesFor('PHM')).toEqual(['damage', 'theft', 'liability']);
  });

  it('knows a value it masked itself, and never a real account number or proxy', () => {
    const masked = maskPayout({ method: 'bank', bankName: 'DBS', accountNumber: '123-456789-0' });
    expect(masked.method === 'bank' && isMaskedValue(masked.accountNumber)).toBe(true);
    for (const real of ['123-456789-0', '91234567', 'S8512345I', '']) expect(isMaskedValue(real)).toBe(false);
  });
});

describe('the room an upload may use (issue 27)', () => {
  const MB = 1024 * 1024;
  const fresh = { inDrafts: 0, thisHour: 0 };
  it('lets a whole claim of documents through in one body, and one more document within the hour', () => {
    const whole = CLAIM_DOCUMENT_MAX_FILES * CLAIM_DOCUMENT_MAX_BYTES + 1000;
    expect(claimUploadRoom(whole, fresh)).toEqual({ bytes: whole, limit: 'body' });
    expect(CLAIM_UPLOAD_BODY_MAX_BYTES).toBeGreaterThan(whole);
    expect(claimUploadRoom(10 * MB, { inDrafts: 100 * MB, thisHour: 100 * MB })).toMatchObject({
      bytes: 10 * MB,
    });
  });

  it.each([
    ['a body larger than any upload', CLAIM_UPLOAD_BODY_MAX_BYTES + 1, fresh, 'body'],
    ['drafts that hold all they may', 1, { inDrafts: CLAIM_DRAFT_BYTES_MAX, thisHour: 0 }, 'drafts'],
    [
      'one byte past what the drafts may hold',
      2 * MB,
      { inDrafts: CLAIM_DRAFT_BYTES_MAX - 2 * MB + 1, thisHour: 0 },
      'drafts',
    ],
    ['one byte past the hour', MB, { inDrafts: 0, thisHour: CLAIM_UPLOAD_BYTES_PER_HOUR - MB + 1 }, 'hour'],
    [
      'full drafts before a spent hour',
      MB,
      { inDrafts: CLAIM_DRAFT_BYTES_MAX, thisHour: CLAIM_UPLOAD_BYTES_PER_HOUR },
      'drafts',
    ],
  ] as const)('refuses %s before it is read', (_what, declared, spent, limit) => {
    expect(claimUploadRoom(declared, spent)).toEqual({ refused: limit });
  });

  it('gives a body sent without its length all the tightest limit leaves, and nothing once one is spent', () => {
    expect(claimUploadRoom(undefined, fresh)).toEqual({ bytes: CLAIM_UPLOAD_BODY_MAX_BYTES, limit: 'body' });
    expect(claimUploadRoom(undefined, { inDrafts: CLAIM_DRAFT_BYTES_MAX - 5 * MB, thisHour: 0 })).toEqual({
      bytes: 5 * MB,
      limit: 'drafts',
    });
    expect(claimUploadRoom(undefined, { inDrafts: 0, thisHour: CLAIM_UPLOAD_BYTES_PER_HOUR - MB })).toEqual({
      bytes: MB,
      limit: 'hour',
    });
    expect(claimUploadRoom(undefined, { inDrafts: 0, thisHour: CLAIM_UPLOAD_BYTES_PER_HOUR })).toEqual({
      refused: 'hour',
    });
  });
});
