import { parseDmy, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { validateEmailConfirmed } from '@lionrock/domain/eligibility/people';
import { validatePolicy } from '@lionrock/domain/policy/policy-rules';
import { ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { TPaPolicy } from '../state/pa-flow-store';

/**
 * The apply pages' check: the whole policy at stage apply by the domain's rules (the server runs the
 * same on rate), read as the field it names: `policyPAN.insured.adult2.dateOfBirth`, `policyPAN.
 * applicant.email`… A page that does not show the children yet passes `upTo: 'adults'`.
 */
export function validateApplication(
  policy: TPaPolicy,
  today: TLocalDate,
  options: { upTo: 'adults' | 'all'; emailConfirmed?: boolean },
): { field: string; messageKey: string } | null {
  const parsed = ZPolicySchema.safeParse(policy);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { field: issue?.path.join('.') ?? 'root', messageKey: MESSAGE_KEYS.getQuoteError };
  }
  const failure = validatePolicy(parsed.data, 'apply', today);
  if (failure && !(options.upTo === 'adults' && failure.field.startsWith('policyPAN.insured.children')))
    return failure;
  if (options.emailConfirmed !== undefined) {
    const confirmation = validateEmailConfirmed(options.emailConfirmed);
    if (confirmation) return { field: 'emailConfirmed', messageKey: confirmation };
  }
  return null;
}

/** The start of cover: ages count on it (pa-home-payments section 5). */
export function coverStart(policy: TPaPolicy, today: TLocalDate): TLocalDate {
  return parseDmy(policy.policyPAN.effectiveDate ?? '') ?? today;
}
