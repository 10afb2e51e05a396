import type { TPolicy, TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { stripUiFields } from '@lionrock/domain/schemas/policy-schema';
import { ApiCallError, postJson } from '../../../lib/api-client';

/**
 * The personal accident calls: the same rating paths as travel with productType PAN (pa-home-payments
 * section 7). A refusal comes back as an answer with errorMessage (a declined occupation) or as a 4xx
 * naming the field and the spec's message key.
 */
export type TPaAnswer = TPolicy;

export type TPaRefusal = { messageKey: string | null; errorMessage: string | null; field: string | null };

async function call(path: 'multirate' | 'rate', policy: TPolicyInput): Promise<TPaAnswer> {
  return postJson<TPaAnswer>(`/b2c-server/rest/policy/${path}`, stripUiFields(policy));
}

export const paApi = {
  /** Every plan A–D priced for the cover chosen; stores nothing. */
  multirate: (policy: TPolicyInput) => call('multirate', policy),
  /** The chosen plan priced and stored (with the applicant: checked at stage apply). */
  rate: (policy: TPolicyInput) => call('rate', policy),
};

/** What a failed or refused rating says, for the page to show in place or as the "Error" dialog. */
export function refusalOf(error: unknown, answer?: TPaAnswer): TPaRefusal {
  if (answer)
    return { messageKey: answer.messageKey ?? null, errorMessage: answer.errorMessage ?? null, field: null };
  if (error instanceof ApiCallError) {
    const body = error.body as { policy?: TPaAnswer } | undefined;
    return {
      messageKey: error.messageKey ?? body?.policy?.messageKey ?? null,
      errorMessage: body?.policy?.errorMessage ?? null,
      field: error.field ?? null,
    };
  }
  return { messageKey: null, errorMessage: null, field: null };
}
