import { promoCodeRules } from '@lionrock/domain/campaign/promo-rules';
import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { validatePolicy } from '@lionrock/domain/policy/policy-rules';
import { ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import { closeTravellerPicker, validateTravellers } from '@lionrock/domain/travel/trip-rules';
import { validateField } from '@lionrock/domain/validation/field-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { TTravelPolicy } from '../../state/travel-flow-store';
import {
  formFieldOf,
  policyFromValues,
  type TQuoteFormErrors,
  type TQuoteFormValues,
} from './quote-form-values';

// The rules and the policy schema load in their own chunk, after the landing has rendered (issue 6:
// the landing's bundle stays small); the form waits for them only if submitted within that moment.

/**
 * The landing's checks, all of them the domain's (travel-flow section 5): the promo field's rules and
 * the server's verdict on it, then the whole policy at stage `quote` (dates, then travellers). The
 * policy check stops at its first failure, so the travellers are also checked on their own and every
 * field shows its message at once.
 */
export function validateQuoteForm(
  values: TQuoteFormValues,
  context: { base: TTravelPolicy; today: TLocalDate; promoVerdicts: Readonly<Record<string, string | null>> },
): TQuoteFormErrors {
  const errors: TQuoteFormErrors = {};
  const promo = values.promo.trim();
  const promoResult = validateField(promo, promoCodeRules(false), { today: context.today });
  if (!promoResult.valid) errors.promo = promoResult.messageKey;
  else if (context.promoVerdicts[promo]) errors.promo = context.promoVerdicts[promo]!;

  const policy = policyFromValues({ ...values, promo: errors.promo ? '' : promo }, context.base);
  const parsed = ZPolicySchema.safeParse(policy);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = formFieldOf(issue.path.join('.'));
    errors[field] ??= MESSAGE_KEYS.getQuoteError;
    return errors;
  }
  const failure = validatePolicy(parsed.data, 'quote', context.today);
  if (failure) errors[formFieldOf(failure.field)] ??= failure.messageKey;
  const travellers = values.travellers ? closeTravellerPicker(values.travellers) : null;
  const travellerError = travellers
    ? validateTravellers(travellers)
    : validateTravellers({ travellerType: 'ID', individuals: 0, adults: 0, children: 0 });
  if (travellerError) errors.travellers ??= travellerError;
  return errors;
}
