import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSystemStore } from '../../../state/system-store';
import { declared, ratedPolicy, renderFlowPage } from '../../../test/checkout';
import { HEALTHY_SYSTEM, stubServer } from '../../../test/render';
import { type TTravelPolicy, useTravelFlowStore } from '../../travel/state/travel-flow-store';
import { travelProduct } from '../../travel/travel-product';
import { FinishPage } from './finish-page';

const AGENT = {
  agentCode: 'AG1001',
  name: 'Lim Mei Ling',
  agency: 'Harbour Advisers',
  email: 'mei@harbour.example',
  tel: '91234567',
  registrationNo: 'R1',
  isDefaultAgent: false,
  subAgentId: '',
};

function issued(): TTravelPolicy {
  return {
    ...declared(ratedPolicy()),
    status: 'issued',
    paymentSuccess: 'true',
    policyNumber: 'TSG26-0000001',
    receiptNumber: 'RSG26-0000001',
    scheduleUrl: '/b2c-server/rest/policy/schedule/b633b901?sig=abc',
  };
}

function start(policy: TTravelPolicy, initialUrl: string | null = '/travel/partner/AG1001') {
  stubServer(HEALTHY_SYSTEM);
  useTravelFlowStore.setState({
    policy,
    plans: [],
    campaign: { campaignId: 1, campaignCode: 'B2CC00', catalogueCode: 'TRV-SG', promoCodeRequired: false },
    initialUrl,
  });
  return renderFlowPage('/travel/finish', <FinishPage product={travelProduct} />);
}

beforeEach(() => useSystemStore.setState({ agent: null, partner: null, initialUrl: null }));
afterEach(() => vi.unstubAllGlobals());

describe('the finish page (travel-flow section 2, Finish)', () => {
  it('thanks the customer with the policy and receipt numbers, the e-mail and the policy PDF', async () => {
    start(issued());
    expect(await screen.findByRole('heading', { level: 1, name: "You're covered." })).toBeTruthy();
    expect(screen.getByText('TSG26-0000001')).toBeTruthy();
    expect(screen.getByText('RSG26-0000001')).toBeTruthy();
    expect(screen.getByText("We've e-mailed your policy to weiming.tan@example.com.")).toBeTruthy();
    expect(screen.getByRole('link', { name: /Download your policy/ }).getAttribute('href')).toBe(
      '/b2c-server/rest/policy/schedule/b633b901?sig=abc',
    );
  });

  it('names the agent’s e-mail too when an agent is attached, and links the other products keeping the partner', async () => {
    useSystemStore.setState({ agent: AGENT, partner: 'AG1001' });
    start(issued());
    expect(
      await screen.findByText(
        "We've e-mailed your policy to weiming.tan@example.com and to your agent at mei@harbour.example.",
      ),
    ).toBeTruthy();
    const links = screen.getAllByRole('link', { name: /^View / }).map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/pa/partner/AG1001', '/home/partner/AG1001']);
  });

  it('goes back home to the initial URL, clearing the policy, agent and campaign', async () => {
    useSystemStore.setState({ agent: AGENT });
    const router = start(issued());
    await userEvent.click(await screen.findByRole('button', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel/partner/AG1001'));
    const flow = useTravelFlowStore.getState();
    expect(flow.policy.policyNumber).toBeUndefined();
    expect(flow.campaign).toBeNull();
    expect(useSystemStore.getState().agent).toBeNull();
  });

  it('goes back to /travel without an initial URL', async () => {
    const router = start(issued(), null);
    await userEvent.click(await screen.findByRole('button', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel'));
  });

  it('shows nothing without an issued policy', async () => {
    const router = start(declared(ratedPolicy()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/travel'));
  });
});
