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

/** The policy search's bounds: the text typed, the filters' codes, the pages. */
export const POLICY_SEARCH = {
  textMax: 100,
  statusMax: 30,
  productMax: 10,
  agentMax: 30,
  pageMax: 10_000,
} as const;

/**
 * The policy search (`GET /admin/policies?…`): text matched against the number, name, e-mail or ID
 * number, filters, the creation days `from`..`to` (inclusive, `to` not before `from`), the page.
 */
export const ZPolicySearch = z
  .object({
    q: z.string().trim().max(POLICY_SEARCH.textMax).optional(),
    status: z.string().max(POLICY_SEARCH.statusMax).optional(),
    product: z.string().max(POLICY_SEARCH.productMax).optional(),
    agent: z.string().trim().max(POLICY_SEARCH.agentMax).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    page: z.coerce.number().int().min(1).max(POLICY_SEARCH.pageMax).default(1),
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
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TPolicySearch = z.infer<typeof ZPolicySearch>;
