import type { TPolicy, TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { TSavedQuoteStep } from '@lionrock/domain/self-service/saved-quote-rules';
import { postJson } from '../../../lib/api-client';

/** A saved journey reopened by its link (decision 076): re-rated today, and where it goes on. */
export type TReopenedJourney = {
  step: TSavedQuoteStep;
  policy: TPolicy;
  previousTotalCents: number | null;
  invalid: { field: string; messageKey: string | null } | null;
  language: 'en' | 'zh';
};

export const savedQuoteApi = {
  /** Saves the journey and e-mails its link; the answer is the same whatever became of the mail. */
  save: (input: { policy: TPolicyInput; step: TSavedQuoteStep; email: string; language: 'en' | 'zh' }) =>
    // The policy as the rating calls send it; the server's schema keeps only the wire's fields.
    postJson<{ saved: true }>('/b2c-server/rest/saved-quote', input),
  /** The token travels in the body, never in an address (decision 076). */
  open: (token: string) => postJson<TReopenedJourney>('/b2c-server/rest/saved-quote/open', { token }),
};
