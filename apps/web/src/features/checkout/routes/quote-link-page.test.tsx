import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { useSystemStore } from '../../../state/system-store';
import { HEALTHY_SYSTEM, stubServer } from '../../../test/render';
import { usePaFlowStore } from '../../pa/state/pa-flow-store';
import { useTravelFlowStore } from '../../travel/state/travel-flow-store';
import { linkPlanOf } from '../state/link-plan';
import { QuoteLinkPage } from './quote-link-page';

const CODE = 'abcDEF123_-abcde';

function open(path: string, answer: { status?: number; body: unknown }) {
  const server = stubServer([...HEALTHY_SYSTEM, { match: /quote-link\/open$/, ...answer }]);
  const router = createMemoryRouter(
    [
      { path: '/:product/link/:code', element: <QuoteLinkPage /> },
      { path: '*', element: <h1>Landing page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...server };
}

const link = (change: Record<string, unknown> = {}) => ({
  code: CODE,
  product: 'travel',
  market: 'HKG',
  language: 'zh',
  agentCode: 'HK2001',
  subAgentCode: 'S01',
  campaignCode: 'HKWINTER',
  prefill: {
    travel: {
      tripType: 'A',
      destination: '3',
      travellers: { travellerType: 'FM', individuals: 0, adults: 2, children: 1 },
      plan: 'STANDARD',
    },
  },
  dropped: [],
  ...change,
});

beforeEach(() => {
  useTravelFlowStore.getState().reset();
  usePaFlowStore.getState().reset();
  sessionStorage.clear();
  useSystemStore.setState({ agent: null, partner: null, country: 'SGP', lang: 'en' });
});
afterEach(() => vi.unstubAllGlobals());

describe('a pre-filled quote link (decision 090)', () => {
  it('fills the travel journey, keeps the plan and goes on to the agent’s landing form', async () => {
    const { router, calls } = open(`/travel/link/${CODE}`, { body: link() });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/travel/partner/HK2001/sub/S01/campaign/HKWINTER/lang/zh?country=HKG',
      ),
    );
    const call = calls.find((entry) => entry.url.endsWith('/quote-link/open'))!;
    expect(JSON.parse(String(call.init?.body))).toEqual({ code: CODE });
    const { policy, link: landing } = useTravelFlowStore.getState();
    expect(policy).toMatchObject({
      country: 'HKG',
      lang: 'zh',
      agentCode: 'HK2001',
      subAgentId: 'S01',
      quoteLink: CODE,
      policyTravel: {
        paPolicyType: 'A',
        journeyCode: '3',
        travellerType: 'FM',
        travellerAdult: 2,
        travellerChild: 1,
        isTravellerSelected: true,
        // The dates are the customer's.
        deptDate: '',
      },
    });
    expect(landing).toBe('/travel/partner/HK2001/sub/S01/campaign/HKWINTER/lang/zh?country=HKG');
    expect(useSystemStore.getState()).toMatchObject({ country: 'HKG', lang: 'zh' });
    expect(linkPlanOf('travel')).toBe('STANDARD');
    expect(linkPlanOf('pa')).toBeNull();
  });

  it('names the choices that no longer hold before going on', async () => {
    const { router } = open(`/pa/link/${CODE}`, {
      body: link({
        product: 'pa',
        market: 'SGP',
        language: 'en',
        subAgentCode: null,
        campaignCode: null,
        prefill: { pa: { insuredPersonType: 'family', adults: 2, children: 1 } },
        dropped: ['campaignCode', 'pa.occupation'],
      }),
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('the offer, occupation');
    expect(usePaFlowStore.getState().policy.policyPAN).toMatchObject({
      insuredPersonType: 'family',
      family: { numberOfAdults: 2, noOfChildren: 1 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue to the quote form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pa/partner/HK2001'));
  });

  it('says an unknown link is not valid, offering a new quote', async () => {
    open(`/home/link/${CODE}`, {
      status: 404,
      body: { statusCode: 404, message: 'This link is not valid.', field: 'code' },
    });
    expect(await screen.findByRole('heading', { name: 'This link does not open a quote' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a quote' }).getAttribute('href')).toBe('/travel');
  });
});
