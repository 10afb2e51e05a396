import { z } from 'zod';
import { STAFF_REASON } from './staff-requests.ts';

/**
 * Operations' requests (decisions 080, 088 and 123): what its forms check before sending and its routes
 * check again. The policy search is a query string; the rest are bodies.
 */

/** A note closing a case (a queue's case, a failed renewal): a word will do, a paragraph at most. */
export const OPERATIONS_NOTE = { min: 1, max: STAFF_REASON.max } as const;
const ZOperationsNote = z.string().trim().min(OPERATIONS_NOTE.min).max(OPERATIONS_NOTE.max);

/** The bank's reference of a refund operations paid themselves. */
export const REFUND_REFERENCE_MAX = 100;

/** A payment held for review rejected, with a note if the staff member gives one. */
export const ZQueueReject = z.object({ note: z.string().trim().max(OPERATIONS_NOTE.max).optional() });
export type TQueueReject = z.infer<typeof ZQueueReject>;

/** A refund operations paid themselves: the bank's reference and the day it was paid. */
export const ZRefundRecord = z.object({
  reference: z.string().trim().min(1).max(REFUND_REFERENCE_MAX),
  paidOn: z.iso.date(),
});
export type TRefundRecord = z.infer<typeof ZRefundRecord>;

/** A queue's case closed with a note. */
export const ZCaseResolve = z.object({ note: ZOperationsNote });
export type TCaseResolve = z.infer<typeof ZCaseResolve>;

/** A failed renewal marked handled with what was done. */
export const ZRenewalHandled = z.object({ note: ZOperationsNote });
export type TRenewalHandled = z.infer<typeof ZRenewalHandled>;

/**
 * The policy search's bounds: the text typed, the filters' codes, and how far it counts what it found
 * (beyond `countMax` the list says "10,000+": counting a million rows on every page is not done).
 */
export const POLICY_SEARCH = {
  textMax: 100,
  statusMax: 30,
  productMax: 10,
  agentMax: 30,
  countMax: 10_000,
} as const;

/** A page's edge: the id of the policy a page starts after (`after`) or ends before (`before`), any UUID's shape. */
const ZPolicyCursor = z.guid();

/**
 * The policy search (`GET /admin/policies?…`): text matched against the number, name, e-mail or ID
 * number, filters, the creation days `from`..`to` (inclusive, `to` not before `from`), and the page by
 * key (decision 143): the policies after one (older, the next page) or before one (newer, the previous
 * page), never by an offset.
 */
export const ZPolicySearch = z
  .object({
    q: z.string().trim().max(POLICY_SEARCH.textMax).optional(),
    status: z.string().max(POLICY_SEARCH.statusMax).optional(),
    product: z.string().max(POLICY_SEARCH.productMax).optional(),
    agent: z.string().trim().max(POLICY_SEARCH.agentMax).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    after: ZPolicyCursor.optional(),
    before: ZPolicyCursor.optional(),
  })
  // Runs even when another field is wrong, so a form hears every problem at once.
  .superRefine(
    (search, context) => {
      const { from, to } = search as { from?: unknown; to?: unknown };
      if (
        typeof from === 'string' &&
        typeof to === 'string' &&
        z.iso.date().safeParse(from).success &&
        z.iso.date().safeParse(to).success &&
        to < from
      )
        context.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
      const { after, before } = search as { after?: unknown; before?: unknown };
      if (after !== undefined && before !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['before'],
          message: 'a page is after one policy or before one',
        });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TPolicySearch = z.infer<typeof ZPolicySearch>;
