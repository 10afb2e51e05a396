import { parseDmy, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { validateEmailConfirmed } from '@lionrock/domain/eligibility/people';
import { listPolicyErrors, type TFieldError } from '@lionrock/domain/policy/policy-rules';
import { type TPolicy, ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { TPaPolicy } from '../state/pa-flow-store';

/**
 * The apply pages' check: the whole policy at stage apply by the domain's rules (the server runs the
 * same on rate), every failing field at once, each named by its path in the policy
 * (`policyPAN.insured.adult2.dateOfBirth`, `policyPAN.applicant.email`…), and the e-mail box. The
 * rules read what was typed, so a date typed 1980-01-01 is "invalid date", not a broken request; the
 * wire's schema is the last guard.
 */
export function listApplicationErrors(
  policy: TPaPolicy,
  today: TLocalDate,
  options: { emailConfirmed?: boolean } = {},
): TFieldError[] {
  const errors = listPolicyErrors(policy as TPolicy, 'apply', today);
  if (options.emailConfirmed !== undefined) {
    const confirmation = validateEmailConfirmed(options.emailConfirmed);
    if (confirmation) errors.push({ field: 'emailConfirmed', messageKey: confirmation });
  }
  if (errors.length > 0) return errors;
  const parsed = ZPolicySchema.safeParse(policy);
  if (parsed.success) return [];
  return [
    { field: parsed.error.issues[0]?.path.join('.') ?? 'root', messageKey: MESSAGE_KEYS.getQuoteError },
  ];
}

/** The start of cover: ages count on it (pa-home-payments section 5). */
export function coverStart(policy: TPaPolicy, today: TLocalDate): TLocalDate {
  return parseDmy(policy.policyPAN.effectiveDate ?? '') ?? today;
}
