import { ACCESS_CODE_VALID_MINUTES } from '@lionrock/domain/self-service/access-rules';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { stubServer } from '../../../test/render';
import { ContactPanel } from './contact-panel';

const POLICY_ID = 'b633b901-6336-420a-9c9c-9af1318d1947';
const CONTACT = { mobileNoCountryCode: '65', mobileNo: '91234567', email: 'W***@E***.COM' };

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}'));
const STEP_UP = { match: /\/step-up$/, body: { sentTo: 'W***@E***.COM', validMinutes: 10 } };

/** The step-up form the change goes through first (decision 102): the code from the policy's address. */
async function confirmStepUp(code = '246810', button = 'Save') {
  await screen.findByText(/We've e-mailed a 6-digit code to W\*\*\*@E\*\*\*\.COM/);
  await userEvent.type(screen.getByLabelText('Code from the e-mail'), code);
  await userEvent.click(screen.getByRole('button', { name: button }));
}

beforeEach(() => applyLanguage('en', 'SGP'));
afterEach(() => {
  vi.unstubAllGlobals();
  applyLanguage('en', 'SGP');
});

describe('the contact panel (decisions 069 and 102)', () => {
  it('shows the mobile number and the masked address, and checks the applicant page’s rules before sending', async () => {
    const { calls } = stubServer([]);
    render(<ContactPanel policyId={POLICY_ID} contact={CONTACT} />);
    expect(screen.getByText('+65 91234567')).toBeTruthy();
    expect(screen.getByText('W***@E***.COM')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    const mobile = screen.getByLabelText('Mobile number');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '9123-45');
    await userEvent.type(screen.getByLabelText('New e-mail address (optional)'), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toHaveLength(2);
    expect(document.activeElement).toBe(mobile);
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.url.includes('/my-policy/'))).toHaveLength(0);
  });

  it('asks for no code when the number typed is the one on the policy, with a + and spaces', async () => {
    const { calls } = stubServer([]);
    render(<ContactPanel policyId={POLICY_ID} contact={CONTACT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    const code = screen.getByLabelText('Country code');
    await userEvent.clear(code);
    await userEvent.type(code, ' +65');
    const mobile = screen.getByLabelText('Mobile number');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '91234567 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The same number as the server would store it (normaliseContact): nothing to prove or send.
    expect(await screen.findByText('Your contact details are saved.')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/my-policy/'))).toHaveLength(0);
  });

  it('saves a new mobile number without sending the address it does not know', async () => {
    const changed = { ...CONTACT, mobileNo: '87654321', pendingEmail: null };
    const { calls } = stubServer([STEP_UP, { match: /\/contact$/, body: changed }]);
    const onChanged = vi.fn();
    render(<ContactPanel policyId={POLICY_ID} contact={CONTACT} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    const mobile = screen.getByLabelText('Mobile number');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '87654321');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Nothing changes before the code from the policy's own address comes back.
    const asked = calls.find((entry) => entry.url.endsWith(`/my-policy/policies/${POLICY_ID}/step-up`))!;
    expect(bodyOf(asked.init)).toEqual({ purpose: 'contact', language: 'en' });
    expect(calls.some((entry) => entry.url.endsWith('/contact'))).toBe(false);
    await confirmStepUp();
    expect(await screen.findByText('Your contact details are saved.')).toBeTruthy();
    const call = calls.find((entry) => entry.url.endsWith(`/my-policy/policies/${POLICY_ID}/contact`))!;
    expect(call.init?.method).toBe('POST');
    expect(bodyOf(call.init)).toEqual({
      mobileNoCountryCode: '65',
      mobileNo: '87654321',
      stepUpCode: '246810',
    });
    expect(screen.getByText('+65 87654321')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledWith(changed);
  });

  it('asks for the code sent to a new address, shows a wrong code’s refusal, and applies the right one', async () => {
    let confirms = 0;
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, init });
        const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
        if (url.endsWith('/step-up')) return json(STEP_UP.body);
        if (url.endsWith('/contact')) return json({ ...CONTACT, pendingEmail: 'N***@E***.ORG' });
        if (url.endsWith('/confirm-email')) {
          confirms += 1;
          return confirms === 1
            ? json(
                {
                  statusCode: 400,
                  field: 'code',
                  messageKey: 'myPolicy.contact.errors.codeWrong',
                  message: 'x',
                },
                400,
              )
            : json({ ...CONTACT, email: 'N***@E***.ORG', pendingEmail: null });
        }
        return new Response('', { status: 204 });
      }),
    );
    render(<ContactPanel policyId={POLICY_ID} contact={CONTACT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Mobile number'));
    await userEvent.type(screen.getByLabelText('New e-mail address (optional)'), 'new.home@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmStepUp();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code')));
    expect(
      await screen.findByText(
        `We've sent a 6-digit code to N***@E***.ORG. Enter it within ${ACCESS_CODE_VALID_MINUTES} minutes to use this address.`,
      ),
    ).toBeTruthy();
    expect(bodyOf(calls.find((call) => call.url.endsWith('/contact'))!.init)).toMatchObject({
      email: 'new.home@example.org',
    });
    // The address is not the new one until the code is confirmed.
    expect(screen.getByText('W***@E***.COM')).toBeTruthy();

    const code = screen.getByLabelText('Code');
    await userEvent.type(code, '12a3456');
    expect((code as HTMLInputElement).value).toBe('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(
      await screen.findByText("That code isn't right. Please check the e-mail and try again."),
    ).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(
      await screen.findByText(
        "Your e-mail address is now N***@E***.ORG. We've told your old address about the change.",
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change contact details' }));
    const confirmCall = calls.filter((call) => call.url.endsWith('/confirm-email'));
    expect(confirmCall.map((call) => bodyOf(call.init))).toEqual([{ code: '123456' }, { code: '654321' }]);
    expect(screen.getByText('N***@E***.ORG')).toBeTruthy();
  });

  it('refuses a short code before sending it, and offers a new code for the same address', async () => {
    const { calls } = stubServer([
      { match: /\/contact$/, body: { ...CONTACT, pendingEmail: 'N***@E***.ORG' } },
    ]);
    render(<ContactPanel policyId={POLICY_ID} contact={{ ...CONTACT, pendingEmail: 'N***@E***.ORG' }} />);
    await userEvent.type(screen.getByLabelText('Code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter numbers only.');
    expect(calls.filter((call) => call.url.includes('confirm-email'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(screen.getByLabelText('Mobile number')).toBeTruthy();
  });

  it('tells a customer who asked for too many codes how long to wait', async () => {
    stubServer([
      STEP_UP,
      {
        match: /\/contact$/,
        status: 429,
        body: {
          statusCode: 429,
          field: 'email',
          messageKey: 'myPolicy.contact.errors.tooManyCodes',
          message: 'x',
          retryAfterSeconds: 240,
        },
      },
    ]);
    render(<ContactPanel policyId={POLICY_ID} contact={CONTACT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    await userEvent.type(screen.getByLabelText('New e-mail address (optional)'), 'n@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmStepUp();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Please wait 4 minutes/));
  });

  it('shows a wrong step-up code on its field, and a change that waits for an undo with its date', async () => {
    const { calls } = stubServer([
      STEP_UP,
      {
        match: /\/contact$/,
        status: 400,
        body: {
          statusCode: 400,
          field: 'stepUpCode',
          messageKey: 'myPolicy.stepUp.errors.wrong',
          message: 'x',
        },
      },
    ]);
    render(<ContactPanel policyId={POLICY_ID} contact={CONTACT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    await userEvent.type(screen.getByLabelText('New e-mail address (optional)'), 'n@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmStepUp('111111');
    const code = screen.getByLabelText('Code from the e-mail');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "That code isn't right. Please check the e-mail and try again.",
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(calls.filter((entry) => entry.url.endsWith('/contact'))).toHaveLength(1);

    vi.unstubAllGlobals();
    stubServer([
      {
        match: /\/step-up$/,
        status: 409,
        body: {
          statusCode: 409,
          field: 'policyId',
          messageKey: 'myPolicy.errors.undoPending',
          values: { until: '12/12/2026' },
          message: 'x',
        },
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The e-mail address of this policy was changed recently\. Until 12\/12\/2026/,
    );
  });

  it('checks a new mobile number for its market on the field, keeps the one sold, and shows the server’s refusal there too', async () => {
    const { calls } = stubServer([
      STEP_UP,
      {
        match: /\/contact$/,
        status: 400,
        body: {
          statusCode: 400,
          field: 'mobileNo',
          messageKey: 'validation.mobileForMarket',
          values: { code: '65', digits: 8, first: '8 / 9' },
          message: 'x',
        },
      },
    ]);
    const sold = { ...CONTACT, mobileNo: '61234567' };
    render(<ContactPanel policyId={POLICY_ID} contact={sold} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    const mobile = screen.getByLabelText('Mobile number');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '51234567');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const text = 'Please enter a mobile number of +65: 8 digits starting with 8 / 9.';
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(mobile);
    expect(calls.filter((call) => call.url.includes('/my-policy/'))).toHaveLength(0);
    // The number on the policy, though not of today's format, goes with a change of address.
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '61234567');
    await userEvent.type(screen.getByLabelText('New e-mail address (optional)'), 'n@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmStepUp();
    // A refusal of the server on the mobile number goes back to its field.
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true');
  });

  it('applies a change to all my policies only when ticked, and names the policies it was saved on', async () => {
    const changed = {
      ...CONTACT,
      mobileNo: '87654321',
      pendingEmail: null,
      appliedTo: ['TSG26-0000001', 'TSG26-0000002'],
    };
    const { calls } = stubServer([STEP_UP, { match: /\/contact$/, body: changed }]);
    render(<ContactPanel policyId={POLICY_ID} contact={CONTACT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    const tick = screen.getByRole('checkbox', { name: 'Apply this change to all my policies' });
    expect((tick as HTMLInputElement).checked).toBe(false);
    expect(tick.getAttribute('aria-describedby')).toBeTruthy();
    const mobile = screen.getByLabelText('Mobile number');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '87654321');
    await userEvent.click(tick);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmStepUp();
    expect(
      await screen.findByText('Your contact details are saved on policies TSG26-0000001, TSG26-0000002.'),
    ).toBeTruthy();
    const call = calls.find((entry) => entry.url.endsWith(`/my-policy/policies/${POLICY_ID}/contact`))!;
    expect(bodyOf(call.init)).toEqual({
      mobileNoCountryCode: '65',
      mobileNo: '87654321',
      applyToAll: true,
      stepUpCode: '246810',
    });
    // Opened again, the box is off.
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    expect(
      (screen.getByRole('checkbox', { name: 'Apply this change to all my policies' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
  });

  it('changes the correspondence address under the same code, checked by the market’s address rule', async () => {
    const address = {
      applicantBuildingStreetNo: '10',
      applicantStreetName: 'Anson Road',
      applicantUnitNo: '#12-01',
      applicantPostCode: '079903',
    };
    const changed = { ...CONTACT, pendingEmail: null, correspondenceAddress: address };
    const { calls } = stubServer([STEP_UP, { match: /\/contact$/, body: changed }]);
    render(
      <ContactPanel
        policyId={POLICY_ID}
        country="SGP"
        contact={{ ...CONTACT, correspondenceAddress: null }}
      />,
    );
    expect(screen.getByText('None given')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    expect(screen.getByRole('group', { name: 'Correspondence address' })).toBeTruthy();
    expect(screen.queryByLabelText('District')).toBeNull();
    await userEvent.type(screen.getByLabelText('Block or house number'), '10');
    await userEvent.type(screen.getByLabelText('Street'), 'Anson Road');
    await userEvent.type(screen.getByLabelText('Unit number (optional)'), '#12-01');
    const postal = screen.getByLabelText('Postal code');
    await userEvent.type(postal, '990000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter the 6-digit postal code.');
    expect(document.activeElement).toBe(postal);
    expect(calls.filter((call) => call.url.includes('/my-policy/'))).toHaveLength(0);
    await userEvent.clear(postal);
    await userEvent.type(postal, '079903');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmStepUp();
    expect(await screen.findByText('Your contact details are saved.')).toBeTruthy();
    const call = calls.find((entry) => entry.url.endsWith(`/my-policy/policies/${POLICY_ID}/contact`))!;
    expect(bodyOf(call.init)).toEqual({
      mobileNoCountryCode: '65',
      mobileNo: '91234567',
      correspondenceAddress: address,
      stepUpCode: '246810',
    });
    expect(screen.getByText('10, Anson Road, #12-01, 079903')).toBeTruthy();
  });

  it('asks a Hong Kong address for its district, by name', async () => {
    const { calls } = stubServer([]);
    const address = {
      applicantBuildingStreetNo: '1',
      applicantStreetName: 'Queen’s Road Central',
      applicantDistrict: 'CW',
    };
    render(
      <ContactPanel
        policyId={POLICY_ID}
        country="HKG"
        contact={{
          ...CONTACT,
          mobileNoCountryCode: '852',
          mobileNo: '51234567',
          correspondenceAddress: address,
        }}
      />,
    );
    expect(screen.getByText('1, Queen’s Road Central, Central and Western')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change contact details' }));
    expect(screen.queryByLabelText('Postal code')).toBeNull();
    const district = screen.getByLabelText('District') as HTMLSelectElement;
    expect(district.value).toBe('CW');
    await userEvent.selectOptions(district, '');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select value');
    expect(document.activeElement).toBe(district);
    expect(calls).toHaveLength(0);
  });

  it('speaks Chinese in Singapore (Simplified) and Hong Kong (Traditional)', async () => {
    stubServer([]);
    applyLanguage('zh', 'SGP');
    const { unmount } = render(<ContactPanel policyId={POLICY_ID} contact={CONTACT} />);
    expect(await screen.findByRole('heading', { name: '联系资料' })).toBeTruthy();
    unmount();
    applyLanguage('zh', 'HKG');
    render(<ContactPanel policyId={POLICY_ID} contact={CONTACT} />);
    expect(await screen.findByRole('heading', { name: '聯絡資料' })).toBeTruthy();
  });
});
