import { z } from 'zod';

/**
 * The wire shapes of identity after the sale (decision 102), apart from access-rules.ts so that the
 * rules and figures the after-sale pages load carry no zod (the after-sale routes' budget, decision 066).
 */

/** The fresh code a sensitive change carries on the wire: without it the answer is 403 naming `stepUpCode`. */
export const ZStepUpCode = z
  .string()
  .max(20)
  .optional()
  .describe('The code mailed by step-up for this change; without it the answer is 403 naming stepUpCode');
