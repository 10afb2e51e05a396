import type { TInsuredAddressChange } from '@lionrock/domain/home/address-endorsement';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { renderAt, stubServer } from '../../../test/render';
import type { TInsuredAddressQuote, TInsuredAddressView } from '../api/manage-api';
import type { TPolicyDetails } from '../api/my-policy-api';
import { InsuredAddressPanel } from './insured-address-panel';
import { COLLECTION_FRAME } from './insured-address-payment';
import { ManagePanels } from './manage-panels';

const POLICY_ID = 'c0a8f3e2-5b7d-4e61-9f2a-3d4c5b6a7e8f';
const BASE = `/my-policy/policies/${POLICY_ID}/insured-address`;

const SG_ADDRESS: TInsuredAddressChange = {
  blockOrHouseNo: '10',
  streetName: 'Anson Road',
  unitNo: '#12-01',
  postalCode: '079903',
  dwellingType: 'HDB',
  hdbFlatType: '4_ROOM',
};
const SG_VIEW: TInsuredAddressView = {
  changeable: true,
  country: 'SGP',
  currency: 'SGD',
  address: SG_ADDRESS,
  reasonKey: null,
};
const HK_VIEW: TInsuredAddressView = {
  changeable: true,
  country: 'HKG',
  currency: 'HKD',
  address: {
    blockOrHouseNo: 'Flat 12A, 8/F, Block 3',
    buildingName: 'Harbour View',
    streetName: '1 Harbour Road',
    district: 'WC',
    floorArea: '500_799',
    buildingAge: '20_TO_39',
  },
  reasonKey: null,
};
/** Nothing typed yet: every field of the form starts empty. */
const EMPTY = { blockOrHouseNo: '', streetName: '' };

const quoteOf = (
  outcome: TInsuredAddressQuote['outcome'],
  differenceCents: number,
  annualCents = 20_000,
) => ({
  outcome,
  currency: 'SGD',
  differenceCents,
  annualCents,
  from: '01/09/2026',
  daysLeft: 73,
  termDays: 365,
  refundTo: outcome === 'refund' ? { method: 'CC' as const, cardLast4: '1111' } : null,
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}'));
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const STEP_UP = { match: /\/step-up$/, body: { sentTo: 'W***@E***.COM', validMinutes: 10 } };
const CALL_US = `call us on ${INSURER_CONTACTS.SGP.hotline}.`;

/** Opens the form (it loads on demand) and waits for its first field. */
async function openForm(name = 'Change the insured address', first = 'Block or house number') {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.findByLabelText(first);
}

/** A new Singapore address, typed over the one insured. */
async function typeNewAddress() {
  const street = await openForm();
  await userEvent.clear(street);
  await userEvent.type(street, '22');
  await userEvent.clear(screen.getByLabelText('Street'));
  await userEvent.type(screen.getByLabelText('Street'), 'Tanjong Pagar Road');
  await userEvent.clear(screen.getByLabelText('Postal code'));
  await userEvent.type(screen.getByLabelText('Postal code'), '088443');
}
const NEW_ADDRESS = {
  blockOrHouseNo: '22',
  streetName: 'Tanjong Pagar Road',
  unitNo: '#12-01',
  postalCode: '088443',
  dwellingType: 'HDB',
  hdbFlatType: '4_ROOM',
};

// happy-dom's select has no `size` (0 in a browser): without it react-hook-form takes a select for
// edited by the customer and leaves out its default value, so the form would open empty.
if (!('size' in HTMLSelectElement.prototype))
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });

beforeEach(() => applyLanguage('en', 'SGP'));
afterEach(() => {
  vi.unstubAllGlobals();
  applyLanguage('en', 'SGP');
});

describe('the insured address panel of a home policy (issue 29, decision 138)', () => {
  it('shows the address and the facts it is rated on, or why it cannot change online', async () => {
    stubServer([]);
    const { unmount } = render(<InsuredAddressPanel policyId={POLICY_ID} view={SG_VIEW} />);
    expect(screen.getByRole('heading', { name: 'Insured address' })).toBeTruthy();
    expect(screen.getByText('10 Anson Road, #12-01, 079903')).toBeTruthy();
    expect(screen.getByText('HDB flat')).toBeTruthy();
    expect(screen.getByText('4-room HDB flat')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change the insured address' })).toBeTruthy();
    unmount();

    render(
      <InsuredAddressPanel
        policyId={POLICY_ID}
        view={{ ...SG_VIEW, changeable: false, reasonKey: 'myPolicy.insuredAddress.errors.notChangeable' }}
      />,
    );
    expect(
      screen.getByText("The insured address of this policy can't be changed online. Please call us."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change the insured address' })).toBeNull();
  });

  it('flags every Singapore field at once on an empty form, the focus on the first, and sends nothing', async () => {
    const { calls } = stubServer([]);
    render(<InsuredAddressPanel policyId={POLICY_ID} view={{ ...SG_VIEW, address: EMPTY }} />);
    const first = await openForm();
    expect(document.activeElement).toBe(first);
    await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));

    const invalid = ['Block or house number', 'Street', 'Postal code', 'Type of home'];
    for (const label of invalid)
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    for (const label of ['Unit number', 'Building or estate (optional)'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(3);
    expect(screen.getByText('Please select value')).toBeTruthy();
    expect(screen.getByText('Please check the 4 fields marked above.')).toBeTruthy();
    expect(document.activeElement).toBe(first);
    // Hong Kong's fields are not Singapore's.
    expect(screen.queryByLabelText('District')).toBeNull();
    expect(screen.queryByLabelText('Gross floor area')).toBeNull();

    // An HDB flat is asked its type too.
    await userEvent.selectOptions(screen.getByLabelText('Type of home'), 'HDB');
    await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
    expect(screen.getByLabelText('HDB flat type').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.url.includes('/my-policy/'))).toHaveLength(0);
  });

  it('flags every Hong Kong field at once on an empty form', async () => {
    const { calls } = stubServer([]);
    render(<InsuredAddressPanel policyId={POLICY_ID} view={{ ...HK_VIEW, address: EMPTY }} />);
    const first = await openForm('Change the insured address', 'Flat, floor and block');
    await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
    const invalid = [
      'Flat, floor and block',
      'Street',
      'District',
      'Gross floor area',
      'Age of the building',
    ];
    for (const label of invalid)
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Building or estate').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Please check the 5 fields marked above.')).toBeTruthy();
    expect(document.activeElement).toBe(first);
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s refusal of a field on that field, after sending the market’s fields only', async () => {
    const { calls } = stubServer([
      {
        match: /\/insured-address\/quote$/,
        status: 400,
        body: {
          statusCode: 400,
          field: 'postalCode',
          messageKey: 'homeErrorMessage.postalCode',
          errors: [{ field: 'postalCode', messageKey: 'homeErrorMessage.postalCode' }],
          message: 'x',
        },
      },
    ]);
    render(<InsuredAddressPanel policyId={POLICY_ID} view={SG_VIEW} />);
    await typeNewAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
    const postal = screen.getByLabelText('Postal code');
    await waitFor(() => expect(postal.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter the 6-digit postal code.')).toBeTruthy();
    expect(document.activeElement).toBe(postal);
    const quote = calls.find((call) => call.url.endsWith(`${BASE}/quote`))!;
    expect(quote.init?.method).toBe('POST');
    expect(bodyOf(quote.init)).toEqual(NEW_ADDRESS);
    // The refusal of a field is not an outage.
    expect(screen.queryByText(/couldn't check or change/)).toBeNull();
  });

  it('says nothing changes for the address insured already, without a call', async () => {
    const { calls } = stubServer([]);
    render(<InsuredAddressPanel policyId={POLICY_ID} view={SG_VIEW} />);
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is the address your policy insures already.',
    );
    expect(calls).toHaveLength(0);
  });

  it.each([
    {
      outcome: 'none' as const,
      difference: 0,
      annual: 20_000,
      says: 'Your premium stays the same. The new address is insured from 01/09/2026.',
      button: 'Confirm the new address',
    },
    {
      outcome: 'collect' as const,
      difference: 800,
      annual: 24_000,
      says: 'Your premium rises by S$8.00 for the 73 days left of your cover (S$240.00 a year).',
      button: 'Pay S$8.00 by card',
    },
    {
      outcome: 'refund' as const,
      difference: -800,
      annual: 16_000,
      says: 'Your premium falls by S$8.00 for the 73 days left of your cover (S$160.00 a year).',
      button: 'Confirm the new address',
    },
  ])(
    'states the premium of outcome $outcome, and offers the change online: a rise paid by card first',
    async ({ outcome, difference, annual, says, button }) => {
      stubServer([{ match: /\/insured-address\/quote$/, body: quoteOf(outcome, difference, annual) }]);
      render(<InsuredAddressPanel policyId={POLICY_ID} view={SG_VIEW} />);
      await typeNewAddress();
      await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
      expect(await screen.findByText(says)).toBeTruthy();
      expect(screen.getByRole('button', { name: button })).toBeTruthy();
      expect(screen.queryAllByRole('button', { name: /Confirm the new address|by card/ })).toHaveLength(1);
      // A change of the address asks for a new figure.
      await userEvent.type(screen.getByLabelText('Street'), ' East');
      expect(screen.queryByText(says)).toBeNull();
    },
  );

  it('confirms the change with the fresh code (a 403 until it is given), then shows the new address', async () => {
    let changes = 0;
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, init });
        if (url.endsWith('/step-up')) return json(STEP_UP.body);
        if (url.endsWith('/insured-address/quote')) return json(quoteOf('none', 0));
        if (url.endsWith('/insured-address')) {
          changes += 1;
          return changes === 1
            ? json(
                {
                  statusCode: 403,
                  field: 'stepUpCode',
                  messageKey: 'myPolicy.stepUp.errors.required',
                  message: 'x',
                },
                403,
              )
            : json({
                policyNumber: 'PHM26-0000001',
                address: NEW_ADDRESS,
                endorsedFrom: '01/09/2026',
                refund: null,
              });
        }
        return new Response('', { status: 204 });
      }),
    );
    const onChanged = vi.fn();
    render(<InsuredAddressPanel policyId={POLICY_ID} view={SG_VIEW} onChanged={onChanged} />);
    await typeNewAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the new address' }));

    // The code goes to the policy's address first; nothing changes before it comes back.
    await screen.findByText(
      /We've e-mailed a 6-digit code to W\*\*\*@E\*\*\*\.COM.*change your insured address/,
    );
    const asked = calls.find((call) => call.url.endsWith(`/my-policy/policies/${POLICY_ID}/step-up`))!;
    expect(bodyOf(asked.init)).toEqual({ purpose: 'insured-address', language: 'en' });
    expect(calls.some((call) => call.url.endsWith(BASE))).toBe(false);
    const code = screen.getByLabelText('Code from the e-mail');
    await userEvent.type(code, '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the new address' }));
    // The server's 403 asks for the code on the code's field.
    expect(
      await screen.findByText('Please enter the newest code we e-mailed to you, or ask for a new one.'),
    ).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Confirm the new address' }));
    expect(
      await screen.findByText(
        'Your insured address is changed with effect from 01/09/2026. We have e-mailed you the new policy schedule.',
      ),
    ).toBeTruthy();
    const sent = calls.filter((call) => call.url.endsWith(BASE));
    expect(sent).toHaveLength(2);
    expect(bodyOf(sent[1]!.init)).toEqual({
      ...NEW_ADDRESS,
      stepUpCode: '246810',
      expectedDifferenceCents: 0,
    });
    expect(screen.getByText('22 Tanjong Pagar Road, #12-01, 088443')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change the insured address' }));
  });

  it.each([
    {
      route: { method: 'CC' as const, cardLast4: '1111' },
      before: 'The refund goes back to your card ending 1111.',
      refund: { state: 'succeeded', reference: 'RE00112233445566778899AABBCCDDEEFF' },
      after:
        "We're refunding S$8.00 to your card ending 1111. Your bank usually shows it within 7 to 14 working days. " +
        "Your refund's reference is RE00112233445566778899AABBCCDDEEFF.",
    },
    {
      route: { method: 'PN' as const, cardLast4: '' },
      before:
        "We'll refund S$8.00 by bank transfer: our operations team will contact you within 7 working days.",
      refund: { state: 'manual', reference: 'RE99887766554433221100FFEEDDCCBBAA' },
      after:
        "We'll refund S$8.00 by bank transfer: our operations team will contact you within 7 working days. " +
        "Your refund's reference is RE99887766554433221100FFEEDDCCBBAA.",
    },
  ])(
    'says where a lower premium goes back ($route.method) before the code, and its reference after',
    async ({ route, before, refund, after }) => {
      const { calls } = stubServer([
        STEP_UP,
        { match: /\/insured-address\/quote$/, body: { ...quoteOf('refund', -800, 16_000), refundTo: route } },
        {
          match: /\/insured-address$/,
          body: {
            policyNumber: 'PHM26-0000001',
            address: NEW_ADDRESS,
            endorsedFrom: '01/09/2026',
            refund: { ...route, amountCents: 800, ...refund },
          },
        },
      ]);
      render(<InsuredAddressPanel policyId={POLICY_ID} view={SG_VIEW} />);
      await typeNewAddress();
      await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
      expect(await screen.findByText(before)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm the new address' }));
      await userEvent.type(await screen.findByLabelText('Code from the e-mail'), '246810');
      await userEvent.click(screen.getByRole('button', { name: 'Confirm the new address' }));
      expect(await screen.findByText((text) => text.includes(after))).toBeTruthy();
      const sent = calls.filter((call) => call.url.endsWith(BASE));
      expect(bodyOf(sent[0]!.init)).toMatchObject({ stepUpCode: '246810', expectedDifferenceCents: -800 });
    },
  );

  it('tells a rise the server refuses without its payment to check the premium again, not to try again', async () => {
    stubServer([
      STEP_UP,
      { match: /\/insured-address\/quote$/, body: quoteOf('none', 0) },
      {
        match: /\/insured-address$/,
        status: 409,
        body: {
          statusCode: 409,
          field: 'expectedDifferenceCents',
          messageKey: 'myPolicy.insuredAddress.errors.premiumChanges',
          values: { amount: 'S$8.00', days: 73 },
          message: 'x',
        },
      },
    ]);
    render(<InsuredAddressPanel policyId={POLICY_ID} view={SG_VIEW} />);
    await typeNewAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the new address' }));
    await userEvent.type(await screen.findByLabelText('Code from the e-mail'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the new address' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `This change raises your premium, so the difference is paid first. Please check the premium again and pay it by card, or ${CALL_US}`,
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.queryByRole('button', { name: 'Confirm the new address' })).toBeNull();
    expect(screen.queryByText(/couldn't check or change/)).toBeNull();
  });

  it('says when the premium moved since it was shown, and shows the new figure', async () => {
    let quotes = 0;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        if (url.endsWith('/step-up')) return json(STEP_UP.body);
        if (url.endsWith('/insured-address/quote')) {
          quotes += 1;
          return json(quotes === 1 ? quoteOf('none', 0) : quoteOf('collect', 800, 24_000));
        }
        if (url.endsWith('/insured-address'))
          return json(
            {
              statusCode: 409,
              field: 'expectedDifferenceCents',
              messageKey: 'myPolicy.insuredAddress.errors.quoteChanged',
              message: 'x',
            },
            409,
          );
        return new Response('', { status: 204 });
      }),
    );
    render(<InsuredAddressPanel policyId={POLICY_ID} view={SG_VIEW} />);
    await typeNewAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the new address' }));
    await userEvent.type(await screen.findByLabelText('Code from the e-mail'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the new address' }));
    expect(
      await screen.findByText(
        "The premium for this change is no longer the one we showed you. We've checked it again: please read it before you confirm.",
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'Your premium rises by S$8.00 for the 73 days left of your cover (S$240.00 a year).',
      ),
    ).toBeTruthy();
    expect(calls.filter((url) => url.endsWith(`${BASE}/quote`))).toHaveLength(2);
    // A rise is for our hotline: no confirm button.
    expect(screen.queryByRole('button', { name: 'Confirm the new address' })).toBeNull();
  });

  it('draws the Hong Kong form in Traditional Chinese: the district and the rating bands, not Singapore’s fields', async () => {
    stubServer([]);
    applyLanguage('zh', 'HKG');
    render(<InsuredAddressPanel policyId={POLICY_ID} view={HK_VIEW} />);
    expect(await screen.findByRole('heading', { name: '受保地址' })).toBeTruthy();
    expect(screen.getByText('Flat 12A, 8/F, Block 3, Harbour View, 1 Harbour Road, 灣仔區')).toBeTruthy();
    await openForm('更改受保地址', '單位、樓層及座數');
    const district = screen.getByLabelText('地區') as HTMLSelectElement;
    expect(district.value).toBe('WC');
    expect(district.selectedOptions[0]!.textContent).toBe('灣仔區');
    expect((screen.getByLabelText('建築面積') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      '500至799平方呎',
    );
    expect((screen.getByLabelText('樓齡') as HTMLSelectElement).value).toBe('20_TO_39');
    for (const singapore of ['郵區編號', '住所類別', '組屋類型', '單位號碼'])
      expect(screen.queryByLabelText(singapore)).toBeNull();
    expect(screen.getByRole('button', { name: '查看保費' })).toBeTruthy();
  });

  it('pays a rise by card: the code first, then the signed sale and the card into the frame, never to the shop', async () => {
    const posted: { target: string; fields: Record<string, string> }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function submit(this: HTMLFormElement) {
      posted.push({
        target: this.target,
        fields: Object.fromEntries([...new FormData(this)].map(([name, value]) => [name, String(value)])),
      });
    });
    const SALE = {
      paymentUrl: 'http://localhost:3000/gateway/silent/pay',
      access_key: 'test-access-sgp',
      transaction_type: 'sale',
      reference_number: 'HSG-261125-ABCDEFGH',
      amount: '8.00',
      currency: 'SGD',
      paymentSignatureKey: 'c2lnbmF0dXJl',
    };
    const { calls } = stubServer([
      STEP_UP,
      { match: /\/insured-address\/quote$/, body: quoteOf('collect', 800, 24_000) },
      { match: /\/insured-address\/payment$/, body: SALE },
    ]);
    const onChanged = vi.fn();
    render(<InsuredAddressPanel policyId={POLICY_ID} view={SG_VIEW} onChanged={onChanged} />);
    await typeNewAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Check the premium' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay S$8.00 by card' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));
    await userEvent.type(screen.getByLabelText('Card number'), '5555555555554444');
    await userEvent.type(screen.getByLabelText('Name on card'), 'Tan Wei Ming');
    await userEvent.type(screen.getByLabelText('Expiry date'), `12${(new Date().getFullYear() + 1) % 100}`);
    await userEvent.type(screen.getByLabelText('CVV'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay S$8.00' }));
    // Nothing is signed before the code from the policy's address.
    expect(calls.some((call) => call.url.endsWith('/payment'))).toBe(false);
    await userEvent.type(await screen.findByLabelText('Code from the e-mail'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Pay S$8.00 and change the address' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.target).toBe(COLLECTION_FRAME);
    expect(posted[0]!.fields).toMatchObject({
      transaction_type: 'sale',
      amount: '8.00',
      signature: 'c2lnbmF0dXJl',
      card_number: '5555555555554444',
    });
    const shopCalls = calls.filter((call) => call.url.includes('/my-policy/'));
    for (const call of shopCalls) expect(String(call.init?.body)).not.toContain('5555');
    expect(bodyOf(shopCalls.find((call) => call.url.endsWith('/payment'))!.init)).toEqual({
      ...NEW_ADDRESS,
      stepUpCode: '246810',
      expectedDifferenceCents: 800,
    });
    expect(screen.getByText('Taking your payment with your bank…')).toBeTruthy();

    const receipt = (result: Record<string, unknown>, origin = window.location.origin) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data: { source: 'lionrock-endorsement-receipt', result }, origin }),
        );
      });
    const paid = {
      paid: true,
      endorsed: true,
      amountCents: 800,
      cardLast4: '4444',
      reference: 'HSG-261125-ABCDEFGH',
      endorsedFrom: '01/09/2026',
      messageKey: null,
    };
    // The bank still asking the cardholder is no answer yet: the panel keeps waiting.
    receipt({ ...paid, paid: false, endorsed: false, pending: true, cardLast4: '' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Taking your payment with your bank…')).toBeTruthy();
    // Another origin's message is not believed; a refusal brings the card form back with why.
    receipt(paid, 'https://evil.example');
    receipt({
      ...paid,
      paid: false,
      endorsed: false,
      cardLast4: '',
      messageKey: 'myPolicy.insuredAddress.errors.paymentDeclined',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Your bank didn't accept this payment, so your insured address is unchanged. Please try another card.",
    );
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    // The card again, a new code, and the bank's yes: the new address and the payment's reference.
    await userEvent.type(screen.getByLabelText('Card number'), '5555555555554444');
    await userEvent.type(screen.getByLabelText('Name on card'), 'Tan Wei Ming');
    await userEvent.type(screen.getByLabelText('Expiry date'), `12${(new Date().getFullYear() + 1) % 100}`);
    await userEvent.type(screen.getByLabelText('CVV'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay S$8.00' }));
    await userEvent.type(await screen.findByLabelText('Code from the e-mail'), '135790');
    await userEvent.click(screen.getByRole('button', { name: 'Pay S$8.00 and change the address' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    receipt(paid);
    expect(
      await screen.findByText(
        "Your insured address is changed with effect from 01/09/2026. We have e-mailed you the new policy schedule. We have charged S$8.00 to your card ending 4444. The payment's reference is HSG-261125-ABCDEFGH.",
      ),
    ).toBeTruthy();
    expect(screen.getByText('22 Tanjong Pagar Road, #12-01, 088443')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('says in Traditional Chinese how much a smaller flat lowers the premium and which card it goes back to', async () => {
    stubServer([
      {
        match: /\/insured-address\/quote$/,
        body: { ...quoteOf('refund', -12_000, 480_000), currency: 'HKD' },
      },
    ]);
    applyLanguage('zh', 'HKG');
    render(<InsuredAddressPanel policyId={POLICY_ID} view={HK_VIEW} />);
    await openForm('更改受保地址', '單位、樓層及座數');
    await userEvent.selectOptions(screen.getByLabelText('地區'), 'EA');
    await userEvent.click(screen.getByRole('button', { name: '查看保費' }));
    expect(
      await screen.findByText('您的保費在保障餘下的73天內減少HK$120.00（全年保費HK$4,800.00）。'),
    ).toBeTruthy();
    expect(screen.getByText('退款將退回您尾號為1111的信用卡。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '確認新地址' })).toBeTruthy();
  });

  it('offers a bigger Hong Kong flat to pay by card, in Traditional Chinese, with the card form in it', async () => {
    stubServer([
      {
        match: /\/insured-address\/quote$/,
        body: { ...quoteOf('collect', 12_000, 720_000), currency: 'HKD' },
      },
    ]);
    applyLanguage('zh', 'HKG');
    render(<InsuredAddressPanel policyId={POLICY_ID} view={HK_VIEW} />);
    await openForm('更改受保地址', '單位、樓層及座數');
    await userEvent.selectOptions(screen.getByLabelText('地區'), 'EA');
    await userEvent.click(screen.getByRole('button', { name: '查看保費' }));
    expect(
      await screen.findByText('您的保費在保障餘下的73天內增加HK$120.00（全年保費HK$7,200.00）。'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: '確認新地址' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '以信用卡支付HK$120.00' }));
    expect(await screen.findByText(/^請以信用卡支付額外保費HK\$120\.00。/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '支付 HK$120.00' })).toBeTruthy();
  });
});

describe('the policy page’s panels', () => {
  const policyOf = (productType: TPolicyDetails['productType']) =>
    ({ policyId: POLICY_ID, productType, country: 'SGP', status: 'issued' }) as TPolicyDetails;
  const routes = [
    {
      match: /\/contact$/,
      body: { mobileNoCountryCode: '65', mobileNo: '91234567', email: 'W***@E***.COM' },
    },
    { match: /\/renewal-card$/, body: { changeable: false, card: null } },
    { match: /\/insured-address$/, body: SG_VIEW },
  ];

  it('show the insured address of a home policy only, and ask no other policy for one', async () => {
    const home = stubServer(routes);
    const { unmount } = renderAt(
      <ManagePanels policy={policyOf('PHM')} onChanged={() => {}} />,
      '/my-policy',
    );
    expect(await screen.findByRole('heading', { name: 'Insured address' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Contact details' })).toBeTruthy();
    expect(home.calls.filter((call) => call.url.endsWith(BASE))).toHaveLength(1);
    unmount();

    vi.unstubAllGlobals();
    const travel = stubServer(routes);
    renderAt(<ManagePanels policy={policyOf('PTR')} onChanged={() => {}} />, '/my-policy');
    expect(await screen.findByRole('heading', { name: 'Contact details' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Insured address' })).toBeNull();
    expect(travel.calls.some((call) => call.url.includes('/insured-address'))).toBe(false);
  });
});
