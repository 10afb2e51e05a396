import { reasonMessageOf, type TPaymentResult } from '@lionrock/domain/payments/gateway-decision';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { useTranslation } from '../../../../lib/i18n';

/** A message to show: the spec's key and what follows it. */
export type TShownMessage = { key: string; values?: Record<string, string> };

/**
 * What a gateway answer that did not pay shows (travel-flow section 8; pa-home-payments section 8):
 * with a reason code, paymentError.otherError followed by the code; without one,
 * paymentError.transactionDeclinedMessage followed by the provider's message and invalid fields.
 * A review or refund shows its own key; anything else "Payment Failed".
 */
export function receiptFailureMessage(
  result: Pick<TPaymentResult, 'messageKey' | 'detail' | 'reasonCode'>,
): TShownMessage {
  if (result.messageKey === MESSAGE_KEYS.paymentOtherError)
    return {
      key: MESSAGE_KEYS.paymentOtherError,
      values: { code: String(result.reasonCode ?? result.detail) },
    };
  if (result.messageKey === MESSAGE_KEYS.paymentDeclined)
    return { key: MESSAGE_KEYS.paymentDeclined, values: { detail: result.detail } };
  if (result.messageKey) return { key: result.messageKey, values: { detail: result.detail } };
  return { key: MESSAGE_KEYS.paymentFailed };
}

/** "Error While doing policy issue receipt" and the server's reason (travel-flow section 8), said once. */
export function issueFailureMessage(errorMessage: string | undefined): TShownMessage {
  const detail = (errorMessage ?? '').replace(/^Error While doing policy issue receipt:?\s*/i, '');
  return { key: MESSAGE_KEYS.issueReceiptFailed, values: { detail } };
}

/**
 * The text of a message: the catalogue's wording, and after a reason code what it means for the customer
 * and what to do next (its group's text, pa-home-payments section 8). An unknown key (the server's own
 * text) is shown as it is.
 */
export function useMessageText() {
  const { t, exists } = useTranslation();
  return (message: TShownMessage): string => {
    if (!exists(message.key)) return message.key;
    const text = t(message.key, message.values ?? {});
    const code = message.key === MESSAGE_KEYS.paymentOtherError ? message.values?.code : undefined;
    if (!code) return text;
    const reason = `paymentError.reasons.${reasonMessageOf(Number(code))}`;
    return exists(reason) ? `${text} ${t(reason)}` : text;
  };
}
