import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '../../../lib/i18n';
import { renderAt, stubServer } from '../../../test/render';
import { UndoPage } from './undo-page';

const TOKEN = 'u'.repeat(43);

afterEach(async () => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  await act(() => showLanguage('en'));
});

describe('the undo page of a change of e-mail address (decision 102)', () => {
  it('asks before it acts, undoes with the token of the fragment, and drops the token from the address', async () => {
    window.history.replaceState(null, '', `/my-policy/undo?country=SGP&lang=en#${TOKEN}`);
    const { calls } = stubServer([
      { match: /contact\/undo$/, body: { policyNumber: 'TSG26-0000123', email: 'W***@E***.COM' } },
    ]);
    renderAt(<UndoPage />, '/my-policy/undo');
    expect(screen.getByRole('heading', { name: 'Undo the change of e-mail address' })).toBeTruthy();
    // Opening the page (a mail scanner opening the link) changes nothing.
    expect(calls.filter((call) => call.url.includes('contact/undo'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(
      await screen.findByText(/the e-mail address of policy TSG26-0000123 is W\*\*\*@E\*\*\*\.COM again/),
    ).toBeTruthy();
    const call = calls.find((entry) => entry.url.endsWith('/my-policy/contact/undo'))!;
    expect(JSON.parse(String(call.init?.body))).toEqual({ token: TOKEN });
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('link', { name: 'Go to my policy' })).toBeTruthy();
  });

  it('says why a link no longer undoes anything, in the page’s language', async () => {
    await act(() => showLanguage('zh-Hant'));
    window.history.replaceState(null, '', `/my-policy/undo#${TOKEN}`);
    stubServer([
      {
        match: /contact\/undo$/,
        status: 400,
        body: { statusCode: 400, field: 'token', messageKey: 'myPolicy.undo.used', message: 'x' },
      },
    ]);
    renderAt(<UndoPage />, '/my-policy/undo');
    await userEvent.click(await screen.findByRole('button', { name: '撤銷更改' }));
    expect((await screen.findByRole('alert')).textContent).toBe('此更改已經撤銷：每個撤銷連結只能使用一次。');
  });

  it('refuses a link without its token before anything is sent', async () => {
    window.history.replaceState(null, '', '/my-policy/undo');
    const { calls } = stubServer([]);
    renderAt(<UndoPage />, '/my-policy/undo');
    expect(screen.getByRole('alert').textContent).toMatch(/This link isn't valid/);
    expect(screen.queryByRole('button', { name: 'Undo the change' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
