import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput, TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import type { TTravelPolicy } from '../features/travel/state/travel-flow-store';

export const POLICY_ID = 'b633b901-6336-420a-9c9c-9af1318d1947';
export const STANDARD: TWirePremiumItem = {
  planName: 'STANDARD',
  planCode: 'TSG-STANDARD',
  premium: 30.6,
  premiumWithoutDiscount: 36,
  gst: 0,
  levy: 0,
  totalPremium: 30.6,
  discount: 5.4,
  insuredCommissionDiscount: 0,
};

/** A rated travel policy as the applicant page leaves it: applicant, traveller, chosen plan, policyId. */
export function ratedPolicy(
  change: (policy: TPolicyInput) => TPolicyInput = (policy) => policy,
): TTravelPolicy {
  const base = buildTravelPolicy(localDate(2026, 11, 23));
  const policy = change({
    ...base,
    policyId: POLICY_ID,
    status: 'quoted',
    policyTravel: {
      ...base.policyTravel,
      premiumItems: [STANDARD],
      policyPremium: STANDARD,
      applicant: { ...base.policyTravel!.applicant!, hasAutoRenewal: true },
    },
  });
  return policy as TTravelPolicy;
}

/** Both declarations given, marketing not. */
export function declared(policy: TTravelPolicy): TTravelPolicy {
  const at = '2026-11-23T02:00:00.000Z';
  return {
    ...policy,
    consents: {
      declaration1: recordConsent(true, at),
      declaration2: recordConsent(true, at),
      marketing: recordConsent(false, at),
    },
  };
}

/**
 * Renders one flow page at `path` with stand-ins for its neighbours (the product's steps under
 * `prefix`); returns the router to read where it went.
 */
export function renderFlowPage(path: string, element: ReactElement, prefix = '/travel') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const neighbours = ['quote', 'applicant', 'confirm', 'payment', 'finish']
    .map((step) => `${prefix}/${step}`)
    .filter((route) => route !== path)
    .map((route) => ({ path: route, element: <h1>{`Page ${route}`}</h1> }));
  const router = createMemoryRouter(
    [{ path, element }, ...neighbours, { path: '*', element: <h1>Landing page</h1> }],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
