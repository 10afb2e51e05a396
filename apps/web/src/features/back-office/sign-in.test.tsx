import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../test/render';
import { deskTextOf } from './desk-texts';
import { ResetPage } from './reset-page';
import { SignIn } from './sign-in';

const en = deskTextOf('en');
const OPS = { id: 'a1', username: 'ops', displayName: 'Olivia Ops', role: 'operations', agentCode: null };

afterEach(() => vi.unstubAllGlobals());

function renderIn(element: React.ReactElement, path = '/admin') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'ops');
  await user.type(screen.getByLabelText('Password'), 'a-long-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignIn (decision 079)', () => {
  it('asks for the password, then shows the key to enrol and sends the code with the CSRF token', async () => {
    const { calls } = stubServer([
      {
        match: /session\/sign-in/,
        body: {
          stage: 'password',
          account: null,
          csrfToken: 'csrf-1',
          enrol: {
            secret: 'JBSWY3DPEHPK3PXPJBSW',
            uri: 'otpauth://totp/Lionrock:ops?secret=JBSWY3DPEHPK3PXPJBSW',
          },
        },
      },
      { match: /session\/code/, body: { stage: 'ready', account: OPS, csrfToken: 'csrf-2', enrol: null } },
    ]);
    const onReady = vi.fn();
    const user = userEvent.setup();
    renderIn(<SignIn desk="admin" t={en} onReady={onReady} />);
    await typePassword(user);

    expect(
      await screen.findByRole('heading', { name: 'Add Lionrock to your authenticator app' }),
    ).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW');
    expect(screen.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href')).toMatch(
      /^otpauth:/,
    );
    const code = screen.getByLabelText('6-digit code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6 digits your app shows.');
    expect(calls.some((call) => call.url.includes('session/code'))).toBe(false);

    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onReady).toHaveBeenCalledWith(OPS));
    const sent = calls.find((call) => call.url.includes('session/code'));
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ code: '123456' });
    expect(new Headers(sent?.init?.headers).get('x-csrf-token')).toBe('csrf-1');
  });

  it('shows the server’s error next to the field it names, and a lockout above the button', async () => {
    stubServer([
      {
        match: /session\/sign-in/,
        status: 401,
        body: { statusCode: 401, message: 'The username or password is wrong.', field: 'password' },
      },
    ]);
    const user = userEvent.setup();
    renderIn(<SignIn desk="admin" t={en} onReady={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please fill this in.',
      'Please fill this in.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));

    await typePassword(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The username or password is wrong.');
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(alert.id);

    stubServer([
      {
        match: /session\/sign-in/,
        status: 423,
        body: {
          statusCode: 423,
          message: 'Too many failed sign-ins: this account is locked for 15 minutes.',
        },
      },
    ]);
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/locked for 15 minutes/);
  });

  it('puts the server’s refusal of a code on the code, and keeps the username when starting again', async () => {
    stubServer([
      {
        match: /session\/sign-in/,
        body: { stage: 'password', account: null, csrfToken: 'csrf-1', enrol: null },
      },
      {
        match: /session\/code/,
        status: 400,
        body: { statusCode: 400, message: 'code: Invalid string', field: 'code' },
      },
    ]);
    const user = userEvent.setup();
    renderIn(<SignIn desk="admin" t={en} onReady={() => undefined} />);
    await typePassword(user);
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('code: Invalid string');
    expect(code.getAttribute('aria-describedby')).toBe(`${code.id}-hint ${alert.id}`);
    expect(document.activeElement).toBe(code);
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ops');
  });

  it('asks for the username before sending a reset link, and puts a refusal on it', async () => {
    const { calls } = stubServer([
      {
        match: /session\/reset/,
        status: 400,
        body: { statusCode: 400, message: 'username: Too big', field: 'username' },
      },
    ]);
    const user = userEvent.setup();
    renderIn(<SignIn desk="admin" t={en} onReady={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please fill this in.']);
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Username'), 'ops');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('username: Too big');
    expect(screen.getByLabelText('Username').getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('asks for a reset link and always says the same', async () => {
    const { calls } = stubServer([{ match: /session\/reset/, body: { sent: true } }]);
    const user = userEvent.setup();
    renderIn(<SignIn desk="agent" t={deskTextOf('zh-Hant')} onReady={() => undefined} />, '/agent');
    await user.click(screen.getByRole('button', { name: '忘記密碼？' }));
    await user.type(screen.getByLabelText('用戶名稱'), 'ag1001');
    await user.click(screen.getByRole('button', { name: '發送連結' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/該帳戶存在，我們已發送電郵連結/);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ username: 'ag1001' });
  });
});

describe('ResetPage (decision 079)', () => {
  it('checks the password rule and the repeat at once before sending, then offers the sign-in', async () => {
    const { calls } = stubServer([{ match: /session\/reset\/finish/, body: { reset: true } }]);
    const user = userEvent.setup();
    renderIn(<ResetPage desk="admin" t={en} token={'t'.repeat(40)} />, '/admin/reset');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'The password must have at least 12 characters.',
      'The two passwords are not the same.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a-good-long-password');
    await user.type(screen.getByLabelText('New password again'), 'a-good-long-passwort');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert').textContent).toBe('The two passwords are not the same.');
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'a-good-long-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/Password changed, sign in/);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/admin');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      token: 't'.repeat(40),
      password: 'a-good-long-password',
    });
  });

  it('puts the server’s refusal of the password on it, and an expired link above the button', async () => {
    stubServer([
      {
        match: /session\/reset\/finish/,
        status: 400,
        body: {
          statusCode: 400,
          message: 'The password must have 12 to 128 characters and not be guessable.',
          field: 'password',
        },
      },
    ]);
    const user = userEvent.setup();
    renderIn(<ResetPage desk="admin" t={en} token={'t'.repeat(40)} />, '/admin/reset');
    await user.type(screen.getByLabelText('New password'), 'ops.e2e.ops.e2e');
    await user.type(screen.getByLabelText('New password again'), 'ops.e2e.ops.e2e');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The password must have 12 to 128 characters and not be guessable.');
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toContain(alert.id);

    stubServer([
      {
        match: /session\/reset\/finish/,
        status: 400,
        body: {
          statusCode: 400,
          message: 'This reset link has expired or was used. Ask for a new one.',
          field: 'token',
        },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reset link has expired or was used. Ask for a new one.',
    );
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('false');
  });
});
