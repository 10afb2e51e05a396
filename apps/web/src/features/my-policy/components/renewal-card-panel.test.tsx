import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../test/render';
import { CARD_FRAME, RenewalCardPanel } from './renewal-card-panel';

const POLICY_ID = 'b633b901-6336-420a-9c9c-9af1318d1947';
const SIGNED = {
  paymentUrl: 'http://localhost:3000/gateway/silent/pay',
  access_key: 'test-access-sgp',
  profile_id: 'LIONROCK-TEST-SGP',
  transaction_uuid: '7f0c8a8e-3f0e-4b64-9a4f-7d2b8c1e0a11',
  transaction_type: 'create_payment_token',
  reference_number: 'TSG-261125-ABCDEFGH',
  amount: '0.00',
  currency: 'SGD',
  signed_field_names:
    'access_key,profile_id,transaction_uuid,transaction_type,reference_number,amount,currency',
  unsigned_field_names: 'card_type,card_number,card_expiry_date,card_cvn',
  paymentSignatureKey: 'c2lnbmF0dXJl',
};

/** Every form the panel posts, with its target frame. */
const posted: { target: string; fields: Record<string, string> }[] = [];

beforeEach(() => {
  posted.length = 0;
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function submit(this: HTMLFormElement) {
    posted.push({
      target: this.target,
      fields: Object.fromEntries([...new FormData(this)].map(([name, value]) => [name, String(value)])),
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillCard(number = '5555555555554444') {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Name on card'), 'Tan Wei Ming');
  await userEvent.type(screen.getByLabelText('Expiry date'), `12${(new Date().getFullYear() + 1) % 100}`);
  await userEvent.type(screen.getByLabelText('CVV'), '123');
}

const STEP_UP = { match: /\/step-up$/, body: { sentTo: 'W***@E***.COM', validMinutes: 10 } };

/** After the card form, the code from the policy's address (decision 102); the card stays in the page. */
async function confirmStepUp(code = '864209') {
  await screen.findByText(/We've e-mailed a 6-digit code to W\*\*\*@E\*\*\*\.COM/);
  await userEvent.type(screen.getByLabelText('Code from the e-mail'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Save this card' }));
}

function answer(result: Record<string, unknown>, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: { source: 'lionrock-card-receipt', result }, origin }),
    );
  });
}

describe('the renewal card panel (decisions 069 and 102)', () => {
  it('shows the card on file, and none to change for a policy that does not renew by card', () => {
    const { unmount } = render(
      <RenewalCardPanel policyId={POLICY_ID} card={{ masked: '•••• 1111', expiry: '12/2030' }} />,
    );
    expect(
      screen.getByText('Renewals are charged to the card ending •••• 1111 (expires 12/2030).'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change card' })).toBeTruthy();
    unmount();
    render(<RenewalCardPanel policyId={POLICY_ID} card={null} changeable={false} />);
    expect(screen.getByText('No card is saved for your renewals.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change card' })).toBeNull();
  });

  it('posts the signed token-only request and the card into the frame, never to the shop, and shows the new card', async () => {
    const { calls } = stubServer([STEP_UP, { match: /\/renewal-card$/, body: SIGNED }]);
    const onChanged = vi.fn();
    render(
      <RenewalCardPanel
        policyId={POLICY_ID}
        card={{ masked: '•••• 1111', expiry: '12/2030' }}
        onChanged={onChanged}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change card' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'Save this card' }));
    // Nothing is signed or posted before the code from the policy's address.
    expect(calls.some((call) => call.url.endsWith('/renewal-card'))).toBe(false);
    await confirmStepUp();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.target).toBe(CARD_FRAME);
    expect(posted[0]!.fields).toMatchObject({
      transaction_type: 'create_payment_token',
      amount: '0.00',
      reference_number: 'TSG-261125-ABCDEFGH',
      signature: 'c2lnbmF0dXJl',
      card_number: '5555555555554444',
      card_type: '002',
      card_cvn: '123',
    });
    expect(posted[0]!.fields.paymentUrl).toBeUndefined();
    // The shop got the code's request and the signing call, with no card in either.
    const shopCalls = calls.filter((call) => call.url.includes('/my-policy/'));
    expect(shopCalls.map((call) => call.url.split('/').at(-1))).toEqual(['step-up', 'renewal-card']);
    for (const call of shopCalls) expect(String(call.init?.body)).not.toContain('5555');
    expect(JSON.parse(String(shopCalls[1]!.init?.body))).toEqual({ stepUpCode: '864209' });

    // An answer from another origin is ignored; the shop's own is believed.
    answer({ stored: true, maskedCard: '•••• 9999', cardExpiry: '01/2031' }, 'https://evil.example');
    expect(screen.queryByText(/card ending •••• 9999/)).toBeNull();
    answer({
      stored: true,
      maskedCard: '•••• 4444',
      cardExpiry: '12/2031',
      messageKey: null,
      reasonCode: 100,
    });
    expect(
      await screen.findByText('Your renewals will now be charged to the card ending •••• 4444.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Renewals are charged to the card ending •••• 4444 (expires 12/2031).'),
    ).toBeTruthy();
    expect(onChanged).toHaveBeenCalledWith({ masked: '•••• 4444', expiry: '12/2031' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change card' }));
  });

  it('keeps the old card and says why when the bank declines the new one', async () => {
    stubServer([STEP_UP, { match: /\/renewal-card$/, body: SIGNED }]);
    render(<RenewalCardPanel policyId={POLICY_ID} card={{ masked: '•••• 1111', expiry: '12/2030' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change card' }));
    await fillCard('4000000000002040');
    await userEvent.click(screen.getByRole('button', { name: 'Save this card' }));
    await confirmStepUp();
    await waitFor(() => expect(posted).toHaveLength(1));
    answer({
      stored: false,
      maskedCard: null,
      cardExpiry: null,
      messageKey: 'myPolicy.card.errors.declined',
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/didn't accept this card/);
    expect(
      screen.getByText('Renewals are charged to the card ending •••• 1111 (expires 12/2030).'),
    ).toBeTruthy();
    // The form is there to try another card.
    expect(screen.getByRole('button', { name: 'Save this card' })).toBeTruthy();
  });

  it('shows the server’s refusal of a policy that cannot renew by card', async () => {
    stubServer([
      STEP_UP,
      {
        match: /\/renewal-card$/,
        status: 409,
        body: {
          statusCode: 409,
          field: 'policyId',
          messageKey: 'myPolicy.card.errors.notEligible',
          message: 'x',
        },
      },
    ]);
    render(<RenewalCardPanel policyId={POLICY_ID} card={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change card' }));
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'Save this card' }));
    await confirmStepUp();
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This policy's renewals can't be paid by card.",
    );
    expect(posted).toHaveLength(0);
  });
});
