import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { declared, POLICY_ID, ratedPolicy, renderFlowPage } from '../../../test/checkout';
import { HEALTHY_SYSTEM, stubServer, type TFakeRoute } from '../../../test/render';
import { type TTravelPolicy, useTravelFlowStore } from '../../travel/state/travel-flow-store';
import { travelProduct } from '../../travel/travel-product';
import { PaymentPage } from './payment-page';

const REFERENCE = 'TSG-261123-7K3M9Q2X';
const SIGNATURE = {
  paymentUrl: 'http://localhost:3000/gateway/silent/pay',
  access_key: 'access',
  profile_id: 'profile',
  transaction_uuid: 'uuid-1',
  signed_field_names: 'access_key,profile_id,transaction_uuid,signed_field_names',
  unsigned_field_names: 'card_type,card_number,card_expiry_date,card_cvn',
  reference_number: REFERENCE,
  amount: '30.60',
  currency: 'SGD',
  paymentSignatureKey: 'c2lnbmVk',
};

function pending(policy: TTravelPolicy) {
  return {
    ...policy,
    status: 'pending',
    payment: { paymentMethod: 'CC', paymentReferenceNumber: REFERENCE },
  };
}

function start(policy: TTravelPolicy, routes: TFakeRoute[] = [], paynow = true) {
  const server = stubServer([
    ...routes,
    { match: /getPaynowStatus/, body: String(paynow) },
    { match: /updateToPending$/, body: { policy: pending(policy), paymentSignature: SIGNATURE } },
    {
      match: /issueAndReceiptPolicy$/,
      body: {
        ...pending(policy),
        status: 'issued',
        paymentSuccess: 'true',
        policyNumber: 'TSG26-0000001',
        receiptNumber: 'RSG26-0000001',
        scheduleUrl: '/b2c-server/rest/policy/schedule/x',
      },
    },
    { match: /logPaymentLifeCycle$/, body: 'success' },
    ...HEALTHY_SYSTEM,
  ]);
  useTravelFlowStore.setState({ policy, plans: [], campaign: null, initialUrl: '/travel' });
  const router = renderFlowPage('/travel/payment', <PaymentPage product={travelProduct} />);
  return { ...server, router };
}

const annual = () =>
  declared(
    ratedPolicy((policy) => ({
      ...policy,
      policyTravel: { ...policy.policyTravel, paPolicyType: 'A' },
    })),
  );

/** Every form the page posts to the gateway frame, as name → value. */
const posted: Record<string, string>[] = [];

async function fillCard(number = '4111111111111111') {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Name on card'), 'Tan Wei Ming');
  await userEvent.type(screen.getByLabelText('Expiry date'), `12${(new Date().getFullYear() + 1) % 100}`);
  await userEvent.type(screen.getByLabelText('CVV'), '123');
}

function receipt(result: Record<string, unknown>, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: { source: 'lionrock-receipt', result }, origin }),
    );
  });
}

const declined = {
  verified: true,
  outcome: 'DECLINED',
  paid: false,
  messageKey: 'paymentError.otherError',
  detail: '204',
  reasonCode: 204,
  paymentReferenceNumber: REFERENCE,
  policyId: POLICY_ID,
};

beforeEach(() => {
  useTravelFlowStore.getState().reset();
  posted.length = 0;
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function submit(this: HTMLFormElement) {
    posted.push(Object.fromEntries([...new FormData(this)].map(([name, value]) => [name, String(value)])));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the payment page (travel-flow sections 2, 4 and 8)', () => {
  it('needs both declarations: without them it goes back to confirm', async () => {
    const { router } = start(ratedPolicy());
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/confirm'));
  });

  it('shows the summary and the amount, and the method selector when PayNow is available and auto-renewal is off', async () => {
    start(declared(ratedPolicy()));
    expect(await screen.findByRole('radio', { name: 'PayNow' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Your purchase' });
    expect(summary.textContent).toContain('1 traveller');
    expect(summary.textContent).toContain('Amount to pay');
    // The price broken down as on the quote and confirm pages (decision 126), ending with the amount to pay.
    expect([...summary.querySelectorAll('[data-price-line]')].map((line) => line.textContent)).toEqual([
      'PremiumS$36.00',
      'Promotion discount−S$5.40',
      'Premium after discountsS$30.60',
      'GSTS$0.00',
      'Amount to payS$30.60',
    ]);
  });

  it("draws the ways to pay once PayNow's status is known, so nothing moves the Pay button after", async () => {
    let answer = () => {};
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    start(declared(ratedPolicy()), [{ match: /getPaynowStatus/, body: 'true', gate }]);
    expect(await screen.findByText('Loading the ways to pay…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay S\$/ })).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await act(async () => answer());
    expect(await screen.findByRole('radio', { name: 'PayNow' })).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(screen.queryByText('Loading the ways to pay…')).toBeNull();
  });

  it('shows no selector while auto-renewal is on (it needs a card)', async () => {
    start(annual());
    await screen.findByRole('button', { name: 'Pay S$30.60' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('radio', { name: 'PayNow' })).toBeNull();
  });

  it('shows no selector when PayNow is unavailable', async () => {
    start(declared(ratedPolicy()), [], false);
    await screen.findByRole('button', { name: 'Pay S$30.60' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('radio', { name: 'PayNow' })).toBeNull();
  });

  it('saves the policy as pending with an Idempotency-Key, posts the signed fields and the card to the frame, and keeps no card', async () => {
    const { calls, router } = start(declared(ratedPolicy()));
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay S$30.60' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const pendingCall = calls.find((call) => call.url.endsWith('/policy/updateToPending'))!;
    const headers = pendingCall.init!.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const body = String(pendingCall.init!.body);
    expect(body).not.toContain('4111');
    expect(JSON.parse(body).payment).toMatchObject({
      paymentMethod: 'CC',
      paymentCreditCardName: 'TAN WEI MING',
    });
    const { paymentUrl: _url, paymentSignatureKey: _key, ...signed } = SIGNATURE;
    expect(posted[0]).toEqual({
      ...signed,
      signature: 'c2lnbmVk',
      card_type: '001',
      card_number: '4111111111111111',
      card_expiry_date: `12-${new Date().getFullYear() + 1}`,
      card_cvn: '123',
    });
    expect(document.querySelector('form[target="lionrock-gateway-frame"]')).toBeNull();
    expect(sessionStorage.getItem('lionrock.travel')).not.toContain('4111');
    expect(screen.getByText('Waiting for your bank…')).toBeTruthy();

    // A message from another origin is ignored; the receipt from the shop's own is not.
    receipt({ ...declined, paid: true }, 'https://evil.example');
    expect(calls.some((call) => call.url.endsWith('/issueAndReceiptPolicy'))).toBe(false);
    receipt({ ...declined, paid: true, outcome: 'PAID', messageKey: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/finish'));
    const issueBody = JSON.parse(
      String(calls.find((call) => call.url.endsWith('/issueAndReceiptPolicy'))!.init!.body),
    );
    expect(issueBody).toMatchObject({
      paymentSuccess: 'true',
      payment: { paymentReferenceNumber: REFERENCE },
    });
    expect(useTravelFlowStore.getState().policy).toMatchObject({
      policyNumber: 'TSG26-0000001',
      receiptNumber: 'RSG26-0000001',
      status: 'issued',
    });
  });

  it('pays once however often Pay is clicked', async () => {
    const { calls } = start(declared(ratedPolicy()));
    await fillCard();
    const pay = screen.getByRole('button', { name: 'Pay S$30.60' });
    await userEvent.dblClick(pay);
    await userEvent.click(pay);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(calls.filter((call) => call.url.endsWith('/policy/updateToPending'))).toHaveLength(1);
  });

  it('shows a declined card’s reason code and logs the lifecycle without card data', async () => {
    const { calls } = start(declared(ratedPolicy()));
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay S$30.60' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    receipt(declined);
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't take this payment (reason code 204).",
    );
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/logPaymentLifeCycle'))).toBe(true));
    const log = calls.find((call) => call.url.endsWith('/logPaymentLifeCycle'))!;
    expect(JSON.parse(String(log.init!.body))).toMatchObject({
      policyId: POLICY_ID,
      paymentReferenceNumber: REFERENCE,
      step: 'gateway-answer',
      reasonCode: '204',
    });
    expect(String(log.init!.body)).not.toContain('4111');
    expect((log.init!.headers as Record<string, string>)['Session-Name']).toBeUndefined();
    // The customer can try again.
    expect((screen.getByRole('button', { name: 'Pay S$30.60' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the lifecycle log fails', async () => {
    start(declared(ratedPolicy()), [{ match: /logPaymentLifeCycle$/, status: 500, body: 'error' }]);
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay S$30.60' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    receipt({
      ...declined,
      messageKey: 'paymentError.transactionDeclinedMessage',
      reasonCode: null,
      detail: 'Declined',
    });
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('PaymentError - LogPaymentLifecycle failed'));
    expect(alert.textContent).toContain('Please try again. Transaction was declined due to: Declined');
  });

  it('shows the bank’s challenge as a dialog', async () => {
    start(declared(ratedPolicy()));
    await fillCard('4000000000004756');
    await userEvent.click(screen.getByRole('button', { name: 'Pay S$30.60' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: 'lionrock-test-gateway', type: 'challenge' },
          origin: window.location.origin,
        }),
      );
    });
    const dialog = await screen.findByRole('dialog', { name: 'Verify your payment' });
    expect(within(dialog).getByTitle('Card payment with your bank').getAttribute('name')).toBe(
      'lionrock-gateway-frame',
    );
  });

  it('shows "Payment Failed" when the pending save fails', async () => {
    start(declared(ratedPolicy()), [{ match: /updateToPending$/, status: 500, body: { message: 'boom' } }]);
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay S$30.60' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Payment Failed');
    expect(posted).toHaveLength(0);
  });

  it('goes to the finish page when the policy is already paid and issued', async () => {
    const { router } = start({
      ...declared(ratedPolicy()),
      paymentSuccess: 'true',
      policyNumber: 'TSG26-0000009',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/finish'));
  });
});
