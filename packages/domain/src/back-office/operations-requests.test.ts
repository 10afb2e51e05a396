import { describe, expect, it } from 'vitest';
import {
  OPERATIONS_NOTE,
  POLICY_SEARCH,
  REFUND_REFERENCE_MAX,
  ZCaseResolve,
  ZPolicySearch,
  ZQueueReject,
  ZRefundRecord,
  ZRenewalHandled,
} from './operations-requests.ts';

/** The paths the schema refuses a request at (each once). */
const refused = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  [...new Set(result.error?.issues.map((issue) => issue.path.join('.')) ?? [])].sort();

describe("operations' requests (decision 123)", () => {
  it('keeps the bounds the routes had', () => {
    expect({ OPERATIONS_NOTE, REFUND_REFERENCE_MAX, POLICY_SEARCH }).toEqual({
      OPERATIONS_NOTE: { min: 1, max: 500 },
      REFUND_REFERENCE_MAX: 100,
      POLICY_SEARCH: { textMax: 100, statusMax: 30, productMax: 10, agentMax: 30, countMax: 10_000 },
    });
  });

  it('closes a case or a failed renewal with a note of a word to a paragraph, trimmed', () => {
    for (const schema of [ZCaseResolve, ZRenewalHandled]) {
      expect(schema.parse({ note: ' Holder pays by PayNow ' })).toEqual({ note: 'Holder pays by PayNow' });
      expect(schema.safeParse({ note: 'x' }).success).toBe(true);
      expect(schema.safeParse({ note: 'a'.repeat(OPERATIONS_NOTE.max) }).success).toBe(true);
      expect(refused(schema.safeParse({ note: '   ' }))).toEqual(['note']);
      expect(refused(schema.safeParse({ note: 'a'.repeat(OPERATIONS_NOTE.max + 1) }))).toEqual(['note']);
      expect(refused(schema.safeParse({}))).toEqual(['note']);
    }
  });

  it('rejects a review with a note or without one', () => {
    expect(ZQueueReject.parse({})).toEqual({});
    expect(ZQueueReject.parse({ note: ' stolen card ' })).toEqual({ note: 'stolen card' });
    expect(ZQueueReject.safeParse({ note: 'a'.repeat(OPERATIONS_NOTE.max) }).success).toBe(true);
    expect(refused(ZQueueReject.safeParse({ note: 'a'.repeat(OPERATIONS_NOTE.max + 1) }))).toEqual(['note']);
  });

  it('records a refund with its reference and a real day, every wrong field at once', () => {
    expect(ZRefundRecord.parse({ reference: ' FT123 ', paidOn: '2026-11-25' })).toEqual({
      reference: 'FT123',
      paidOn: '2026-11-25',
    });
    expect(
      ZRefundRecord.safeParse({ reference: 'a'.repeat(REFUND_REFERENCE_MAX), paidOn: '2028-02-29' }).success,
    ).toBe(true);
    expect(refused(ZRefundRecord.safeParse({ reference: ' ', paidOn: '' }))).toEqual(['paidOn', 'reference']);
    expect(
      refused(
        ZRefundRecord.safeParse({ reference: 'a'.repeat(REFUND_REFERENCE_MAX + 1), paidOn: '2026-02-30' }),
      ),
    ).toEqual(['paidOn', 'reference']);
  });

  it('searches policies by text and filters, a page after or before one policy', () => {
    const id = '0b9c1f5e-6a1d-4c41-9f0e-3d7b2a1c9e11';
    expect(ZPolicySearch.parse({})).toEqual({});
    expect(ZPolicySearch.parse({ q: ' TSG26 ', agent: ' AG1001 ', after: id })).toEqual({
      q: 'TSG26',
      agent: 'AG1001',
      after: id,
    });
    const at = (change: Record<string, unknown>) => refused(ZPolicySearch.safeParse(change));
    expect(
      at({
        q: 'a'.repeat(POLICY_SEARCH.textMax),
        status: 'a'.repeat(POLICY_SEARCH.statusMax),
        product: 'a'.repeat(POLICY_SEARCH.productMax),
        agent: 'a'.repeat(POLICY_SEARCH.agentMax),
        before: id,
      }),
    ).toEqual([]);
    expect(at({ q: 'a'.repeat(POLICY_SEARCH.textMax + 1) })).toEqual(['q']);
    expect(at({ status: 'a'.repeat(POLICY_SEARCH.statusMax + 1) })).toEqual(['status']);
    expect(at({ product: 'a'.repeat(POLICY_SEARCH.productMax + 1) })).toEqual(['product']);
    expect(at({ agent: 'a'.repeat(POLICY_SEARCH.agentMax + 1) })).toEqual(['agent']);
    // A page's edge is a policy's id, and one edge at a time.
    expect(at({ after: '2' })).toEqual(['after']);
    expect(at({ before: "x' or 1=1" })).toEqual(['before']);
    expect(at({ after: id, before: id })).toEqual(['before']);
    expect(at({ from: '2026-13-01' })).toEqual(['from']);
  });

  it('takes a range of creation days in order, one day included, and says every problem at once', () => {
    const at = (change: Record<string, unknown>) => refused(ZPolicySearch.safeParse(change));
    expect(at({ from: '2026-11-01', to: '2026-11-01' })).toEqual([]);
    expect(at({ from: '2026-11-02', to: '2026-11-01' })).toEqual(['to']);
    expect(at({ q: 'a'.repeat(POLICY_SEARCH.textMax + 1), from: '2026-11-02', to: '2026-11-01' })).toEqual([
      'q',
      'to',
    ]);
  });
});
