import { z } from 'zod';

/**
 * The agents' desk's requests besides its quotes and links (decisions 083 and 123): what the desk's
 * forms check before asking and its routes check again.
 */

const ISO_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** Said when a range starts after it ends (the desk's service says it too). */
export const DESK_RANGE_ORDER_MESSAGE = 'The range starts after it ends.';

/**
 * The days the desk's figures are for, `from`..`to` inclusive: either left out is the server's default
 * (this month and the two before it, to today in the agent's market).
 */
export const ZDeskRange = z.object({ from: ISO_DATE.optional(), to: ISO_DATE.optional() });
export type TDeskRange = z.infer<typeof ZDeskRange>;

/** A range the agent sets on the desk's home: both days, the first not after the last. */
export const ZDeskRangeAsked = z
  .object({ from: ISO_DATE, to: ISO_DATE })
  .refine((range) => range.from <= range.to, { path: ['from'], message: DESK_RANGE_ORDER_MESSAGE });
export type TDeskRangeAsked = z.infer<typeof ZDeskRangeAsked>;
