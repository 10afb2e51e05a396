import { z } from 'zod';
import { ZCountrySchema } from '../schemas/wire-primitives.ts';
import type { THomeRateFacts, TPaRateFacts } from './rate-facts.ts';

/** The answer of `policy/rate-facts` (decision 114) as the API description states it. */
export const ZPaRateFactsSchema = z.object({
  product: z.literal('PAN'),
  country: ZCountrySchema,
  version: z.string(),
  freeChildren: z.number().int(),
  optionalCoverPercent: z.record(z.string(), z.number()),
  fromPremiumCents: z.number().int(),
}) satisfies z.ZodType<TPaRateFacts>;

export const ZHomeRateFactsSchema = z.object({
  product: z.literal('PHM'),
  country: ZCountrySchema,
  version: z.string(),
  includedContentsCents: z.object({
    ESSENTIAL: z.number().int(),
    ENHANCED: z.number().int(),
    PRESTIGE: z.number().int(),
  }),
}) satisfies z.ZodType<THomeRateFacts>;
