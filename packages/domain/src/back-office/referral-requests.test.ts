import { describe, expect, it } from 'vitest';
import { ZReferralDecision } from './referral-requests.ts';
import {
  REFERRAL_CLASSES,
  REFERRAL_DECISION_MESSAGES,
  REFERRAL_DECISION_REASON_LENGTH,
  REFERRAL_MAX_LOADING_PERCENT,
} from './referral-rules.ts';

const DECISION = {
  outcome: 'accepted',
  reason: ' Site supervisor ',
  occupationClass: '02',
  loadingPercent: 10,
};

/** Each refused path with its message. */
const refused = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);

describe("the referral decision's request (decision 123)", () => {
  it('keeps the bounds the route and the rules had', () => {
    expect({ REFERRAL_DECISION_REASON_LENGTH, REFERRAL_MAX_LOADING_PERCENT, REFERRAL_CLASSES }).toEqual({
      REFERRAL_DECISION_REASON_LENGTH: { min: 3, max: 500 },
      REFERRAL_MAX_LOADING_PERCENT: 100,
      REFERRAL_CLASSES: ['02', '03'],
    });
  });

  it('takes a decision with its reason trimmed; a refusal needs only the reason', () => {
    expect(ZReferralDecision.parse(DECISION)).toEqual({ ...DECISION, reason: 'Site supervisor' });
    expect(ZReferralDecision.parse({ outcome: 'refused', reason: 'Too risky' })).toEqual({
      outcome: 'refused',
      reason: 'Too risky',
    });
  });

  it("refuses every wrong field at once, in the rules' words", () => {
    expect(
      refused(
        ZReferralDecision.safeParse({
          outcome: 'maybe',
          reason: ' ab ',
          occupationClass: '04',
          loadingPercent: 1.5,
        }),
      ),
    ).toEqual({
      outcome: expect.any(String),
      reason: REFERRAL_DECISION_MESSAGES.reason,
      occupationClass: REFERRAL_DECISION_MESSAGES.occupationClass,
      loadingPercent: REFERRAL_DECISION_MESSAGES.loadingPercent,
    });
  });

  it('holds each bound', () => {
    const at = (change: Record<string, unknown>) =>
      Object.keys(refused(ZReferralDecision.safeParse({ ...DECISION, ...change })));
    expect(at({ reason: 'abc', loadingPercent: 0 })).toEqual([]);
    expect(at({ reason: `  ${'a'.repeat(500)}  `, loadingPercent: 100 })).toEqual([]);
    expect(at({ reason: 'a'.repeat(501) })).toEqual(['reason']);
    expect(at({ reason: ' ab ' })).toEqual(['reason']);
    expect(at({ loadingPercent: 101 })).toEqual(['loadingPercent']);
    expect(at({ loadingPercent: -1 })).toEqual(['loadingPercent']);
    expect(at({ loadingPercent: Number.NaN })).toEqual(['loadingPercent']);
    expect(at({ occupationClass: '03' })).toEqual([]);
    expect(at({ occupationClass: '01' })).toEqual(['occupationClass']);
  });
});
