import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSystemStore } from '../../../state/system-store';
import { ratedPolicy, renderFlowPage, STANDARD } from '../../../test/checkout';
import { HEALTHY_SYSTEM, stubServer, VALID_AGENT } from '../../../test/render';
import { useTravelFlowStore } from '../../travel/state/travel-flow-store';
import { travelProduct } from '../../travel/travel-product';
import { ResumePage } from './resume-page';

const TOKEN = 'x'.repeat(43);

function open(answer: { status?: number; body: unknown }) {
  window.history.replaceState(null, '', `/travel/resume#${TOKEN}`);
  const server = stubServer([
    ...HEALTHY_SYSTEM,
    { match: /saved-quote\/open$/, ...answer },
    { match: /agent\/get\/AG1001/, body: VALID_AGENT },
  ]);
  const router = renderFlowPage('/travel/resume', <ResumePage product={travelProduct} />);
  return { router, ...server };
}

const journey = (change: Record<string, unknown> = {}) => ({
  step: 'confirm',
  policy: {
    ...ratedPolicy(),
    agentCode: 'AG1001',
    promo: 'YEAREND25',
    campaign: { campaignCode: 'YEAREND' },
  },
  previousTotalCents: null,
  invalid: null,
  language: 'en',
  ...change,
});

beforeEach(() => {
  useTravelFlowStore.getState().reset();
  useSystemStore.setState({ agent: null, partner: null, country: 'SGP', lang: 'en' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the saved quote’s link (decision 076)', () => {
  it('sends the token in the body, clears it from the address, and goes on at the saved step with the journey back', async () => {
    const { router, calls } = open({ body: journey() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/confirm'));
    expect(window.location.hash).toBe('');
    const call = calls.find((entry) => entry.url.endsWith('/saved-quote/open'))!;
    expect(JSON.parse(String(call.init?.body))).toEqual({ token: TOKEN });
    expect(call.url).not.toContain(TOKEN);
    const state = useTravelFlowStore.getState();
    expect(state.policy.policyId).toBe(ratedPolicy().policyId);
    expect(state.policy.promo).toBe('YEAREND25');
    expect(state.campaign?.campaignCode).toBe('YEAREND');
    expect(useSystemStore.getState()).toMatchObject({ partner: 'AG1001', agent: { agentCode: 'AG1001' } });
  });

  it('says the price changed before going on, with both prices', async () => {
    const { router } = open({ body: journey({ previousTotalCents: 2000 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'The price has changed' })).toBeTruthy();
    expect(document.body.textContent).toContain('S$20.00');
    expect(document.body.textContent).toContain(`S$${STANDARD.totalPremium.toFixed(2)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Continue at the new price' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/confirm'));
  });

  it('shows only the prices the server gave, never a total the browser kept (issue 27 section 5)', async () => {
    // The tab still holds a journey whose own total says S$0.01, as a forged sessionStorage would.
    const forged = ratedPolicy();
    forged.policyTravel!.policyPremium = { ...STANDARD, premium: 0.01, totalPremium: 0.01 };
    useTravelFlowStore.setState({ policy: forged, plans: [{ ...STANDARD, totalPremium: 0.01 }] } as never);
    open({ body: journey({ previousTotalCents: 2000 }) });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('S$20.00');
    expect(status.textContent).toContain(`S$${STANDARD.totalPremium.toFixed(2)}`);
    expect(document.body.textContent).not.toContain('0.01');
    // And the journey goes on with the server's policy, not the tab's.
    expect(useTravelFlowStore.getState().policy.policyTravel?.policyPremium?.totalPremium).toBe(
      STANDARD.totalPremium,
    );
  });

  it('shows a date that has passed and sends the customer to change the quote', async () => {
    const { router } = open({
      body: journey({
        step: 'quote',
        invalid: { field: 'policyTravel.deptDate', messageKey: 'validation.required' },
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your quote needs new details' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).not.toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Change my quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/partner/AG1001'));
  });

  it('says plainly when the link has expired or was replaced', async () => {
    open({ status: 404, body: { statusCode: 404, field: 'token', messageKey: 'savedQuote.linkNotValid' } });
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't open this quote" }),
    ).toBeTruthy();
    expect(document.body.textContent).toContain('expired');
    expect(screen.getByRole('link', { name: 'Start a new quote' }).getAttribute('href')).toBe('/travel');
  });
});
