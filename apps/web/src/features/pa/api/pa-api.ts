import { parseDmy } from '@lionrock/domain/dates/local-date';
import type { TPolicy, TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { stripUiFields } from '@lionrock/domain/schemas/policy-schema';
import { FIELD_LENGTHS } from '@lionrock/domain/validation/field-lengths';
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

/**
 * What pricing the plans needs: the cover and the people as far as they are typed, without the
 * applicant, so the quote-stage rules apply (a half-typed applicant page is never refused) while every
 * ID number typed is still checked against the blacklist (pa-home-payments section 4).
 */
function forPricing(policy: TPolicyInput): TPolicyInput {
  if (!policy.policyPAN) return policy;
  const { applicant: _applicant, ...pa } = policy.policyPAN;
  const insured = pa.insured;
  return {
    ...policy,
    policyPAN: {
      ...pa,
      ...(insured
        ? {
            insured: {
              ...insured,
              ...(insured.adult1 ? { adult1: asTyped(insured.adult1) } : {}),
              ...(insured.adult2 ? { adult2: asTyped(insured.adult2) } : {}),
              children: (insured.children ?? []).map(asTyped),
            },
          }
        : {}),
    },
  };
}

/** A person as far as typed, within the wire's forms: a date not yet a DD/MM/YYYY date is left out. */
function asTyped<
  T extends { lastName?: string | undefined; hkId?: string | undefined; dateOfBirth?: string | undefined },
>(person: T): T {
  const dateOfBirth = person.dateOfBirth?.trim() ?? '';
  return {
    ...person,
    lastName: (person.lastName ?? '').trim().slice(0, FIELD_LENGTHS.name),
    hkId: (person.hkId ?? '').trim().slice(0, FIELD_LENGTHS.id),
    dateOfBirth: parseDmy(dateOfBirth) ? dateOfBirth : '',
  };
}

export const paApi = {
  /** Every plan A–D priced for the cover chosen; stores nothing. */
  multirate: (policy: TPolicyInput) => call('multirate', forPricing(policy)),
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
