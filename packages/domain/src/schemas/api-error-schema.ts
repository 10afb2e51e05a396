import { z } from 'zod';

/*
 * Its own module, not beside the policy schema: the browser's landing imports that one, and a zod schema
 * built at module level stays in the bundle whether used or not (the landing's 120 kB, decision 022).
 */

/** The API's answer to bad input (design section 5). */
export const ZApiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
  messageKey: z.string().optional(),
  /** The values the message key's text names (a date, a number of minutes). */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** When to come back (a 429 or 503), as the Retry-After header says it too. */
  retryAfterSeconds: z.number().int().optional(),
  /** Every field a 400 finds wrong, the first being `field` and `messageKey` (a form flags them all). */
  errors: z.array(z.object({ field: z.string(), messageKey: z.string() })).optional(),
});
