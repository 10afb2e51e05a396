import { localDate } from '@lionrock/domain/dates/local-date';
import { TRAVEL_BENEFITS } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { EMPTY_AGENT_CAMPAIGN, EMPTY_CAMPAIGN } from '@lionrock/domain/schemas/campaign-agent-schema';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { useSystemStore } from '../../../state/system-store';
import { HEALTHY_SYSTEM, stubServer, type TFakeRoute } from '../../../test/render';
import { type TTravelPolicy, useTravelFlowStore } from '../state/travel-flow-store';
import { QuotePage } from './quote-page';

const POLICY_ID = 'b633b901-6336-420a-9c9c-9af1318d1947';
const item = (planName: string, totalPremium: number, discount: number): TWirePremiumItem => ({
  planName,
  planCode: `TSG-${planName}`,
  premium: totalPremium,
  premiumWithoutDiscount: totalPremium + discount,
  gst: 0,
  levy: 0,
  totalPremium,
  discount,
  insuredCommissionDiscount: 0,
});
const PLANS = [item('STANDARD', 30.6, 5.4), item('SUPER', 49.3, 8.7)];
const PLUS = [item('STANDARD PLUS', 38.25, 6.75), item('SUPER PLUS', 64.09, 11.31)];

function quoted(): TTravelPolicy {
  const {
    applicant: _applicant,
    travellersList: _list,
    ...trip
  } = buildTravelPolicy(localDate(2026, 11, 23)).policyTravel!;
  return {
    productType: 'PTR',
    country: 'SGP',
    campaign: { campaignId: 1, campaignCode: 'B2CC00', catalogueCode: 'TRV-SG' },
    policyTravel: { ...trip, deptDate: '07/12/2026', returnDate: '13/12/2026', premiumItems: PLANS },
  };
}

function server(routes: TFakeRoute[] = []) {
  return stubServer([
    ...routes,
    {
      match: /policy\/rateTopup/,
      body: { ...quoted(), policyTravel: { ...quoted().policyTravel, premiumTopUps: PLUS } },
    },
    ...HEALTHY_SYSTEM,
  ]);
}

function renderQuote() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/travel/quote', element: <QuotePage /> },
      { path: '/travel/applicant', element: <h1>Applicant page</h1> },
      { path: '*', element: <h1>Landing page</h1> },
    ],
    { initialEntries: ['/travel/quote'] },
  );
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const sentTo = (calls: { url: string; init: RequestInit | undefined }[], call: string) =>
  calls
    .filter((entry) => entry.url.endsWith(`/policy/${call}`))
    .map((entry) => JSON.parse(String(entry.init!.body)));

const DECLARATION =
  'I have read the important notes and declare that the travellers are eligible and the details given are true.';

/** Apply now with the declaration ticked (travel-flow section 5, Quote). */
async function applyNow() {
  await userEvent.click(screen.getByRole('checkbox', { name: DECLARATION }));
  await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
}

beforeEach(() => {
  const store = useTravelFlowStore.getState();
  store.reset();
  store.setCampaign({
    campaignId: 1,
    campaignCode: 'B2CC00',
    catalogueCode: 'TRV-SG',
    promoCodeRequired: false,
  });
  store.setQuoted(quoted(), '/travel/campaign/B2CC00');
});
afterEach(() => vi.unstubAllGlobals());

describe('the quote page (travel-flow sections 2 and 4)', () => {
  it('goes back to the landing when there is no quote', async () => {
    server();
    useTravelFlowStore.getState().reset();
    const router = renderQuote();
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel');
  });

  it('shows both plans in S$ with Super chosen, and the trip', async () => {
    server();
    renderQuote();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Super' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('S$30.60')).toBeTruthy();
    const summary = within(screen.getByRole('region', { name: 'Your trip' }));
    expect(summary.getByText('7 Dec 2026 to 13 Dec 2026 (7 days)')).toBeTruthy();
    expect(summary.getByText('Asia Pacific')).toBeTruthy();
    expect(summary.getByText('1 traveller')).toBeTruthy();
    expect(summary.getByText('Total premium').nextElementSibling!.textContent).toBe('S$49.30');
    expect(screen.getByText('Step 2 of 6: Quote')).toBeTruthy();
  });

  it('rates the chosen plan at the price shown, keeps the stored policy and goes to the applicant page', async () => {
    const { calls } = server([
      {
        match: /policy\/rate$/,
        body: {
          ...quoted(),
          policyId: POLICY_ID,
          status: 'quoted',
          policyTravel: { ...quoted().policyTravel, policyPremium: PLANS[0] },
        },
      },
    ]);
    const router = renderQuote();
    await userEvent.click(screen.getByRole('radio', { name: 'Standard' }));
    const summary = within(screen.getByRole('region', { name: 'Your trip' }));
    expect(summary.getByText('Total premium').nextElementSibling!.textContent).toBe('S$30.60');
    await applyNow();
    expect(await screen.findByRole('heading', { name: 'Applicant page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel/applicant');
    const [sent] = sentTo(calls, 'rate');
    expect(sent.policyTravel.policyPremium).toMatchObject({ planName: 'STANDARD', totalPremium: 30.6 });
    expect(sent.policyTravel.topUpSelected).toBe(false);
    expect(useTravelFlowStore.getState().policy.policyId).toBe(POLICY_ID);
  });

  it('shows a changed price and goes on only when the customer agrees', async () => {
    const repriced = item('SUPER', 52, 9.2);
    let rateCalls = 0;
    const { calls } = server([{ match: /b2c\/log/, status: 204, body: '' }]);
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).endsWith('/policy/rate')) return base(input, init);
      calls.push({ url: String(input), init });
      rateCalls += 1;
      return rateCalls === 1
        ? new Response(
            JSON.stringify({
              statusCode: 409,
              messageKey: 'quotePriceChanged.message',
              policy: { ...quoted(), policyTravel: { ...quoted().policyTravel, policyPremium: repriced } },
            }),
            { status: 409 },
          )
        : new Response(JSON.stringify({ ...quoted(), policyId: POLICY_ID, status: 'quoted' }));
    });
    renderQuote();
    await applyNow();
    const dialog = await screen.findByRole('dialog', { name: 'The price has changed' });
    expect(within(dialog).getByText('Super now costs S$52.00 (it was S$49.30).')).toBeTruthy();
    // The card shows the new price too.
    expect(
      within(screen.getByRole('radio', { name: 'Super' }).closest('label')!).getByText('S$52.00'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue at the new price' }));
    expect(await screen.findByRole('heading', { name: 'Applicant page' })).toBeTruthy();
    expect(sentTo(calls, 'rate').map((sent) => sent.policyTravel.policyPremium.totalPremium)).toEqual([
      49.3, 52,
    ]);
  });

  it('shows the blacklist message when the rate is declined', async () => {
    server([
      {
        match: /policy\/rate$/,
        body: {
          ...quoted(),
          errorMessage: 'Decline: Underwriting/Compliance.',
          messageKey: 'BlacklistedErrorMessage.label',
        },
      },
    ]);
    const router = renderQuote();
    await applyNow();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Decline: Underwriting/Compliance.'),
    );
    expect(router.state.location.pathname).toBe('/travel/quote');
  });

  it('offers Plus at its own price and applies for the Plus plan', async () => {
    const { calls } = server([
      { match: /policy\/rate$/, body: { ...quoted(), policyId: POLICY_ID, status: 'quoted' } },
    ]);
    renderQuote();
    const plus = await screen.findByRole('checkbox', { name: 'Add Plus' });
    await waitFor(() => expect((plus as HTMLInputElement).disabled).toBe(false));
    expect(screen.getByText(/Super Plus costs S\$64\.09 in total/)).toBeTruthy();
    await userEvent.click(plus);
    expect((screen.getByRole('radio', { name: 'Super Plus' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Standard Plus' })).toBeTruthy();
    await applyNow();
    await screen.findByRole('heading', { name: 'Applicant page' });
    const [topUp] = sentTo(calls, 'rateTopup');
    expect(topUp.policyTravel.policyPremium).toBeUndefined();
    const [sent] = sentTo(calls, 'rate');
    expect(sent.policyTravel).toMatchObject({
      topUpSelected: true,
      selectedTopUp: 'SUPER PLUS',
      policyPremium: { planName: 'SUPER PLUS', totalPremium: 64.09 },
    });
  });

  it('goes Back to the landing the quote started from', async () => {
    server();
    const router = renderQuote();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/travel/campaign/B2CC00');
  });
});

const MESSAGES = {
  promo: "This promo code isn't valid. Please check it and try again.",
  declaration: 'Please read and tick the declaration to go on.',
  terms: "Please read and accept the campaign's terms and conditions to go on.",
};
const CAMPAIGN = {
  ...EMPTY_CAMPAIGN,
  campaignId: 1,
  campaignCode: 'B2CC00',
  catalogueCode: 'TRV-SG',
  status: 'ACTIVE',
  marketingMessage: 'Save 15% on every trip this season',
  marketingMessageCn: '本季所有行程85折',
  termsConditionsEn: 'The discount applies to policies bought by 31 Dec 2026.',
  termsConditionsCn: '折扣适用于2026年12月31日前购买的保单。',
};
const rated = { match: /policy\/rate$/, body: { ...quoted(), policyId: POLICY_ID, status: 'quoted' } };

describe('the quote page’s promo code, consents and documents (travel-flow sections 2 and 5)', () => {
  it('refuses Apply now without the declaration, and says so', async () => {
    const { calls } = server([rated]);
    renderQuote();
    await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
    const declaration = screen.getByRole('checkbox', { name: DECLARATION });
    expect(await screen.findByText(MESSAGES.declaration)).toBeTruthy();
    expect(declaration.getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(calls, 'rate')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Important notes' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
    await userEvent.click(declaration);
    expect(screen.queryByText(MESSAGES.declaration)).toBeNull();
  });

  it('shows the campaign’s marketing message, and requires its terms, readable in a modal', async () => {
    const { calls } = server([{ match: /campaign\/getCampaign/, body: CAMPAIGN }, rated]);
    renderQuote();
    expect(await screen.findByText('Save 15% on every trip this season')).toBeTruthy();
    const terms = screen.getByRole('checkbox', { name: "I agree to the campaign's terms and conditions." });
    await applyNow();
    expect(await screen.findByText(MESSAGES.terms)).toBeTruthy();
    expect(sentTo(calls, 'rate')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Read the terms and conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Campaign terms and conditions' });
    expect(within(dialog).getByText(CAMPAIGN.termsConditionsEn)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(terms);
    await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
    expect(await screen.findByRole('heading', { name: 'Applicant page' })).toBeTruthy();
  });

  it('has no terms checkbox when the campaign has no terms', async () => {
    server([
      { match: /campaign\/getCampaign/, body: { ...CAMPAIGN, termsConditionsEn: '', termsConditionsCn: '' } },
    ]);
    renderQuote();
    await screen.findByText('Save 15% on every trip this season');
    expect(screen.queryByRole('checkbox', { name: /terms and conditions/ })).toBeNull();
  });

  it('checks the promo code on blur and refuses Apply now when the campaign says N', async () => {
    const { calls } = server([{ match: /validatePromoCode/, body: 'N' }, rated]);
    renderQuote();
    const promo = screen.getByRole('textbox', { name: 'Promo code (optional)' });
    await userEvent.type(promo, 'OLD2020');
    await userEvent.tab();
    expect(await screen.findByText(MESSAGES.promo)).toBeTruthy();
    expect(promo.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.url.endsWith('/campaign/validatePromoCode/B2CC00/OLD2020/1'))).toBe(
      true,
    );
    await applyNow();
    expect(sentTo(calls, 'rate')).toHaveLength(0);
    expect(sentTo(calls, 'multirate')).toHaveLength(0);
  });

  it('re-rates every plan with a valid promo (Y), so the cards show its discount', async () => {
    const discounted = [item('STANDARD', 27, 9), item('SUPER', 43.5, 14.5)];
    const { calls } = server([
      { match: /validatePromoCode/, body: 'Y' },
      {
        match: /policy\/multirate/,
        body: { ...quoted(), policyTravel: { ...quoted().policyTravel, premiumItems: discounted } },
      },
      rated,
    ]);
    renderQuote();
    await userEvent.type(screen.getByRole('textbox', { name: 'Promo code (optional)' }), 'SAVE10');
    await userEvent.tab();
    expect(await screen.findByText('S$27.00')).toBeTruthy();
    expect(screen.getByText('Promo code SAVE10 is applied to the prices above.')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.promo)).toBeNull();
    const [sent] = sentTo(calls, 'multirate');
    expect(sent).toMatchObject({ promo: 'SAVE10', policyTravel: { promotionCode: 'SAVE10' } });
    expect(useTravelFlowStore.getState().policy.promo).toBe('SAVE10');
    await applyNow();
    expect(await screen.findByRole('heading', { name: 'Applicant page' })).toBeTruthy();
    const [rate] = sentTo(calls, 'rate');
    expect(rate).toMatchObject({ promo: 'SAVE10', policyTravel: { policyPremium: { totalPremium: 43.5 } } });
    expect(sentTo(calls, 'multirate')).toHaveLength(1);
  });

  it('refuses Apply now without a promo when the campaign requires one', async () => {
    const { calls } = server([rated]);
    useTravelFlowStore.getState().setCampaign({
      campaignId: 1,
      campaignCode: 'B2CC00',
      catalogueCode: 'TRV-SG',
      promoCodeRequired: true,
    });
    renderQuote();
    const promo = screen.getByRole('textbox', { name: 'Promo code' });
    expect(promo.getAttribute('aria-required')).toBe('true');
    await applyNow();
    expect(await screen.findByText(MESSAGES.promo)).toBeTruthy();
    expect(sentTo(calls, 'rate')).toHaveLength(0);
  });

  it('offers the brochure, policy wording and COVID-19 wording of the market', () => {
    server();
    renderQuote();
    const documents = within(screen.getByRole('region', { name: 'Documents' }));
    const links = documents.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Product brochure (PDF download)PDF', '/b2c-server/rest/document/get/travel-brochure?country=SGP'],
      ['Policy wording (PDF download)PDF', '/b2c-server/rest/document/get/travel-policyWording?country=SGP'],
      [
        'COVID-19 extension wording (PDF download)PDF',
        '/b2c-server/rest/document/get/travel-covid19Wording?country=SGP',
      ],
    ]);
  });

  it('shows the comparison table for the quote’s cover type', async () => {
    server();
    renderQuote();
    const table = within(screen.getByRole('region', { name: 'Compare the plans' }));
    await userEvent.click(await table.findByRole('button', { name: 'Personal covers' }));
    expect(
      table.getByRole('rowheader', { name: 'Medical and additional expenses (per adult)' }),
    ).toBeTruthy();
  });

  it('compares the limits in force on the day the trip starts, as its schedule will print them', async () => {
    // Underwriting raised Standard's medical limit from the departure day (decision 099).
    const later = structuredClone(TRAVEL_BENEFITS);
    later.groups[0]!.rows.find((row) => row.key === 'medical')!.values.SGP.STANDARD = 54_321_000;
    const { calls } = server([
      { match: /policy\/benefits\?country=SGP&product=PTR&on=07\/12\/2026$/, body: later },
    ]);
    renderQuote();
    const table = within(screen.getByRole('region', { name: 'Compare the plans' }));
    await userEvent.click(await table.findByRole('button', { name: 'Personal covers' }));
    const medical = table.getByRole('rowheader', { name: 'Medical and additional expenses (per adult)' });
    expect(within(medical.closest('tr')!).getAllByRole('cell')[0]!.textContent).toMatch(/^S\$543,210\.00/);
    // The Standard card's key cover reads the same schedule.
    const standard = screen.getByRole('radio', { name: 'Standard' }).closest('label')!;
    expect(standard.querySelector('[data-cover="medical"]')!.textContent).toContain('S$543,210.00');
    expect(calls.filter(({ url }) => url.includes('policy/benefits')).map(({ url }) => url)).toEqual([
      '/b2c-server/rest/policy/benefits?country=SGP&product=PTR&on=07/12/2026',
    ]);
  });

  it('reports plan choices, table groups and the period edit to the data layer', async () => {
    delete window.dataLayer;
    server();
    renderQuote();
    await userEvent.click(screen.getByRole('radio', { name: 'Standard' }));
    const table = within(screen.getByRole('region', { name: 'Compare the plans' }));
    await userEvent.click(table.getByRole('button', { name: 'Personal covers' }));
    await userEvent.click(table.getByRole('button', { name: 'Personal covers' }));
    await userEvent.click(screen.getByRole('link', { name: 'Edit the insurance period' }));
    expect(window.dataLayer).toEqual([
      { event: 'select-plan-STANDARD' },
      { event: 'expand-personal-covers' },
      { event: 'collapse-personal-covers' },
      { event: 'edit-insurance-period' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeTruthy();
    delete window.dataLayer;
  });

  it('shows the partner’s agent campaign title, and nothing when the lookup fails', async () => {
    useSystemStore.setState({ partner: 'AG1001', country: 'SGP' });
    server([
      {
        match: /getAgentCampaign\/AG1001\/productCode\/PTR\/country\/SGP$/,
        body: {
          ...EMPTY_AGENT_CAMPAIGN,
          campaignTitle: 'Harbourfront clients save 10% on travel cover',
          campaignDetails: 'Your adviser gives up part of the commission so you pay less.',
        },
      },
    ]);
    renderQuote();
    const offer = await screen.findByRole('region', { name: "Your adviser's offer" });
    expect(offer.textContent).toContain('Harbourfront clients save 10% on travel cover');
    expect(offer.textContent).toContain('gives up part of the commission');
    cleanup();
    server([{ match: /getAgentCampaign/, status: 500, body: { statusCode: 500 } }]);
    renderQuote();
    await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: "Your adviser's offer" })).toBeNull();
    useSystemStore.setState({ partner: null });
  });

  it('shows the saving and the total in the mobile discount panel when the chosen plan has a discount', async () => {
    useTravelFlowStore.getState().setCampaign({
      campaignId: 2,
      campaignCode: 'YEAREND',
      catalogueCode: 'TRV-SG',
      promoCodeRequired: false,
    });
    server();
    renderQuote();
    const panel = await screen.findByText('You save S$8.70');
    expect(panel.parentElement!.textContent).toContain('Total S$49.30');
  });

  it('labels the family discount for a Hong Kong family, not for a Singapore one', async () => {
    server();
    renderQuote();
    expect(screen.queryByText('Family discount included in these prices')).toBeNull();
    cleanup();
    const store = useTravelFlowStore.getState();
    store.setQuoted(
      {
        ...quoted(),
        country: 'HKG',
        policyTravel: { ...quoted().policyTravel, travellerType: 'FM', travellerAdult: 2, travellerChild: 1 },
      },
      '/travel',
    );
    renderQuote();
    expect(await screen.findByText('Family discount included in these prices')).toBeTruthy();
  });

  it('shows the campaign message kept with the journey at once, before the campaign is fetched again', () => {
    useTravelFlowStore.getState().setCampaign({
      campaignId: 1,
      campaignCode: 'B2CC00',
      catalogueCode: 'TRV-SG',
      promoCodeRequired: false,
      marketingMessage: 'Buy online and save 15% on every travel plan.',
      marketingMessageCn: '网上投保,所有旅游计划享八五折。',
    });
    server();
    renderQuote();
    expect(screen.getByText('Buy online and save 15% on every travel plan.')).toBeTruthy();
  });
});
