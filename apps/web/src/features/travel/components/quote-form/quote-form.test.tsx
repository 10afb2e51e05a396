import { addDays, formatIso, localDate } from '@lionrock/domain/dates/local-date';
import { EMPTY_AGENT_CAMPAIGN, EMPTY_CAMPAIGN } from '@lionrock/domain/schemas/campaign-agent-schema';
import { TRIP_LIMITS } from '@lionrock/domain/travel/trip-rules';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../../app/providers';
import { formatDisplayDate } from '../../../../lib/format-date';
import { useSystemStore } from '../../../../state/system-store';
import { HEALTHY_SYSTEM, stubServer, type TFakeRoute, VALID_AGENT } from '../../../../test/render';
import { useTravelFlowStore } from '../../state/travel-flow-store';
import { QuoteForm } from './quote-form';

// 23 November 2026: departure may be 23/11/2026 to 21/02/2027.
const TODAY = localDate(2026, 11, 23);

const MESSAGES = {
  travellers: "Please tell us who's travelling.",
  departure: 'Choose a departure date from today up to 90 days ahead, and no later than your return date.',
  duration: 'A single trip can last up to 90 days. Choose an earlier return date, or an annual plan.',
  promo: "This promo code isn't valid. Please check it and try again.",
  getQuoteError: "We couldn't get your quote just now. Please try again in a moment.",
};

const DIRECT_CAMPAIGN = {
  campaignId: 1,
  campaignCode: 'B2CC00',
  catalogueCode: 'TRV-SG',
  promoCodeRequired: 'N',
};
const ITEMS = [
  { planName: 'STANDARD', planCode: 'TSG-STD', premium: 30.6, totalPremium: 30.6, discount: 5.4 },
  { planName: 'SUPER', planCode: 'TSG-SUP', premium: 49.3, totalPremium: 49.3, discount: 8.7 },
];

function server(routes: TFakeRoute[] = []) {
  return stubServer([
    ...routes,
    { match: /getCampaign/, body: DIRECT_CAMPAIGN },
    {
      match: /policy\/multirate/,
      body: { productType: 'PTR', country: 'SGP', policyTravel: { premiumItems: ITEMS } },
    },
    ...HEALTHY_SYSTEM,
  ]);
}

function renderForm(props: { disabled?: boolean } = {}, path = '/travel') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/travel/quote', element: <h1>Quote page</h1> },
      { path: '*', element: <QuoteForm today={TODAY} {...props} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const setDate = (label: string, iso: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: iso } });
const startQuote = () => userEvent.click(screen.getByRole('button', { name: 'Start quote' }));
const travellersToggle = () => screen.getByRole('button', { name: /^Travellers / });
/** The message announced for a field: the text of the elements its aria-describedby names. */
const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function chooseOneTraveller() {
  await userEvent.click(travellersToggle());
  await userEvent.click(screen.getByRole('button', { name: 'Done' }));
}

beforeEach(() => useTravelFlowStore.getState().reset());
afterEach(() => {
  vi.unstubAllGlobals();
  useSystemStore.setState({ agent: null, partner: null, subAgent: null });
});

describe('the landing quote form (travel-flow sections 2, 4, 5)', () => {
  it('asks who is travelling before quoting', async () => {
    const { calls } = server();
    renderForm();
    await startQuote();
    expect(await screen.findByText(MESSAGES.travellers)).toBeTruthy();
    expect(travellersToggle().getAttribute('aria-invalid')).toBe('true');
    expect(describedText(travellersToggle())).toContain(MESSAGES.travellers);
    expect(calls.some((call) => call.url.includes('multirate'))).toBe(false);
    // Focus goes to the first field with a message.
    expect(document.activeElement).toBe(travellersToggle());
  });

  it.each([
    ['before today', '2026-11-22', '2026-11-30'],
    ['more than 90 days ahead', '2027-02-22', '2027-02-25'],
    ['after the return date', '2026-12-05', '2026-12-04'],
  ])('refuses a departure %s', async (_case, departure, returnDate) => {
    server();
    renderForm();
    setDate('Departure date', departure);
    setDate('Return date', returnDate);
    await chooseOneTraveller();
    await startQuote();
    expect(await screen.findByText(MESSAGES.departure)).toBeTruthy();
    const input = screen.getByLabelText('Departure date');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain(MESSAGES.departure);
  });

  it('refuses a single trip longer than 90 days, and takes exactly 90', async () => {
    server();
    renderForm();
    setDate('Departure date', '2026-12-01');
    setDate('Return date', '2027-03-01');
    await chooseOneTraveller();
    await startQuote();
    expect(await screen.findByText(MESSAGES.duration)).toBeTruthy();
    expect(describedText(screen.getByLabelText('Return date'))).toContain(MESSAGES.duration);
    // Corrected, the message goes as soon as the date changes.
    setDate('Return date', '2027-02-28');
    await waitFor(() => expect(screen.queryByText(MESSAGES.duration)).toBeNull());
  });

  it('limits the picker’s dates to the spec’s windows', async () => {
    server();
    renderForm();
    setDate('Departure date', '2026-12-01');
    const departure = screen.getByLabelText('Departure date');
    const returnDate = screen.getByLabelText('Return date');
    expect(describedText(departure)).toContain('Between 23 Nov 2026 and 21 Feb 2027');
    expect(describedText(returnDate)).toContain('Between 1 Dec 2026 and 28 Feb 2027');
    // The calendar stops at the window's last day.
    await userEvent.click(screen.getByRole('button', { name: 'Choose date: Departure date' }));
    await screen.findByRole('grid', { name: 'December 2026' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('1'));
    await userEvent.keyboard('{PageDown}{PageDown}{PageDown}{PageDown}');
    expect(screen.getByRole('grid', { name: 'February 2027' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('21');
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
  });

  // Decision 050: the picker, the rule and the message all read TRIP_LIMITS; change the limit and all three follow.
  it('derives the return window and the duration message from the trip limit', async () => {
    server();
    renderForm();
    const departure = localDate(2026, 12, 1);
    const lastDay = addDays(departure, TRIP_LIMITS.maxSingleTripDays - 1);
    setDate('Departure date', formatIso(departure));
    expect(describedText(screen.getByLabelText('Return date'))).toContain(
      `and ${formatDisplayDate(lastDay, 'en')}`,
    );
    setDate('Return date', formatIso(addDays(lastDay, 1)));
    await chooseOneTraveller();
    await startQuote();
    const message = await screen.findByText(/A single trip can last up to/);
    expect(message.textContent).toContain(`up to ${TRIP_LIMITS.maxSingleTripDays} days`);
    setDate('Return date', formatIso(lastDay));
    await waitFor(() => expect(screen.queryByText(/A single trip can last up to/)).toBeNull());
  });

  it('starts on today and a return 8 days later', () => {
    server();
    renderForm();
    expect((screen.getByLabelText('Departure date') as HTMLInputElement).value).toBe('23/11/2026');
    expect((screen.getByLabelText('Return date') as HTMLInputElement).value).toBe('01/12/2026');
  });

  it('keeps the individual count between 1 and 20', async () => {
    server();
    renderForm();
    await userEvent.click(travellersToggle());
    const fewer = screen.getByRole('button', { name: 'Fewer: Travellers' });
    const more = screen.getByRole('button', { name: 'More: Travellers' });
    expect(fewer.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(fewer);
    expect(travellersToggle().textContent).toContain('1 traveller');
    for (let click = 0; click < 20; click += 1) await userEvent.click(more);
    expect(travellersToggle().textContent).toContain('20 travellers');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(fewer.getAttribute('aria-disabled')).toBe('false');
  });

  it('keeps a family to 1–2 adults and 0–9 children, and a couple at 2', async () => {
    server();
    renderForm();
    await userEvent.click(travellersToggle());
    await userEvent.click(screen.getByRole('radio', { name: 'Family' }));
    const adults = within(screen.getByRole('group', { name: 'Adults' }));
    const children = within(screen.getByRole('group', { name: 'Children' }));
    expect(adults.getByRole('button', { name: 'Fewer: Adults' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(adults.getByRole('button', { name: 'More: Adults' }));
    await userEvent.click(adults.getByRole('button', { name: 'More: Adults' }));
    expect(adults.getByRole('button', { name: 'More: Adults' }).getAttribute('aria-disabled')).toBe('true');
    expect(children.getByRole('button', { name: 'Fewer: Children' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    for (let click = 0; click < 10; click += 1)
      await userEvent.click(children.getByRole('button', { name: 'More: Children' }));
    expect(children.getByRole('button', { name: 'More: Children' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(travellersToggle().textContent).toContain('Family: 2 adults, 9 children');
    expect(useTravelFlowStore.getState().policy.policyTravel).toMatchObject({
      travellerType: 'FM',
      travellerAdult: 2,
      travellerChild: 9,
      travellerIndividual: 0,
    });

    await userEvent.click(screen.getByRole('radio', { name: 'Couple' }));
    expect(screen.getByText('Two adults travelling together (2 travellers).')).toBeTruthy();
    expect(travellersToggle().textContent).toContain('Couple, 2 adults');
    // Escape closes the picker and gives focus back to its button.
    await userEvent.keyboard('{Escape}');
    expect(travellersToggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(travellersToggle());
  });

  it("chooses the shown tab's travellers: a family left for the Individual tab is one traveller, and comes back", async () => {
    server();
    renderForm();
    await userEvent.click(travellersToggle());
    await userEvent.click(screen.getByRole('radio', { name: 'Family' }));
    await userEvent.click(screen.getByRole('button', { name: 'More: Children' }));
    expect(travellersToggle().textContent).toContain('Family: 1 adult, 1 child');
    await userEvent.click(screen.getByRole('radio', { name: 'Individual' }));
    expect(travellersToggle().textContent).toContain('1 traveller');
    expect(useTravelFlowStore.getState().policy.policyTravel).toMatchObject({
      travellerType: 'ID',
      travellerIndividual: 1,
      travellerAdult: 0,
      travellerChild: 0,
    });
    // The family's counts wait in the picker for a switch back.
    await userEvent.click(screen.getByRole('radio', { name: 'Family' }));
    expect(travellersToggle().textContent).toContain('Family: 1 adult, 1 child');
  });

  it('checks the promo code’s format on blur', async () => {
    server();
    renderForm();
    await userEvent.type(screen.getByLabelText('Promo code (optional)'), '25%OFF');
    await userEvent.tab();
    expect(await screen.findByText(MESSAGES.promo)).toBeTruthy();
    expect((screen.getByLabelText('Promo code (optional)') as HTMLInputElement).maxLength).toBe(10);
  });

  it('asks the server about a promo code on blur, with the campaign', async () => {
    const { calls } = server([{ match: /validatePromoCode/, body: 'N' }]);
    renderForm();
    await waitFor(() => expect(useTravelFlowStore.getState().campaign?.campaignCode).toBe('B2CC00'));
    await userEvent.type(screen.getByLabelText('Promo code (optional)'), 'NOPE');
    await userEvent.tab();
    expect(await screen.findByText(MESSAGES.promo)).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/campaign/validatePromoCode/B2CC00/NOPE/1'))).toBe(true);
  });

  it('asks the code’s own campaign on blur where the market has no direct campaign (Hong Kong)', async () => {
    useSystemStore.setState({ country: 'HKG' });
    // No campaign for the plain Hong Kong landing; with a promo, getCampaign says whether a live campaign owns it.
    const { calls } = server([
      { match: /getCampaign/, body: { ...EMPTY_CAMPAIGN, promoCode: 'NOPE', validPromoCode: 'N' } },
    ]);
    renderForm();
    await userEvent.type(screen.getByLabelText('Promo code (optional)'), 'NOPE');
    await userEvent.tab();
    expect(await screen.findByText(MESSAGES.promo)).toBeTruthy();
    const asked = calls.find(
      (call) => call.url.includes('getCampaign') && String(call.init?.body).includes('NOPE'),
    );
    expect(JSON.parse(String(asked?.init?.body))).toMatchObject({
      country: 'HKG',
      productType: 'PTR',
      promo: 'NOPE',
    });
    useSystemStore.setState({ country: 'SGP' });
  });

  it('prices every plan, keeps them and goes to the quote page, showing progress meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = server([
      {
        match: /policy\/multirate/,
        body: { productType: 'PTR', country: 'SGP', policyTravel: { premiumItems: ITEMS } },
      },
    ]);
    const stubbed = vi.mocked(fetch);
    const original = stubbed.getMockImplementation()!;
    stubbed.mockImplementation((input, init) =>
      String(input).includes('multirate')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
            calls.push({ url: String(input), init });
          })
        : original(input, init),
    );
    const router = renderForm();
    await waitFor(() => expect(useTravelFlowStore.getState().campaign?.campaignCode).toBe('B2CC00'));
    await userEvent.selectOptions(screen.getByLabelText('Destination'), 'Worldwide');
    await chooseOneTraveller();
    await startQuote();
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Getting your quote…')).toBeTruthy();
    const sent = JSON.parse(String(calls.find((call) => call.url.includes('multirate'))!.init!.body));
    expect(sent).toMatchObject({
      productType: 'PTR',
      country: 'SGP',
      campaign: { campaignCode: 'B2CC00', campaignId: 1 },
      policyTravel: {
        deptDate: '23/11/2026',
        returnDate: '01/12/2026',
        paPolicyType: 'S',
        journeyCode: '3',
        journey: 'Worldwide (excl. Sanctioned)',
        travellerType: 'ID',
        travellerIndividual: 1,
      },
    });
    answer(
      new Response(
        JSON.stringify({
          productType: 'PTR',
          country: 'SGP',
          policyTravel: { ...sent.policyTravel, premiumItems: ITEMS },
        }),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Quote page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel/quote');
    expect(useTravelFlowStore.getState().plans.map((plan) => plan.planName)).toEqual(['STANDARD', 'SUPER']);
    expect(useTravelFlowStore.getState().initialUrl).toBe('/travel');
  });

  it('looks up the campaign and the partner’s agent campaign again when the trip type changes', async () => {
    useSystemStore.setState({ partner: 'AG1001', country: 'SGP' });
    const { calls } = server([{ match: /getAgentCampaign/, body: EMPTY_AGENT_CAMPAIGN }]);
    renderForm();
    const lookups = () => ({
      campaign: calls.filter((call) => call.url.includes('/getCampaign')).length,
      agentCampaign: calls.filter((call) =>
        call.url.endsWith('/agent/getAgentCampaign/AG1001/productCode/PTR/country/SGP'),
      ).length,
    });
    await waitFor(() => expect(lookups()).toEqual({ campaign: 1, agentCampaign: 1 }));
    await userEvent.click(screen.getByRole('radio', { name: 'Annual plan' }));
    await waitFor(() => expect(lookups()).toEqual({ campaign: 2, agentCampaign: 2 }));
    useSystemStore.setState({ partner: null });
  });

  it('quotes an annual plan without a return date, ending a year after departure', async () => {
    const { calls } = server();
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Annual plan' }));
    expect(screen.queryByLabelText('Return date')).toBeNull();
    setDate('Departure date', '2026-12-01');
    expect(screen.getByText('30 Nov 2027')).toBeTruthy();
    await chooseOneTraveller();
    await startQuote();
    expect(await screen.findByRole('heading', { name: 'Quote page' })).toBeTruthy();
    const sent = JSON.parse(String(calls.find((call) => call.url.includes('multirate'))!.init!.body));
    expect(sent.policyTravel).toMatchObject({
      paPolicyType: 'A',
      deptDate: '01/12/2026',
      returnDate: '30/11/2027',
    });
  });

  it('shows a refusal’s message and stays on the landing', async () => {
    server([
      {
        match: /policy\/multirate/,
        body: {
          productType: 'PTR',
          errorMessage: 'Sorry, the quotation function is currently unavailable. Please try again later.',
          messageKey: 'pvtModeOn.label',
        },
      },
    ]);
    const router = renderForm();
    await chooseOneTraveller();
    await startQuote();
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toBe(
        'Sorry, the quotation function is currently unavailable. Please try again later.',
      ),
    );
    expect(router.state.location.pathname).toBe('/travel');
  });

  it('shows the server’s refusal of a field under that field', async () => {
    server([
      {
        match: /policy\/multirate/,
        status: 400,
        body: { field: 'promo', messageKey: 'landingPromotionCode.invalidPromoCode', message: 'bad' },
      },
      { match: /validatePromoCode/, body: 'Y' },
    ]);
    renderForm();
    await userEvent.type(screen.getByLabelText('Promo code (optional)'), 'USEDUP');
    await chooseOneTraveller();
    await startQuote();
    expect(await screen.findByText(MESSAGES.promo)).toBeTruthy();
    expect(describedText(screen.getByLabelText('Promo code (optional)'))).toContain(MESSAGES.promo);
  });

  it('says so when the quote cannot be fetched', async () => {
    server([{ match: /policy\/multirate/, status: 500, body: { message: 'boom' } }]);
    renderForm();
    await chooseOneTraveller();
    await startQuote();
    expect(
      await screen.findByText("We couldn't get your quote just now. Please try again in a moment."),
    ).toBeTruthy();
  });

  it('cannot start a quote while quoting is off', () => {
    server();
    renderForm({ disabled: true });
    expect((screen.getByRole('button', { name: 'Start quote' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps what was entered across a reload', async () => {
    server();
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Destination'), 'Worldwide');
    setDate('Departure date', '2026-12-10');
    await chooseOneTraveller();
    const saved = JSON.parse(sessionStorage.getItem('lionrock.travel')!).state.policy.policyTravel;
    expect(saved).toMatchObject({ journeyCode: '3', deptDate: '10/12/2026', isTravellerSelected: true });
  });

  it('fills the promo code of a promo link, and quotes for a valid agent with the staff code', async () => {
    const { calls } = server([
      {
        match: /agent\/getStaffCode\/AG1001\/country\/SGP\/productCode\/PTR$/,
        body: { staffCode: 'ST1001T' },
      },
    ]);
    useSystemStore.setState({ partner: 'AG1001', agent: VALID_AGENT });
    renderForm({}, '/travel/partner/AG1001/promo/NEWS2026');
    expect((screen.getByLabelText('Promo code (optional)') as HTMLInputElement).value).toBe('NEWS2026');
    await chooseOneTraveller();
    await startQuote();
    expect(await screen.findByRole('heading', { name: 'Quote page' })).toBeTruthy();
    const sent = JSON.parse(String(calls.find((call) => call.url.includes('multirate'))!.init!.body));
    expect(sent).toMatchObject({
      agentCode: 'AG1001',
      promo: 'NEWS2026',
      policyTravel: { staffCode: 'ST1001T' },
    });
    expect(useTravelFlowStore.getState().initialUrl).toBe('/travel/partner/AG1001/promo/NEWS2026');
  });

  it("says the quote cannot be had when the agent's staff code cannot be found (travel-flow section 8)", async () => {
    const { calls } = server([{ match: /agent\/getStaffCode/, status: 404, body: { statusCode: 404 } }]);
    useSystemStore.setState({ partner: 'AG1001', agent: VALID_AGENT });
    renderForm({}, '/travel/partner/AG1001');
    await chooseOneTraveller();
    await startQuote();
    expect(await screen.findByText(MESSAGES.getQuoteError)).toBeTruthy();
    expect(calls.some((call) => call.url.includes('multirate'))).toBe(false);
  });
});
