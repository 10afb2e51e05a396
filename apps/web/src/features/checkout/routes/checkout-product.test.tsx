import { localDate } from '@lionrock/domain/dates/local-date';
import { buildHomePolicy } from '@lionrock/domain/schemas/fixtures';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_ERROR_TITLE_KEY, useErrorStore } from '../../../state/error-store';
import { useSystemStore } from '../../../state/system-store';
import { declared, POLICY_ID, renderFlowPage } from '../../../test/checkout';
import { HEALTHY_SYSTEM, stubServer } from '../../../test/render';
import { useTravelFlowStore } from '../../travel/state/travel-flow-store';
import { PRODUCT_WIRE, type TCheckoutPolicy, type TCheckoutProduct } from '../checkout-product';
import { checkoutCore, checkoutPersistence, type TCheckoutState } from '../state/checkout-store';
import { ConfirmPage } from './confirm-page';
import { FinishPage } from './finish-page';
import { PaymentPage } from './payment-page';

/**
 * A product that is not travel, built only from the contract (decision 044): if a checkout page still
 * read travel's store, parts or paths, these tests would see travel's, not this product's.
 */
type THomePolicy = TCheckoutPolicy<'policyHome'>;

const ESSENTIAL: TWirePremiumItem = {
  planName: 'ESSENTIAL',
  planCode: 'HSG-ESSENTIAL',
  premium: 120,
  premiumWithoutDiscount: 120,
  gst: 10.8,
  levy: 0,
  totalPremium: 130.8,
  discount: 0,
  insuredCommissionDiscount: 0,
};

function emptyHomePolicy(): THomePolicy {
  return { productType: 'PHM', country: 'SGP', lang: 'en', paymentSuccess: 'false', policyHome: {} };
}

const useFakeHomeJourney = create<TCheckoutState<'policyHome'>>()(
  persist(
    (set) => checkoutCore<'policyHome', TCheckoutState<'policyHome'>>(set, emptyHomePolicy),
    checkoutPersistence<'policyHome', TCheckoutState<'policyHome'>>('lionrock.test-home'),
  ),
);

function AddressSection({ policy }: { policy: THomePolicy }) {
  return (
    <section aria-label="Insured address">
      {policy.policyHome.blockOrHouseNo} {policy.policyHome.streetName} {policy.policyHome.postalCode}
    </section>
  );
}

const fakeHome: TCheckoutProduct<'policyHome'> = {
  key: 'home',
  ...PRODUCT_WIRE.home,
  steps: ['quote', 'welcome', 'apply', 'confirm', 'complete', 'insured'],
  useJourney: useFakeHomeJourney,
  paths: {
    landing: '/home',
    quote: '/home/quote',
    applicant: '/home/applicant',
    afterApplicant: '/home/confirm',
    confirm: '/home/confirm',
    payment: '/home/payment',
    finish: '/home/finish',
  },
  errorTitleKey: 'fakeHome.errorTitle',
  InsuredSection: AddressSection,
  useSummaryRows: (policy, where) => [
    ['Dwelling', `${policy.policyHome.dwellingType} (${where})`],
    ['Plan', policy.policyHome.policyPremium?.planName ?? ''],
  ],
  renewalEligible: () => false,
};

function ratedHome(): THomePolicy {
  const base = buildHomePolicy(localDate(2026, 11, 23)) as THomePolicy;
  return {
    ...base,
    lang: 'en',
    paymentSuccess: 'false',
    policyId: POLICY_ID,
    status: 'quoted',
    policyHome: { ...base.policyHome, premiumItems: [ESSENTIAL], policyPremium: ESSENTIAL },
  };
}

beforeEach(() => {
  stubServer(HEALTHY_SYSTEM);
  useTravelFlowStore.getState().reset();
  useFakeHomeJourney.getState().reset();
  useSystemStore.setState({ agent: null, partner: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('the checkout with a product other than travel (decision 044)', () => {
  it("confirms with the product's insured section, summary lines, steps and paths", async () => {
    useFakeHomeJourney.setState({ policy: ratedHome() });
    const router = renderFlowPage('/home/confirm', <ConfirmPage product={fakeHome} />, '/home');
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).toContain('HDB (confirm)');
    expect(plan.textContent).toContain('ESSENTIAL');
    // The price lines are the checkout's, by the domain's display rules.
    expect(plan.textContent).toContain('S$130.80');
    expect(within(plan).getByRole('link', { name: 'Edit your plan' }).getAttribute('href')).toBe(
      '/home/quote',
    );
    expect(screen.getByRole('region', { name: 'Insured address' }).textContent).toContain(
      '123 Tampines Street 11 521123',
    );
    // Travel's insured card is not there: the product's section replaces it.
    expect(screen.queryByRole('region', { name: 'Insured persons' })).toBeNull();
    expect(screen.getByText('Step 4 of 6: Confirm')).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Your progress' }).querySelectorAll('li');
    expect([...steps].map((step) => step.textContent?.replace(/^[\d✓]/, ''))).toEqual([
      'Quote',
      'Welcome',
      'Apply',
      'Confirm',
      'Complete',
      'Pay',
    ]);
    // The shop's error modal carries the product's title while its page shows.
    expect(useErrorStore.getState().titleKey).toBe('fakeHome.errorTitle');
    // No auto-renewal for this product: Pay goes straight on once both declarations are given.
    expect(screen.queryByRole('switch')).toBeNull();
    await userEvent.click(
      screen.getByRole('checkbox', { name: /^I have read and agree to the declarations/ }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /^I agree that Lionrock may use/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/payment'));
    const { policy } = useFakeHomeJourney.getState();
    expect(policy.consents?.declaration1.given).toBe(true);
    expect(policy.policyHome.applicant?.directMarketing).toBe('false');
    expect(policy.policyHome.applicant?.hasAutoRenewal).toBe(false);
    // The travel journey is untouched.
    expect(useTravelFlowStore.getState().policy.consents).toBeUndefined();
    cleanup();
    expect(useErrorStore.getState().titleKey).toBe(DEFAULT_ERROR_TITLE_KEY);
  });

  it("sends a journey without a quote to the product's landing and one without an applicant to its applicant page", async () => {
    const router = renderFlowPage('/home/confirm', <ConfirmPage product={fakeHome} />, '/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const rated = ratedHome();
    useFakeHomeJourney.setState({
      policy: { ...rated, policyHome: { ...rated.policyHome, applicant: undefined } },
    });
    const again = renderFlowPage('/home/confirm', <ConfirmPage product={fakeHome} />, '/home');
    await waitFor(() => expect(again.state.location.pathname).toBe('/home/applicant'));
  });

  it("pays with the product's summary lines and steps back to its confirm page", async () => {
    useFakeHomeJourney.setState({ policy: declared(ratedHome() as never) as THomePolicy });
    const router = renderFlowPage('/home/payment', <PaymentPage product={fakeHome} />, '/home');
    const summary = await screen.findByRole('region', { name: 'Your purchase' });
    expect(summary.textContent).toContain('HDB (payment)');
    expect(summary.textContent).toContain('S$130.80');
    expect(screen.getByText('Step 5 of 6: Complete')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/confirm'));
  });

  it("finishes on the product's issued policy and clears only its journey", async () => {
    useFakeHomeJourney.setState({
      policy: {
        ...declared(ratedHome() as never),
        policyNumber: 'HSG-0001',
        receiptNumber: 'R-1',
      } as THomePolicy,
      initialUrl: '/home',
    });
    renderFlowPage('/home/finish', <FinishPage product={fakeHome} />, '/home');
    expect(await screen.findByText('HSG-0001')).toBeTruthy();
    expect(screen.getByText('Step 6 of 6: Pay')).toBeTruthy();
    // The thanks names the product bought, not travel.
    expect(screen.getByText(/Your home policy has been issued/)).toBeTruthy();
    expect(screen.queryByText(/travel policy/)).toBeNull();
  });
});
