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

  it('checks a new account before sending it: every problem at once, the focus on the first', async () => {
    const { calls } = stubServer([{ match: /accounts$/, body: { accounts: [] } }]);
    const user = userEvent.setup();
    renderStaff(<AccountsPage />);
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    await user.selectOptions(screen.getByLabelText('Role'), 'agent');
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('First password'), 'xxxxxxxxxxxx');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      '3 to 60 letters, digits, dots, dashes, underscores or @.',
      'Enter the person’s name.',
      'Enter an e-mail address.',
      'An agent account needs its agent code.',
      '12 to 128 characters, not all one character, not the username.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(screen.getByLabelText('Agent code').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
  });

  it('sends the account as the domain reads it, and puts a refusal on the field it names', async () => {
    stubServer([{ match: /accounts$/, body: { accounts: [] } }]);
    const user = userEvent.setup();
    renderStaff(<AccountsPage />);
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const { calls } = stubServer([
      {
        match: /accounts$/,
        status: 409,
        body: {
          statusCode: 409,
          message: 'There is already an account with this username.',
          field: 'username',
        },
      },
    ]);
    await user.type(screen.getByLabelText('Username'), ' Claims.One ');
    await user.type(screen.getByLabelText('Name'), 'Claims One');
    await user.type(screen.getByLabelText('E-mail'), 'claims.one@insurer.example');
    await user.selectOptions(screen.getByLabelText('Role'), 'claims');
    await user.type(screen.getByLabelText('First password'), 'Tangerine-Harbour-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('There is already an account with this username.');
    const username = screen.getByLabelText('Username');
    expect(username.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(username);
    const sent = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      username: 'claims.one',
      displayName: 'Claims One',
      email: 'claims.one@insurer.example',
      role: 'claims',
      agentCode: null,
      password: 'Tangerine-Harbour-Lantern-42',
    });
  });
});
