// @vitest-environment jsdom
// jsdom, not happy-dom: this file checks that a disabled fieldset disables every field in it (`:disabled`),
// which happy-dom does not compute.
import { localDate } from '@lionrock/domain/dates/local-date';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { HEALTHY_SYSTEM } from '../../../test/render';
import { type TTravelPolicy, useTravelFlowStore } from '../state/travel-flow-store';
import { ApplicantPage } from './applicant-page';

// Today 23 November 2026; the trip departs on 7 December 2026, the day every age is counted on.
const TODAY = localDate(2026, 11, 23);
const POLICY_ID = 'b633b901-6336-420a-9c9c-9af1318d1947';

const MESSAGES = {
  required: 'Please fill in this field.',
  tooLong: 'This is too long. Please shorten it.',
  specialCharacters: 'Please do not enter special characters.',
  birthDateRequired: 'Please enter the date of birth.',
  below18: 'The policyholder and adult travellers must be 18 or over.',
  over70: 'The policyholder must be 70 or younger. Another adult can be the policyholder.',
  below1Month: 'We can cover children from 1 month old.',
  over26: 'Children can be covered up to age 25.',
  invalidNric: "This ID number isn't valid. Please check it.",
  idDuplicated: 'This ID number has already been entered in a previous field.',
  nameDuplicated: 'This name has already been entered for someone else.',
  email: 'Please enter a valid email address.',
  number: 'Please enter numbers only.',
  uenRequired: "Please enter the company's UEN.",
  uenInvalid: "This UEN isn't valid. Please check it.",
  confirmEmail: 'Please confirm that your e-mail address is correct.',
  student:
    'Only full-time students are eligible from age 18. Please tick the box if this child studies full time.',
};

/** fillApplicant's details as the page sends them (names and IDs upper-cased, the e-mail as typed: decision 131). */
const SENT_APPLICANT = {
  clientType: 'P' as const,
  fullName: 'TAN WEI MING',
  idType: 'NRIC' as const,
  hkId: 'S8512345I',
  dateOfBirth: '15/06/1985',
  mobileNoCountryCode: '65',
  mobileNo: '91234567',
  email: 'weiming.tan@example.com',
  emailConfirmed: true,
};

const item = (planName: string, totalPremium: number): TWirePremiumItem => ({
  planName,
  planCode: `TSG-${planName}`,
  premium: totalPremium,
  gst: 0,
  levy: 0,
  totalPremium,
  discount: 0,
  insuredCommissionDiscount: 0,
});
const PLANS = [item('STANDARD', 30.6), item('SUPER', 49.3)];

function rated(travel: Partial<TTravelPolicy['policyTravel']> = {}): TTravelPolicy {
  return {
    policyId: POLICY_ID,
    status: 'quoted',
    productType: 'PTR',
    country: 'SGP',
    lang: 'en',
    paymentSuccess: 'false',
    campaign: { campaignId: 1, campaignCode: 'B2CC00', catalogueCode: 'TRV-SG' },
    policyTravel: {
      deptDate: '07/12/2026',
      returnDate: '13/12/2026',
      paPolicyType: 'S',
      travellerType: 'ID',
      isTravellerSelected: true,
      travellerIndividual: 1,
      travellerAdult: 0,
      travellerChild: 0,
      journeyCode: '6',
      journey: 'Asia Pacific (excl. Sanctioned)',
      premiumItems: PLANS,
      premiumTopUps: [],
      topUpSelected: false,
      selectedTopUp: 'false',
      policyPremium: PLANS[0],
      totalDueAmount: 30.6,
      ...travel,
    },
  };
}

type TCall = { url: string; body: TTravelPolicy | undefined };
type TAnswer = { status?: number; body: unknown };

/** A fake b2c-server: the rating calls answer through `answer`; every call is recorded. */
function server(answer: (call: string, body: TTravelPolicy, count: number) => TAnswer = defaultAnswer) {
  const calls: TCall[] = [];
  const counts: Record<string, number> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      const rating = /\/policy\/(rate|multirate|rateTopup)$/.exec(url);
      if (rating) {
        counts[rating[1]!] = (counts[rating[1]!] ?? 0) + 1;
        const reply = answer(rating[1]!, body, counts[rating[1]!]!);
        return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
      }
      if (/getSeniorLoadingStatus/.test(url)) return new Response('true');
      const route = HEALTHY_SYSTEM.find((candidate) => candidate.match.test(url));
      if (!route) return new Response(JSON.stringify({ statusCode: 404 }), { status: 404 });
      const text = typeof route.body === 'string' ? route.body : JSON.stringify(route.body);
      return new Response(text, { status: route.status ?? 200 });
    }),
  );
  const sent = (call: string) =>
    calls.filter((entry) => entry.url.endsWith(`/policy/${call}`)).map((entry) => entry.body!);
  return { calls, sent };
}

/** The server's answer to a rating call: the policy as sent, stored as quoted. */
function defaultAnswer(_call: string, body: TTravelPolicy): TAnswer {
  return { body: { ...body, status: 'quoted', policyId: POLICY_ID } };
}

function renderPage(policy: TTravelPolicy | null = rated()) {
  if (policy) useTravelFlowStore.setState({ policy, plans: PLANS, initialUrl: '/travel' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/travel/applicant', element: <ApplicantPage today={TODAY} /> },
      { path: '/travel/confirm', element: <h1>Confirm page</h1> },
      { path: '/travel/quote', element: <h1>Quote page</h1> },
      { path: '/travel/finish', element: <h1>Finish page</h1> },
      { path: '*', element: <h1>Landing page</h1> },
    ],
    { initialEntries: ['/travel/applicant'] },
  );
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const policyholder = () => within(screen.getByRole('region', { name: 'Policyholder' }));
const row = (name: string) => within(screen.getByRole('group', { name }));
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
/** The message announced for a field: the text of the elements its aria-describedby names. */
const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function expectFieldError(element: HTMLElement, message: string) {
  await waitFor(() => expect(describedText(element)).toContain(message));
  expect(element.getAttribute('aria-invalid')).toBe('true');
}

/** A personal applicant who travels, every field valid. */
async function fillApplicant(
  overrides: Partial<Record<'name' | 'id' | 'dob' | 'mobile' | 'email', string>> = {},
) {
  const form = policyholder();
  type(form.getByLabelText('Full name (as in ID or passport)'), overrides.name ?? 'Tan Wei Ming');
  type(form.getByLabelText('ID or passport number'), overrides.id ?? 's8512345i');
  type(form.getByLabelText('Date of birth'), overrides.dob ?? '1985-06-15');
  type(form.getByLabelText('Mobile number'), overrides.mobile ?? '91234567');
  type(form.getByLabelText('E-mail address'), overrides.email ?? 'weiming.tan@example.com');
  const confirm = form.getByLabelText(/is correct, and I'd like the policy sent there/);
  if (!(confirm as HTMLInputElement).checked) await userEvent.click(confirm);
}

function fillPerson(group: ReturnType<typeof row>, name: string, id: string, dob: string) {
  type(group.getByLabelText('Full name (as in ID or passport)'), name);
  type(group.getByLabelText('ID or passport number'), id);
  type(group.getByLabelText('Date of birth'), dob);
}

beforeEach(() => useTravelFlowStore.getState().reset());
afterEach(() => vi.unstubAllGlobals());

describe('the applicant page: entry and layout (travel-flow section 2)', () => {
  it('sends a visitor without a rated policy back to the plans, or to the landing without plans', async () => {
    server();
    useTravelFlowStore.setState({ plans: PLANS });
    const router = renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Quote page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel/quote');
  });

  it('goes to the landing when there is not even a quote', async () => {
    server();
    const router = renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel');
  });

  it('shows step 3, the amount to pay and one row per traveller', () => {
    server();
    renderPage(rated({ travellerIndividual: 2 }));
    expect(screen.getByText('Step 3 of 6: Apply')).toBeTruthy();
    expect(screen.getByText('Amount to pay').nextElementSibling!.textContent).toBe('S$30.60');
    expect(screen.getByRole('group', { name: 'Traveller 1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Traveller 2' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Traveller 3' })).toBeNull();
  });
});

describe("the applicant page: view-only once paid (the spec's view-only flag, decision 017)", () => {
  it('disables the personal/corporate switch and every field, sends nothing and leads to the policy', async () => {
    const { calls } = server();
    const paid = rated({ applicant: SENT_APPLICANT });
    // A draft typed after paying is not what was paid for.
    sessionStorage.setItem(
      'lionrock.travel.applicant',
      JSON.stringify({ policyId: POLICY_ID, values: { clientType: 'P', fullName: 'Someone Else' } }),
    );
    const router = renderPage({ ...paid, paymentSuccess: 'true', policyNumber: 'TSG26-0000001' });
    expect(policyholder().getByLabelText('Full name (as in ID or passport)')).toHaveProperty(
      'value',
      'TAN WEI MING',
    );
    const notice = screen.getByText('This policy has been paid, so its details can no longer be changed.');
    expect(notice.getAttribute('role')).toBe('status');
    for (const choice of ['An individual', 'A company'])
      expect(screen.getByRole('radio', { name: choice }).matches(':disabled')).toBe(true);
    expect(policyholder().getByLabelText('Full name (as in ID or passport)').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'See your policy' }));
    expect(await screen.findByRole('heading', { name: 'Finish page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel/finish');
    expect(calls.filter((call) => call.url.includes('/policy/'))).toEqual([]);
  });

  it('leaves the switch enabled for a policy not yet paid', () => {
    server();
    renderPage();
    expect(screen.queryByText(/can no longer be changed/)).toBeNull();
    expect(screen.getByRole('radio', { name: 'A company' }).matches(':disabled')).toBe(false);
  });
});

describe('the applicant page: field rules and messages (travel-flow section 5)', () => {
  it('asks for every required field, the e-mail box included, and calls nothing', async () => {
    const { sent } = server();
    renderPage();
    await userEvent.click(continueButton());
    const form = policyholder();
    await expectFieldError(form.getByLabelText('Full name (as in ID or passport)'), MESSAGES.required);
    await expectFieldError(form.getByLabelText('ID or passport number'), MESSAGES.required);
    await expectFieldError(form.getByLabelText('Date of birth'), MESSAGES.birthDateRequired);
    await expectFieldError(form.getByLabelText('Mobile number'), MESSAGES.required);
    await expectFieldError(form.getByLabelText('E-mail address'), MESSAGES.required);
    await expectFieldError(
      form.getByLabelText(/is correct, and I'd like the policy sent there/),
      MESSAGES.confirmEmail,
    );
    expect(screen.getByRole('alert').textContent).toBe('Please check the 6 fields marked above.');
    // The first wrong field takes the focus.
    expect(document.activeElement).toBe(form.getByLabelText('Full name (as in ID or passport)'));
    expect(sent('rate')).toEqual([]);
  });

  it('refuses a name that is too long or has special characters', async () => {
    server();
    renderPage();
    await fillApplicant({ name: 'A'.repeat(51) });
    await userEvent.click(continueButton());
    const name = policyholder().getByLabelText('Full name (as in ID or passport)');
    await expectFieldError(name, MESSAGES.tooLong);
    type(name, 'Tan #1');
    await expectFieldError(name, MESSAGES.specialCharacters);
    type(name, "Tan Ah Kow @ O'Neill-Tan");
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
  });

  it('checks the NRIC and clears the number when the ID type changes', async () => {
    server();
    renderPage();
    await fillApplicant({ id: 'S1234567A' });
    await userEvent.click(continueButton());
    const id = policyholder().getByLabelText('ID or passport number') as HTMLInputElement;
    await expectFieldError(id, MESSAGES.invalidNric);
    await userEvent.selectOptions(policyholder().getByLabelText('ID type'), 'PASSPORT');
    expect(id.value).toBe('');
    expect(
      within(policyholder().getByLabelText('ID type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['NRIC/FIN', 'Passport']);
  });

  it.each([
    ['under 18', '2009-01-01', MESSAGES.below18],
    ['over 70', '1955-01-01', MESSAGES.over70],
  ])('refuses a policyholder %s on the departure date', async (_case, dob, message) => {
    server();
    renderPage();
    await fillApplicant({ dob });
    await userEvent.click(continueButton());
    await expectFieldError(policyholder().getByLabelText('Date of birth'), message);
  });

  it.each([
    ['under 1 month old', '2026-11-20', MESSAGES.below1Month],
    ['over 25', '2000-01-01', MESSAGES.over26],
  ])('refuses a child %s', async (_case, dob, message) => {
    server();
    renderPage(rated({ travellerType: 'FM', travellerIndividual: 0, travellerAdult: 1, travellerChild: 1 }));
    await fillApplicant();
    fillPerson(row('Child 1'), 'Tan Xiao Ming', 'T0712345G', dob);
    await userEvent.click(continueButton());
    await expectFieldError(row('Child 1').getByLabelText('Date of birth'), message);
  });

  it('refuses an adult traveller under 18', async () => {
    server();
    renderPage(rated({ travellerIndividual: 2 }));
    await fillApplicant();
    fillPerson(row('Traveller 2'), 'Lee Ah Kow', 'S7812345A', '2010-01-01');
    await userEvent.click(continueButton());
    await expectFieldError(row('Traveller 2').getByLabelText('Date of birth'), MESSAGES.below18);
  });

  it('refuses an ID number or a name entered twice', async () => {
    server();
    renderPage(rated({ travellerIndividual: 3 }));
    await fillApplicant();
    fillPerson(row('Traveller 2'), 'Lee Ah Kow', 'S8512345I', '1980-01-01');
    fillPerson(row('Traveller 3'), ' tan wei ming ', 'S7812345A', '1980-01-01');
    await userEvent.click(continueButton());
    await expectFieldError(row('Traveller 2').getByLabelText('ID or passport number'), MESSAGES.idDuplicated);
    await expectFieldError(
      row('Traveller 3').getByLabelText('Full name (as in ID or passport)'),
      MESSAGES.nameDuplicated,
    );
    expect(policyholder().getByLabelText('ID or passport number').getAttribute('aria-invalid')).toBeNull();
  });

  it('checks the e-mail address and the mobile number', async () => {
    server();
    renderPage();
    await fillApplicant({ email: 'weiming@', mobile: '9123-4567' });
    await userEvent.click(continueButton());
    await expectFieldError(policyholder().getByLabelText('E-mail address'), MESSAGES.email);
    await expectFieldError(policyholder().getByLabelText('Mobile number'), MESSAGES.number);
    expect(
      within(policyholder().getByLabelText('Country code'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['+65', '+852']);
  });

  it('wants the e-mail confirmed as correct', async () => {
    const { sent } = server();
    renderPage();
    await fillApplicant();
    const confirm = policyholder().getByLabelText(/weiming\.tan@example\.com is correct/);
    await userEvent.click(confirm);
    await userEvent.click(continueButton());
    await expectFieldError(confirm, MESSAGES.confirmEmail);
    expect(sent('rate')).toEqual([]);
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBeNull());
  });

  it('asks a company for its name and a valid UEN', async () => {
    server();
    renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'A company' }));
    expect(policyholder().queryByLabelText('Date of birth')).toBeNull();
    await userEvent.click(continueButton());
    await expectFieldError(policyholder().getByLabelText('Company name'), MESSAGES.required);
    const uen = policyholder().getByLabelText('Company registration number (UEN)');
    await expectFieldError(uen, MESSAGES.uenRequired);
    type(uen, '197401143D');
    await expectFieldError(uen, MESSAGES.uenInvalid);
    type(uen, '197401143C');
    await waitFor(() => expect(uen.getAttribute('aria-invalid')).toBeNull());
  });
});

describe('the applicant page: behaviour (travel-flow section 4)', () => {
  it('locks the first traveller to a personal applicant who travels, and unlocks it', async () => {
    server();
    renderPage(rated({ travellerIndividual: 2 }));
    await fillApplicant();
    const first = row('Traveller 1');
    const name = first.getByLabelText('Full name (as in ID or passport)') as HTMLInputElement;
    expect(name.value).toBe('Tan Wei Ming');
    expect(name.readOnly).toBe(true);
    expect((first.getByLabelText('ID or passport number') as HTMLInputElement).value).toBe('s8512345i');
    expect((first.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('15 Jun 1985');

    await userEvent.click(policyholder().getByLabelText("I'm travelling too"));
    const unlocked = row('Traveller 1').getByLabelText(
      'Full name (as in ID or passport)',
    ) as HTMLInputElement;
    expect(unlocked.readOnly).toBe(false);
    expect(unlocked.value).toBe('');

    await userEvent.click(policyholder().getByLabelText("I'm travelling too"));
    await userEvent.click(screen.getByRole('radio', { name: 'A company' }));
    expect(policyholder().queryByLabelText("I'm travelling too")).toBeNull();
    expect(
      (row('Traveller 1').getByLabelText('Full name (as in ID or passport)') as HTMLInputElement).readOnly,
    ).toBe(false);
  });

  it('ticks the full-time-student box for a child of 18, and refuses the child unticked', async () => {
    server();
    renderPage(rated({ travellerType: 'FM', travellerIndividual: 0, travellerAdult: 1, travellerChild: 1 }));
    await fillApplicant();
    const child = row('Child 1');
    const student = child.getByLabelText('Full-time student') as HTMLInputElement;
    fillPerson(child, 'Tan Xiao Ming', 'T0712345G', '2008-12-08');
    expect(student.checked).toBe(false);
    type(child.getByLabelText('Date of birth'), '2008-12-07');
    expect(student.checked).toBe(true);
    await userEvent.click(student);
    await userEvent.click(continueButton());
    await expectFieldError(student, MESSAGES.student);
  });

  it('asks before going on with a traveller over 80, then sends the application', async () => {
    const { sent } = server();
    const router = renderPage(rated({ travellerIndividual: 2 }));
    await fillApplicant();
    fillPerson(row('Traveller 2'), 'Lee Ah Kow', 'S7812345A', '1945-01-01');
    await userEvent.click(continueButton());
    const dialog = await screen.findByRole('dialog', { name: 'A traveller is over 80' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // It fades out (200 ms), then closes; nothing was sent.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'A traveller is over 80' })).toBeNull());
    expect(sent('rate')).toEqual([]);
    await userEvent.click(continueButton());
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'A traveller is over 80' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel/confirm');
    expect(sent('rate')).toHaveLength(1);
  });

  it('sends the application upper-cased, keeps the answer and goes to the confirm page', async () => {
    const { sent } = server();
    const router = renderPage();
    await fillApplicant();
    await userEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel/confirm');
    const application = sent('rate')[0]!;
    expect(application.policyId).toBe(POLICY_ID);
    expect(application.policyTravel.isTraveller).toBe(true);
    expect(application.policyTravel.applicant).toMatchObject(SENT_APPLICANT);
    expect(application.policyTravel.travellersList).toEqual([
      {
        type: 'ADULT',
        insuredNum: 1,
        fullName: 'TAN WEI MING',
        idType: 'NRIC',
        hkId: 'S8512345I',
        dateOfBirth: '15/06/1985',
        fullTimeStudent: 'NO',
      },
    ]);
    expect(application.policyTravel.policyPremium).toMatchObject({
      planName: 'STANDARD',
      totalPremium: 30.6,
    });
    expect(useTravelFlowStore.getState().policy.policyTravel.applicant?.fullName).toBe('TAN WEI MING');
  });

  it('shows a field the server refuses under that field', async () => {
    server((call, body) =>
      call === 'rate'
        ? {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'policyTravel.applicant.hkId is not valid',
              field: 'policyTravel.applicant.hkId',
              messageKey: 'applyErrorMessage.invalidNRIC',
            },
          }
        : defaultAnswer(call, body),
    );
    renderPage();
    await fillApplicant();
    await userEvent.click(continueButton());
    await expectFieldError(policyholder().getByLabelText('ID or passport number'), MESSAGES.invalidNric);
  });

  it('shows the blacklist message when the application is declined', async () => {
    server((call, body) => ({
      body: {
        ...body,
        errorMessage: 'Decline: Underwriting/Compliance.',
        messageKey: call === 'rate' ? 'BlacklistedErrorMessage.label' : undefined,
      },
    }));
    const router = renderPage();
    await fillApplicant();
    await userEvent.click(continueButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Decline: Underwriting/Compliance.'),
    );
    expect(router.state.location.pathname).toBe('/travel/applicant');
  });

  it('shows a changed price and goes on only when the customer agrees', async () => {
    const repriced = item('STANDARD', 34.5);
    const { sent } = server((call, body, count) =>
      call === 'rate' && count === 1
        ? {
            status: 409,
            body: {
              statusCode: 409,
              messageKey: 'quotePriceChanged.message',
              policy: { ...body, policyTravel: { ...body.policyTravel, policyPremium: repriced } },
            },
          }
        : defaultAnswer(call, body),
    );
    renderPage();
    await fillApplicant();
    await userEvent.click(continueButton());
    const dialog = await screen.findByRole('dialog', { name: 'The price has changed' });
    expect(within(dialog).getByText('Standard now costs S$34.50 (it was S$30.60).')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue at the new price' }));
    expect(await screen.findByRole('heading', { name: 'Confirm page' })).toBeTruthy();
    expect(sent('rate').map((body) => body.policyTravel.policyPremium?.totalPremium)).toEqual([30.6, 34.5]);
  });

  it('re-rates when a traveller is added or removed, and shows the new price', async () => {
    // Each traveller costs the same here: the server prices the plans for the count it is sent.
    const { sent } = server((call, body) => {
      const count = body.policyTravel.travellerIndividual ?? 0;
      if (call !== 'multirate') return defaultAnswer(call, body);
      const premiumItems = [item('STANDARD', 30.6 * count), item('SUPER', 49.3 * count)];
      return { body: { ...body, policyTravel: { ...body.policyTravel, premiumItems } } };
    });
    renderPage();
    await fillApplicant();
    await userEvent.click(screen.getByRole('button', { name: 'Add a traveller' }));
    expect(await screen.findByRole('group', { name: 'Traveller 2' })).toBeTruthy();
    expect(screen.getByText('Amount to pay').nextElementSibling!.textContent).toBe('S$61.20');
    const added = sent('rate')[0]!;
    expect(sent('multirate')[0]!.policyTravel.travellerIndividual).toBe(2);
    expect(added.policyTravel.travellerIndividual).toBe(2);
    expect(added.policyTravel.policyPremium).toMatchObject({ planName: 'STANDARD', totalPremium: 61.2 });
    expect(added.policyTravel.applicant).toBeUndefined();
    expect(added.policyTravel.travellersList).toHaveLength(2);
    expect(added.policyTravel.travellersList![0]).toMatchObject({
      fullName: 'Tan Wei Ming',
      hkId: 's8512345i',
    });
    // The focus moves to the new row.
    expect(document.activeElement).toBe(
      row('Traveller 2').getByLabelText('Full name (as in ID or passport)'),
    );
    expect(screen.queryByRole('button', { name: 'Remove Traveller 1' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Traveller 2' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Traveller 2' })).toBeNull());
    expect(sent('rate')[1]!.policyTravel.travellerIndividual).toBe(1);
    expect(screen.getByText('Amount to pay').nextElementSibling!.textContent).toBe('S$30.60');
    // The applicant's details are still there.
    expect(
      (policyholder().getByLabelText('Full name (as in ID or passport)') as HTMLInputElement).value,
    ).toBe('Tan Wei Ming');
  });

  it('stops adding at 20 travellers and never adds to a couple', async () => {
    server();
    renderPage(rated({ travellerIndividual: 20 }));
    const add = screen.getByRole('button', { name: 'Add a traveller' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(add)).toBe('One policy covers up to 20 travellers.');
    await userEvent.click(add);
    expect(screen.queryByRole('group', { name: 'Traveller 21' })).toBeNull();
  });

  it('keeps a couple at two', async () => {
    server();
    renderPage(rated({ travellerType: 'CP', travellerIndividual: 2 }));
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('keeps what was typed across a reload', async () => {
    server();
    renderPage();
    await fillApplicant();
    cleanup();
    renderPage(useTravelFlowStore.getState().policy);
    expect(
      (policyholder().getByLabelText('Full name (as in ID or passport)') as HTMLInputElement).value,
    ).toBe('Tan Wei Ming');
  });

  it('goes back to the plans, re-rated for the travellers now on the page', async () => {
    const { sent } = server();
    const router = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Quote page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel/quote');
    const requote = sent('multirate')[0]!;
    expect(requote.policyTravel.applicant).toBeUndefined();
    expect(requote.policyTravel.travellerIndividual).toBe(1);
    expect(useTravelFlowStore.getState().policy.policyTravel.policyPremium?.planName).toBe('STANDARD');
  });
});
