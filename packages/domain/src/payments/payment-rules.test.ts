import { describe, expect, it } from 'vitest';
import { recordConsent } from '../consents/consents.ts';
import { localDate } from '../dates/local-date.ts';
import { formatPlainAmount } from '../money/money.ts';
import {
  buildHomePolicy as buildHomeInput,
  buildPaPolicy as buildPaInput,
  buildTravelPolicy as buildTravelInput,
} from '../schemas/fixtures.ts';
import { type TPolicy, ZPolicySchema } from '../schemas/policy-schema.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import {
  cardLast4,
  isAutoRenewalOn,
  isPaid,
  parseGatewayAmount,
  refundParts,
  splitBillToName,
  validatePaymentStart,
} from './payment-rules.ts';

const today = localDate(2026, 11, 23);
const buildTravelPolicy = (on: typeof today): TPolicy => ZPolicySchema.parse(buildTravelInput(on));
const buildPaPolicy = (on: typeof today): TPolicy => ZPolicySchema.parse(buildPaInput(on));
const consented = (policy: TPolicy): TPolicy => ({
  ...policy,
  consents: {
    declaration1: recordConsent(true, '2026-11-23T01:00:00.000Z'),
    declaration2: recordConsent(true, '2026-11-23T01:00:00.000Z'),
    marketing: recordConsent(false, '2026-11-23T01:00:00.000Z'),
  },
});

function withApplicant(
  policy: TPolicy,
  change: { clientType?: 'P' | 'C'; hasAutoRenewal?: boolean },
): TPolicy {
  const travel = policy.policyTravel!;
  return { ...policy, policyTravel: { ...travel, applicant: { ...travel.applicant!, ...change } } };
}

describe('payment rules (travel-flow section 4, pa-home-payments section 9)', () => {
  it('makes a policy view-only once its payment has succeeded, and only then', () => {
    const policy = buildTravelPolicy(today);
    expect(isPaid(policy)).toBe(false);
    expect(isPaid({ ...policy, paymentSuccess: 'true' })).toBe(true);
    expect(isPaid({})).toBe(false);
  });

  it('turns auto-renewal on only for annual, personal policies with the box ticked', () => {
    const single = buildTravelPolicy(today);
    const annual: TPolicy = { ...single, policyTravel: { ...single.policyTravel!, paPolicyType: 'A' } };
    expect(isAutoRenewalOn(withApplicant(annual, { hasAutoRenewal: true }))).toBe(true);
    expect(isAutoRenewalOn(withApplicant(annual, { hasAutoRenewal: false }))).toBe(false);
    expect(isAutoRenewalOn(withApplicant(annual, { hasAutoRenewal: true, clientType: 'C' }))).toBe(false);
    expect(isAutoRenewalOn(withApplicant(single, { hasAutoRenewal: true }))).toBe(false);
    const pa = buildPaPolicy(today);
    const paTicked: TPolicy = {
      ...pa,
      policyPAN: { ...pa.policyPAN!, applicant: { ...pa.policyPAN!.applicant!, hasAutoRenewal: true } },
    };
    expect(isAutoRenewalOn(paTicked)).toBe(true);
    expect(isAutoRenewalOn({ ...pa, policyPAN: { ...pa.policyPAN!, applicant: undefined } })).toBe(false);
    const home = ZPolicySchema.parse(buildHomeInput(today));
    const homeTicked: TPolicy = {
      ...home,
      policyHome: {
        ...home.policyHome!,
        applicant: { ...home.policyHome!.applicant!, hasAutoRenewal: true },
      },
    };
    expect(isAutoRenewalOn(homeTicked)).toBe(true);
  });

  it('asks for both declarations before payment', () => {
    const policy = buildTravelPolicy(today);
    expect(validatePaymentStart({ ...policy, consents: undefined }, 'CC', { paynowAvailable: true })).toEqual(
      {
        field: 'consents.declaration1',
        messageKey: MESSAGE_KEYS.declaration1,
      },
    );
    const one = consented(policy);
    one.consents!.declaration2 = recordConsent(false, '2026-11-23T01:00:00.000Z');
    expect(validatePaymentStart(one, 'CC', { paynowAvailable: true })?.field).toBe('consents.declaration2');
    expect(validatePaymentStart(consented(policy), 'CC', { paynowAvailable: false })).toBeNull();
  });

  it('offers PayNow in Singapore only, when available and without auto-renewal', () => {
    const policy = consented(buildTravelPolicy(today));
    expect(validatePaymentStart(policy, 'PN', { paynowAvailable: true })).toBeNull();
    expect(validatePaymentStart(policy, 'PN', { paynowAvailable: false })?.messageKey).toBe(
      MESSAGE_KEYS.paynowUnavailable,
    );
    expect(validatePaymentStart({ ...policy, country: 'HKG' }, 'PN', { paynowAvailable: true })?.field).toBe(
      'payment.paymentMethod',
    );
    const annual = withApplicant(
      { ...policy, policyTravel: { ...policy.policyTravel!, paPolicyType: 'A' } },
      { hasAutoRenewal: true },
    );
    expect(validatePaymentStart(annual, 'PN', { paynowAvailable: true })?.field).toBe(
      'applicant.hasAutoRenewal',
    );
  });

  it('splits the bill-to name at its last space', () => {
    expect(splitBillToName('  TAN  AH KOW ')).toEqual({ forename: 'TAN AH', surname: 'KOW' });
    expect(splitBillToName('MADONNA')).toEqual({ forename: 'MADONNA', surname: 'MADONNA' });
  });

  it('writes and reads gateway amounts in cents', () => {
    // Written by the money module's plain amount, read back here.
    expect(formatPlainAmount(4550)).toBe('45.50');
    expect(formatPlainAmount(5)).toBe('0.05');
    expect(formatPlainAmount(123_456_700)).toBe('1234567.00');
    expect(parseGatewayAmount('45.50')).toBe(4550);
    expect(parseGatewayAmount('45.5')).toBe(4550);
    expect(parseGatewayAmount('45')).toBe(4500);
    for (const bad of ['', '-1.00', '1.005', '1e3', ' 1.00', undefined])
      expect(parseGatewayAmount(bad)).toBeNull();
  });
});

describe('cardLast4: the only part of a card the shop shows', () => {
  it('keeps the last four digits of the gateway mask, and nothing else', () => {
    expect(cardLast4('xxxxxxxxxxxx1111')).toBe('1111');
    expect(cardLast4('411111xxxxxx4242')).toBe('4242');
    expect(cardLast4('xxxxxxxxxxxxxxxx')).toBe('');
    expect(cardLast4('12')).toBe('');
    expect(cardLast4(null)).toBe('');
    expect(cardLast4(undefined)).toBe('');
  });
});

describe('refundParts: a refund over the transactions it goes back to (decision 144)', () => {
  const purchase = { key: 'purchase', leftCents: 30_000 };
  const newer = { key: 'newer', leftCents: 4_000 };
  const older = { key: 'older', leftCents: 2_000 };
  const split = (total: number, sources: { key: string; leftCents: number }[]) =>
    refundParts(total, sources).map((part) => [part.source.key, part.amountCents]);

  it('takes the purchase first, then each collection in the order given, each at most what it has left', () => {
    expect(split(20_000, [purchase, newer, older])).toEqual([['purchase', 20_000]]);
    expect(split(30_000, [purchase, newer, older])).toEqual([['purchase', 30_000]]);
    expect(split(33_000, [purchase, newer, older])).toEqual([
      ['purchase', 30_000],
      ['newer', 3_000],
    ]);
    expect(split(36_000, [purchase, newer, older])).toEqual([
      ['purchase', 30_000],
      ['newer', 4_000],
      ['older', 2_000],
    ]);
  });

  it('leaves out a source with nothing left, and refunds nothing for nothing', () => {
    expect(split(5_000, [{ key: 'purchase', leftCents: 0 }, newer])).toEqual([
      ['purchase', 1_000],
      ['newer', 4_000],
    ]);
    expect(split(0, [purchase, newer])).toEqual([]);
    expect(split(-100, [purchase])).toEqual([]);
  });

  it('never drops money the sources cannot hold: it stays on the first, for the gateway to refuse', () => {
    expect(split(40_000, [purchase, newer])).toEqual([
      ['purchase', 36_000],
      ['newer', 4_000],
    ]);
    expect(split(100, [])).toEqual([]);
  });
});
