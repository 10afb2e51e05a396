import { PA_BENEFITS, TRAVEL_BENEFITS } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { HOME_BENEFITS } from '@lionrock/domain/rating/benefits/home-benefits';
import { HOME_RATE_TABLE, PA_RATE_TABLE } from '@lionrock/domain/rating/bundled-rate-tables';
import { homeRateFacts, paRateFacts } from '@lionrock/domain/rating/rate-facts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';

/** Renders a route element inside the app's providers, on a memory router at `path`. */
export function renderAt(element: ReactElement, path = '/travel') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

export type TFakeRoute = {
  match: RegExp;
  status?: number;
  body: unknown;
  /** Answered only once this settles: a slow call, held by the test. */
  gate?: Promise<void>;
};

/** A fetch that answers the shop's calls from a table and records every request. */
export function stubServer(routes: TFakeRoute[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const route = routes.find((candidate) => candidate.match.test(url));
    if (!route) return new Response(JSON.stringify({ statusCode: 404 }), { status: 404 });
    if (route.gate) await route.gate;
    const text = typeof route.body === 'string' ? route.body : JSON.stringify(route.body);
    return new Response(text, { status: route.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const HEALTHY_SYSTEM: TFakeRoute[] = [
  // The schedules in force as the seed loads them (the bundled versions).
  { match: /policy\/benefits\?.*product=PTR/, body: TRAVEL_BENEFITS },
  { match: /policy\/benefits\?.*product=PAN/, body: PA_BENEFITS },
  { match: /policy\/benefits\?.*product=PHM/, body: HOME_BENEFITS },
  // The rate tables' figures in force as the seed loads them (decision 114).
  ...(['SGP', 'HKG'] as const).flatMap((country) => [
    {
      match: new RegExp(`policy/rate-facts\\?country=${country}&product=PAN`),
      body: paRateFacts(PA_RATE_TABLE, country),
    },
    {
      match: new RegExp(`policy/rate-facts\\?country=${country}&product=PHM`),
      body: homeRateFacts(HOME_RATE_TABLE, country),
    },
  ]),
  { match: /getStatus/, body: 'true' },
  { match: /pvt-status/, body: 'false' },
  { match: /getScheduledMaintenance/, body: {} },
  { match: /version\.txt/, body: '1.2.3' },
  { match: /b2c\/log/, status: 204, body: '' },
];

/** A valid partner agent as the server answers `agent/get` (not the default agent). */
export const VALID_AGENT = {
  agentCode: 'AG1001',
  name: 'Tan Wei Ling',
  agency: 'Harbourfront',
  email: 'wl@h.example',
  tel: '91234567',
  isDefaultAgent: false,
  registrationNo: 'R',
  subAgentId: '',
};
