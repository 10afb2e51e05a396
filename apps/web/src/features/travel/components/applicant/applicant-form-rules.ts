import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { validateEmailConfirmed } from '@lionrock/domain/eligibility/people';
import { listTravelErrors } from '@lionrock/domain/policy/policy-rules';
import {
  type TApplicant,
  type TPolicy,
  type TTraveller,
  ZPolicySchema,
} from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { TTravelPolicy } from '../../state/travel-flow-store';
import { applicationFromValues, formFieldOf, type TApplicantFormValues } from './applicant-form-values';

// The rules and the policy schema load in their own chunk, requested as the page mounts (decision 022).

/**
 * The applicant page's checks, all of them the domain's (travel-flow section 5): the whole policy at
 * stage `apply`, every wrong field at once (each field's first failing rule), and the e-mail box.
 * The trip and counts were checked when quoting; should they fail now (a departure that has passed),
 * the message shows for the whole form. Returns message keys by form field (`root` for the form).
 */
export function validateApplicantForm(
  values: TApplicantFormValues,
  context: { base: TTravelPolicy; today: TLocalDate },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const { applicant: _applicant, travellersList: _list, ...trip } = context.base.policyTravel;
  const parsed = ZPolicySchema.safeParse({ ...context.base, policyTravel: trip });
  if (!parsed.success) return { root: MESSAGE_KEYS.getQuoteError };
  // The people are checked by the domain's rules, lengths included, before the schema would refuse them.
  const application = applicationFromValues(values, context.base).policyTravel;
  const policy: TPolicy = {
    ...parsed.data,
    policyTravel: {
      ...parsed.data.policyTravel!,
      isTraveller: application.isTraveller,
      applicant: application.applicant as TApplicant,
      travellersList: application.travellersList as TTraveller[],
    },
  };
  for (const failure of listTravelErrors(policy, 'apply', context.today)) {
    errors[formFieldOf(failure.field, failure.messageKey, values)] ??= failure.messageKey;
  }
  const confirmation = validateEmailConfirmed(values.emailConfirmed);
  if (confirmation) errors.emailConfirmed ??= confirmation;
  return errors;
}
