import { z } from 'zod';
import {
  REFERRAL_CLASSES,
  REFERRAL_DECISION_MESSAGES,
  REFERRAL_DECISION_REASON_LENGTH,
  REFERRAL_MAX_LOADING_PERCENT,
} from './referral-rules.ts';

/**
 * An underwriter's decision on a referral (decision 089, decision 123): what the back office's form
 * checks before sending and the route checks again, in the rules' own words. What depends on the
 * referral (a class only for an occupation, none with a refusal) is `referralDecisionProblem`'s, once
 * the referral is read.
 */

export const REFERRAL_OUTCOMES = ['accepted', 'refused'] as const;

export const ZReferralDecision = z.object({
  outcome: z.enum(REFERRAL_OUTCOMES),
  reason: z
    .string({ error: REFERRAL_DECISION_MESSAGES.reason })
    .trim()
    .min(REFERRAL_DECISION_REASON_LENGTH.min)
    .max(REFERRAL_DECISION_REASON_LENGTH.max),
  occupationClass: z.enum(REFERRAL_CLASSES, { error: REFERRAL_DECISION_MESSAGES.occupationClass }).optional(),
  loadingPercent: z
    .number({ error: REFERRAL_DECISION_MESSAGES.loadingPercent })
    .int()
    .min(0)
    .max(REFERRAL_MAX_LOADING_PERCENT)
    .optional(),
});
export type TReferralDecisionRequest = z.infer<typeof ZReferralDecision>;
