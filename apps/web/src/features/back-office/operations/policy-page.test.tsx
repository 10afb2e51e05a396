import type { TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStaff } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import { SignedInAccountProvider } from '../signed-in-account';
import BlacklistPage from '../underwriting/blacklist-page';
import { PolicyPage } from './policy-page';

afterEach(() => vi.unstubAllGlobals());

const POLICY_ID = '6b1f3c1e-1111-4111-8111-111111111111';
const DETAILS = {
  policy: {
    policyId: POLICY_ID,
    policyNumber: 'TSG26-0000123',
    product: 'PTR',
    market: 'SGP',
    status: 'issued',
    holderName: 'Tan Mei Ling',
    idNumber: 'S****567D',
    email: 't*****@example.com',
    mobile: '****5678',
    currency: 'SGD',
    totalCents: 3924,
    startDate: '2026-12-09',
    endDate: '2026-12-15',
    issuedAt: '2026-11-25T02:00:00.000Z',
    createdAt: '2026-11-25T01:50:00.000Z',
    agentCode: null,
    receiptNumber: 'R1',
    planCode: 'STANDARD',
    autoRenewal: false,
    renewalNoticeAt: null,
  },
  payments: [],
  events: [],
  mails: [],
  refunds: [],
  claimCount: 0,
  audit: [],
};

const account = (role: TAccountRole) => ({
  id: 'a1',
  username: `${role}.one`,
  displayName: role,
  role,
  agentCode: null,
  market: null,
});

function renderPolicyAs(role: TAccountRole) {
  return renderStaff(
    <SignedInAccountProvider account={account(role)}>
      <MemoryRouter initialEntries={[`/admin/policies/${POLICY_ID}`]}>
        <Routes>
          <Route path="/admin/policies/:policyId" element={<PolicyPage />} />
        </Routes>
      </MemoryRouter>
    </SignedInAccountProvider>,
  );
}

/**
 * Reveal and the schedule's download are shown only to a role the domain's permission table gives
 * `policies.reveal` and `policies.documents` (decisions 091 and 106).
 */
describe('Re-send e-mail', () => {
  it('is offered to operations on a policy in force, never on a cancelled one', async () => {
    stubServer([{ match: /admin\/policies\/[^/]+$/, body: DETAILS }]);
    const issued = renderPolicyAs('operations');
    expect(await screen.findByRole('button', { name: 'Re-send e-mail' })).toBeTruthy();
    issued.unmount();
    vi.unstubAllGlobals();
    stubServer([
      {
        match: /admin\/policies\/[^/]+$/,
        body: { ...DETAILS, policy: { ...DETAILS.policy, status: 'cancelled' } },
      },
    ]);
    renderPolicyAs('operations');
    expect(await screen.findByText('S****567D')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Re-send e-mail' })).toBeNull();
  });
});

describe('Reveal buttons follow the signed-in role', () => {
  it('shows no Reveal and no schedule to a read-only account, the data still masked', async () => {
    stubServer([{ match: /admin\/policies\/[^/]+$/, body: DETAILS }]);
    renderPolicyAs('read_only');
    expect(await screen.findByText('S****567D')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    // The schedule prints the e-mail and mobile whole: not for an account that sees them masked.
    expect(screen.queryByRole('link', { name: 'Download schedule' })).toBeNull();
  });

  it('shows Reveal to operations, and reveals the ID number asked for', async () => {
    const { calls } = stubServer([
      { match: /reveal$/, body: { value: 'S1234567D' } },
      { match: /admin\/policies\/[^/]+$/, body: DETAILS },
    ]);
    const user = userEvent.setup();
    renderPolicyAs('operations');
    await user.click(await screen.findByRole('button', { name: 'Reveal ID number' }));
    expect(screen.getByRole('link', { name: 'Download schedule' })).toBeTruthy();
    expect(await screen.findByText('S1234567D')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reveal E-mail' })).toBeTruthy();
    const call = calls.find((candidate) => candidate.url.endsWith('/reveal'))!;
    expect(JSON.parse(String(call.init?.body))).toEqual({ field: 'idNumber' });
  });

  it('shows no Reveal on the blacklist to read-only, and one to underwriting', async () => {
    const entries = {
      entries: [{ key: 'k1', idNumber: 'S****567D', reason: 'Fraud', createdAt: '2026-11-20T02:00:00Z' }],
    };
    stubServer([{ match: /blacklist$/, body: entries }]);
    const readOnly = renderStaff(
      <SignedInAccountProvider account={account('read_only')}>
        <BlacklistPage />
      </SignedInAccountProvider>,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByText('S****567D')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Reveal' })).toBeNull();
    readOnly.unmount();

    renderStaff(
      <SignedInAccountProvider account={account('underwriting')}>
        <BlacklistPage />
      </SignedInAccountProvider>,
    );
    expect(within(await screen.findByRole('table')).getByRole('button', { name: 'Reveal' })).toBeTruthy();
  });
});
