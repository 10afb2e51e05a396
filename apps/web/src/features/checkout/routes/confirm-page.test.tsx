import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSystemStore } from '../../../state/system-store';
import { ratedPolicy, renderFlowPage } from '../../../test/checkout';
import { HEALTHY_SYSTEM, stubServer } from '../../../test/render';
import { type TTravelPolicy, useTravelFlowStore } from '../../travel/state/travel-flow-store';
import { travelProduct } from '../../travel/travel-product';
import { ConfirmPage } from './confirm-page';

function start(policy: TTravelPolicy) {
  stubServer(HEALTHY_SYSTEM);
  useTravelFlowStore.setState({ policy, plans: [], campaign: null, initialUrl: '/travel' });
  return renderFlowPage('/travel/confirm', <ConfirmPage product={travelProduct} />);
}

const annual = (clientType: 'P' | 'C' = 'P') =>
  ratedPolicy((policy) => ({
    ...policy,
    policyTravel: {
      ...policy.policyTravel,
      paPolicyType: 'A',
      applicant: {
        ...policy.policyTravel!.applicant!,
        clientType,
        ...(clientType === 'C' ? { fullName: 'HARBOUR TRADING PTE LTD', uen: '201912345K' } : {}),
      },
    },
  }));

const declaration1 = () =>
  screen.getByRole('checkbox', { name: /^I have read and agree to the declarations/ });
const declaration2 = () => screen.getByRole('checkbox', { name: /^I agree that Lionrock may use/ });
const pay = () => screen.getByRole('button', { name: 'Pay' });

beforeEach(() => {
  useTravelFlowStore.getState().reset();
  useSystemStore.setState({ agent: null, partner: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('the confirm page (travel-flow sections 2, 4 and 5)', () => {
  it('shows the plan, price, policyholder and insured of the stored policy', async () => {
    start(ratedPolicy());
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan.textContent).toContain('Standard');
    expect(plan.textContent).toContain('Single trip');
    expect(plan.textContent).toContain('Individual · 1 traveller');
    // The price as the quote broke it down (decision 126): each line a figure of the plan, none struck through.
    expect([...plan.querySelectorAll('[data-price-line]')].map((line) => line.textContent)).toEqual([
      'PremiumS$36.00',
      'Promotion discount−S$5.40',
      'Premium after discountsS$30.60',
      'GSTS$0.00',
      'Total premiumS$30.60',
    ]);
    expect(plan.querySelector('del')).toBeNull();
    expect(within(plan).getByRole('link', { name: 'Edit your plan' }).getAttribute('href')).toBe(
      '/travel/quote',
    );
    const holder = screen.getByRole('region', { name: 'Policyholder' });
    expect(holder.textContent).toContain('TAN WEI MING');
    expect(holder.textContent).toContain('S8512345I');
    expect(holder.textContent).toContain('+65 91234567');
    expect(screen.getByRole('region', { name: 'Insured persons' }).textContent).toContain('15 Jun 1985');
    expect(screen.getByRole('link', { name: "Edit the policyholder's details" })).toBeTruthy();
  });

  it('offers auto-renewal, on by default, only for an annual personal policy', async () => {
    start(annual());
    const box = await screen.findByRole('checkbox', { name: 'Renew my annual plan automatically' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Read the auto-renewal terms' }));
    expect(screen.getByRole('dialog', { name: 'Auto-renewal terms' }).textContent).toContain(
      '15 days before',
    );
  });

  it('offers no auto-renewal for a single trip', async () => {
    start(ratedPolicy());
    await screen.findByRole('heading', { level: 1, name: 'Check and confirm' });
    expect(screen.queryByRole('checkbox', { name: /Renew my annual plan/ })).toBeNull();
  });

  it('offers no auto-renewal to a company, and shows its name and UEN', async () => {
    start(annual('C'));
    const holder = await screen.findByRole('region', { name: 'Policyholder (company)' });
    expect(holder.textContent).toContain('HARBOUR TRADING PTE LTD');
    expect(holder.textContent).toContain('201912345K');
    expect(screen.queryByRole('checkbox', { name: /Renew my annual plan/ })).toBeNull();
  });

  it('blocks Pay until both declarations are ticked, then records the consents and goes to payment', async () => {
    const router = start(ratedPolicy());
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(screen.getByText('Please tick the first declaration to go on.')).toBeTruthy();
    expect(screen.getByText('Please tick the second declaration to go on.')).toBeTruthy();
    expect(declaration1().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(declaration1());

    await userEvent.click(declaration1());
    await userEvent.click(pay());
    expect(screen.queryByText('Please tick the first declaration to go on.')).toBeNull();
    expect(screen.getByText('Please tick the second declaration to go on.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/travel/confirm');

    await userEvent.click(declaration2());
    await userEvent.click(pay());
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/payment'));
    const { policy } = useTravelFlowStore.getState();
    expect(policy.consents?.declaration1).toMatchObject({ given: true, at: expect.any(String) });
    expect(policy.consents?.declaration2.given).toBe(true);
    expect(policy.consents?.marketing).toMatchObject({ given: false, at: null });
    // A single trip never renews.
    expect(policy.policyTravel.applicant?.hasAutoRenewal).toBe(false);
  });

  it('asks "Are you sure?" when auto-renewal is unticked at Pay; turning it off goes on without it', async () => {
    const router = start(annual());
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Renew my annual plan automatically' }),
    );
    // The box asks first (auto-renewal-card.test.tsx); the customer turns it off.
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Turn off auto-renewal?' })).getByRole('button', {
        name: 'Turn off auto-renewal',
      }),
    );
    await userEvent.click(declaration1());
    await userEvent.click(declaration2());
    await userEvent.click(pay());
    const question = screen.getByRole('dialog', { name: 'Turn off auto-renewal?' });
    expect(question.textContent).toContain('Are you sure?');
    await userEvent.click(within(question).getByRole('button', { name: 'Turn off auto-renewal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/payment'));
    expect(useTravelFlowStore.getState().policy.policyTravel.applicant?.hasAutoRenewal).toBe(false);
  });

  it('keeps auto-renewal when the customer turns it back on in the question', async () => {
    const router = start(annual());
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Renew my annual plan automatically' }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Turn off auto-renewal?' })).getByRole('button', {
        name: 'Turn off auto-renewal',
      }),
    );
    await userEvent.click(declaration1());
    await userEvent.click(declaration2());
    await userEvent.click(pay());
    await userEvent.click(screen.getByRole('button', { name: 'Keep auto-renewal on' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/payment'));
    expect(useTravelFlowStore.getState().policy.policyTravel.applicant?.hasAutoRenewal).toBe(true);
  });

  it('names the agency in the marketing consent when an agent is attached, and records it', async () => {
    useSystemStore.setState({
      agent: {
        agentCode: 'AG1001',
        name: 'Lim Mei Ling',
        agency: 'Harbour Advisers',
        email: 'mei@harbour.example',
        tel: '91234567',
        registrationNo: 'R1',
        isDefaultAgent: false,
        subAgentId: '',
      },
    });
    const router = start(ratedPolicy());
    await userEvent.click(
      await screen.findByRole('checkbox', {
        name: "I'd like to hear about offers and news from Lionrock and Harbour Advisers (optional).",
      }),
    );
    await userEvent.click(declaration1());
    await userEvent.click(declaration2());
    await userEvent.click(pay());
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/payment'));
    const { policy } = useTravelFlowStore.getState();
    expect(policy.consents?.marketing.given).toBe(true);
    expect(policy.policyTravel.applicant?.directMarketing).toBe('true');
  });

  it('opens the policy wording popup with the document link', async () => {
    start(ratedPolicy());
    await userEvent.click(await screen.findByRole('button', { name: 'Policy wording' }));
    const popup = screen.getByRole('dialog', { name: 'Policy wording' });
    expect(
      within(popup)
        .getByRole('link', { name: /Download the policy wording/ })
        .getAttribute('href'),
    ).toBe('/b2c-server/rest/document/get/travel-policyWording?country=SGP');
  });

  it('does not let a paid policy be paid again', async () => {
    start({ ...ratedPolicy(), paymentSuccess: 'true' });
    expect(((await screen.findByRole('button', { name: 'Pay' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('This policy has already been paid.')).toBeTruthy();
  });

  it('goes back to the applicant page without an applicant', async () => {
    const router = start(
      ratedPolicy((policy) => ({
        ...policy,
        policyTravel: { ...policy.policyTravel, applicant: undefined },
      })),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/applicant'));
  });
});
