import { cardDigits, cardTypeOf, type TCardForm, toGatewayExpiry } from '@lionrock/domain/card/card';
import type { TPaymentSignature } from '../../api/payment-api';

/** The hidden frame the card is posted into; the receipt page inside it answers by postMessage. */
export const GATEWAY_FRAME = 'lionrock-gateway-frame';

/**
 * What the browser posts to the gateway (decision 010; Secure Acceptance Silent Order POST): every
 * signed field the server answered except `paymentUrl`, `paymentSignatureKey` as `signature`, and the
 * card — type, digits, expiry as MM-YYYY and CVN — which never reaches the shop's server.
 */
export function gatewayFields(signature: TPaymentSignature, card: TCardForm): Record<string, string> {
  const { paymentUrl: _url, paymentSignatureKey, ...signed } = signature;
  const digits = cardDigits(card.cardNumber);
  return {
    ...signed,
    signature: paymentSignatureKey ?? '',
    card_type: cardTypeOf(digits) ?? '',
    card_number: digits,
    card_expiry_date: toGatewayExpiry(card.expiryDate.trim()),
    card_cvn: card.cvv.trim(),
  };
}

/** Builds the hidden form, posts it into the frame and removes it at once: no card value stays in the page. */
export function postToFrame(url: string, fields: Record<string, string>, target = GATEWAY_FRAME): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.target = target;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}
