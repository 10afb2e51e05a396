import { randomUUID } from 'node:crypto';
import { recordConsent } from '@lionrock/domain/consents/consents';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { expect } from '@playwright/test';

/**
 * Pays a pending card payment at the shop's built-in test gateway as the browser's hidden frame does:
 * the signed fields and a Visa test card posted to the gateway, its signed answer (the hidden fields of
 * the page it returns) posted to the shop's receipt. Answers the receipt's result, which must be paid.
 */
export async function payWithTestCard(
  baseUrl: string,
  paymentSignature: Record<string, string>,
): Promise<{ paid: boolean; policyNumber: string }> {
  const { paymentUrl, paymentSignatureKey, ...signed } = paymentSignature;
  const gateway = await fetch(paymentUrl!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...signed,
      signature: paymentSignatureKey!,
      card_type: '001',
      card_number: '4111111111111111',
      card_expiry_date: '12-2030',
      card_cvn: '123',
    }).toString(),
  });
  const fields: Record<string, string> = {};
  for (const [, name, value] of (await gateway.text()).matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
  ))
    fields[name!] = value!
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
  const receipt = await fetch(`${baseUrl}/b2c-server/rest/payment/receipt`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
  const result = (await receipt.json()) as { paid: boolean; policyNumber: string };
  expect(result.paid).toBe(true);
  return result;
}

/** One call to the shop's REST API with its own Session-Name; it must answer 200. */
async function rest(baseUrl: string, pathname: string, session: string, body: unknown) {
  const response = await fetch(`${baseUrl}/b2c-server/rest/${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'session-name': session },
    body: JSON.stringify(body),
  });
  expect(response.status, `${pathname}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A policy bought through the API as a browser does: quoted (`multirate`), its first plan rated, the
 * declarations consented, made pending and paid by the test card at the built-in gateway. `input` is a
 * whole policy (a `build…Policy` fixture); `change` edits the rated policy before it goes pending (the
 * auto-renewal choice, say). Answers the policy number.
 */
export async function buyByApi(
  baseUrl: string,
  input: TPolicyInput,
  change: (rated: Record<string, unknown>) => Record<string, unknown> = (rated) => rated,
): Promise<string> {
  const session = `e2e-buy-${randomUUID()}`;
  const quoted = await rest(baseUrl, 'policy/multirate', session, input);
  // Travel takes its first plan; home its middle one, as its quote page starts on it.
  const home = input.productType === 'PHM';
  const plans = (quoted[home ? 'policyHome' : 'policyTravel'] as { premiumItems: { planName: string }[] })
    .premiumItems;
  const rated = await rest(baseUrl, 'policy/rate', session, {
    ...input,
    ...(home
      ? { policyHome: { ...input.policyHome, selectedPlan: plans[1]!.planName, policyPremium: plans[1] } }
      : { policyTravel: { ...input.policyTravel, policyPremium: plans[0] } }),
  });
  const at = new Date().toISOString();
  const consent = recordConsent(true, at);
  const pending = await rest(baseUrl, 'policy/updateToPending', session, {
    ...change(rated),
    consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, at) },
  });
  const result = await payWithTestCard(baseUrl, pending.paymentSignature as Record<string, string>);
  return result.policyNumber;
}
