import { promoCodeRules } from '@lionrock/domain/campaign/promo-rules';
import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { validatePolicy } from '@lionrock/domain/policy/policy-rules';
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

// The rules load in their own chunk when the customer first touches the form, and the policy schema
// (zod) only with the first full check, on Start quote: neither is part of the landing (decision 022).

export type TQuoteRuleContext = {
  base: TTravelPolicy;
  today: TLocalDate;
  promoVerdicts: Readonly<Record<string, string | null>>;
};

/** The promo field's own message: its rules (travel-flow section 5), then the server's verdict on that code. */
export function promoError(promo: string, context: TQuoteRuleContext): string | undefined {
  const code = promo.trim();
  const result = validateField(code, promoCodeRules(false), { today: context.today });
  if (!result.valid) return result.messageKey;
  return context.promoVerdicts[code] ?? undefined;
}

/**
 * The landing's checks, all of them the domain's (travel-flow section 5): the promo field's rules and
 * the server's verdict on it, then the whole policy at stage `quote` (dates, then travellers). The
 * policy check stops at its first failure, so the travellers are also checked on their own and every
 * field shows its message at once.
 */
export async function validateQuoteForm(
  values: TQuoteFormValues,
  context: TQuoteRuleContext,
): Promise<TQuoteFormErrors> {
  const errors: TQuoteFormErrors = {};
  const promo = values.promo.trim();
  const promoMessage = promoError(promo, context);
  if (promoMessage) errors.promo = promoMessage;

  const policy = policyFromValues({ ...values, promo: errors.promo ? '' : promo }, context.base);
  const { ZPolicySchema } = await import('@lionrock/domain/schemas/policy-schema');
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
