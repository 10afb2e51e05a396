import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs, renderStaff } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import { SignedInAccountProvider } from '../signed-in-account';
import BlacklistPage from './blacklist-page';

const UNDERWRITER = {
  id: 'u1',
  username: 'uw.one',
  displayName: 'Underwriter',
  role: 'underwriting' as const,
  agentCode: null,
  market: null,
};

afterEach(() => vi.unstubAllGlobals());

const ENTRY = {
  key: 'k1',
  idNumber: 'S****567D',
  reason: 'Prior fraudulent claim',
  createdAt: '2026-11-20T02:00:00Z',
};

describe('BlacklistPage (decision 085)', () => {
  it('lists numbers masked, asks for both fields before adding, and reveals one on request', async () => {
    const { calls } = stubServer([
      { match: /blacklist\/k1\/reveal/, body: { idNumber: 'S1234567D' } },
      { match: /blacklist$/, body: { entries: [ENTRY] } },
    ]);
    const user = userEvent.setup();
    // Underwriting may reveal (the domain's permission table); a role without underwriting.reveal gets no button.
    renderStaff(
      <SignedInAccountProvider account={UNDERWRITER}>
        <BlacklistPage />
      </SignedInAccountProvider>,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByText('S****567D')).toBeTruthy();
    expect(within(table).queryByText('S1234567D')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add to blacklist' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Enter the ID number.', 'Give the reason.']);
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Reveal' }));
    expect(await within(table).findByText('S1234567D')).toBeTruthy();
  });

  it('removes an entry only with a reason', async () => {
    const { calls } = stubServer([
      { match: /blacklist\/k1\/remove/, body: { removed: true } },
      { match: /blacklist$/, body: { entries: [ENTRY] } },
    ]);
    const user = userEvent.setup();
    renderAs('underwriting', <BlacklistPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove…' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('alert').textContent).toBe('Give the reason for removing it.');
    await user.type(screen.getByLabelText('Reason for removing S****567D'), 'Cleared by compliance');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('S****567D removed from the blacklist.')).toBeTruthy();
    const removal = calls.find((call) => call.url.endsWith('/blacklist/k1/remove'))!;
    expect(JSON.parse(String(removal.init?.body))).toEqual({ reason: 'Cleared by compliance' });
  });
});
