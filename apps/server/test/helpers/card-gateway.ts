import type { FastifyInstance } from 'fastify';

/** The content type of a form the browser posts (to the gateway, to the receipt page). */
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * What the browser does with updateToPending's answer: the signed fields plus the card, posted to
 * paymentUrl (the built-in test gateway, which records the transaction for the shop's server-to-server
 * lookup); then the fields of the answer page's form, as the frame posts them to the receipt page.
 */
export async function payAtTestGateway(
  app: FastifyInstance,
  paymentSignature: Record<string, string>,
  cardNumber = '4111111111111111',
  card: TCardDetails = {},
): Promise<Record<string, string>> {
  const { url, form } = gatewayRequest(paymentSignature, cardNumber, card);
  const gateway = await app.inject({
    method: 'POST',
    url,
    headers: FORM,
    payload: form,
  });
  if (gateway.statusCode !== 200) throw new Error(`the test gateway answered ${gateway.statusCode}`);
  return answerFields(gateway.body, cardNumber);
}

/** What the customer types beside the card number (by default a card valid to 12-2030, CVN 123). */
export type TCardDetails = { expiry?: string; cvn?: string };

/** The path and form the browser's frame posts to the gateway: the signed fields, the signature and the card. */
export function gatewayRequest(
  paymentSignature: Record<string, string>,
  cardNumber: string,
  card: TCardDetails = {},
): { url: string; form: string } {
  const { paymentUrl, paymentSignatureKey, ...signed } = paymentSignature;
  const form = new URLSearchParams({
    ...signed,
    signature: paymentSignatureKey!,
    card_type: cardNumber.startsWith('4') ? '001' : '002',
    card_number: cardNumber,
    card_expiry_date: card.expiry ?? '12-2030',
    card_cvn: card.cvn ?? '123',
  });
  return { url: new URL(paymentUrl!).pathname, form: form.toString() };
}

/** The hidden fields of the gateway's answer page, as its form posts them to the receipt page. */
export function answerFields(page: string, cardNumber: string): Record<string, string> {
  if (page.includes(cardNumber)) throw new Error('the test gateway echoed the card number');
  const answer: Record<string, string> = {};
  for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    answer[name!] = value!
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
  if (!answer.signature) throw new Error('the test gateway signed no answer');
  return answer;
}

/** Posts gateway answer fields to the receipt page, asking for the JSON result. */
export const postReceipt = (app: FastifyInstance, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/b2c-server/rest/payment/receipt',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    payload: new URLSearchParams(fields).toString(),
  });
