import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStaff } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import AccountsPage from './accounts-page';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT = {
  id: '6f1c1d53-6a3f-4a53-9a43-3d8f3f0e6c11',
  username: 'claims.one',
  displayName: 'Claims One',
  email: 'c***@i***.example',
  role: 'claims',
  agentCode: null,
  locked: true,
  secondFactorEnrolled: true,
  disabled: false,
};

describe('AccountsPage', () => {
  it('lists accounts with their state and unlocks one', async () => {
    const { calls } = stubServer([
      { match: /unlock$/, body: { account: { ...ACCOUNT, locked: false } } },
      { match: /accounts$/, body: { accounts: [ACCOUNT] } },
    ]);
    const user = userEvent.setup();
    renderStaff(<AccountsPage />);
    expect(await screen.findByText('Active, Locked, 2FA enrolled')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unlock claims.one' }));
    expect((await screen.findByRole('status')).textContent).toBe('claims.one is unlocked.');
    expect(
      calls.some(
        (call) => call.url.endsWith(`/admin/accounts/${ACCOUNT.id}/unlock`) && call.init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('checks a new account before sending it, and asks an agent account for its code', async () => {
    const { calls } = stubServer([{ match: /accounts$/, body: { accounts: [] } }]);
    const user = userEvent.setup();
    renderStaff(<AccountsPage />);
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    await user.selectOptions(screen.getByLabelText('Role'), 'agent');
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain('An agent account needs its agent code.');
    expect(alerts).toContain('3 to 60 letters, digits, dots, dashes, underscores or @.');
    expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
  });
});
