import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaff } from '../../test/back-office';
import { stubServer } from '../../test/render';
import BackOffice from './back-office-routes';
import { BACK_OFFICE_PAGES, type TBackOfficePage } from './page-registry';

const account = (role: string, agentCode: string | null = null) => ({
  stage: 'ready',
  account: { id: 'a1', username: 'someone', displayName: 'Sam Someone', role, agentCode },
  csrfToken: 'csrf',
  enrol: null,
});

const TEST_PAGES: TBackOfficePage[] = [
  {
    desk: 'admin',
    path: 'test-policies/*',
    label: 'Test policies',
    permission: 'policies.read',
    load: async () => ({ default: () => <h1>The policies page</h1> }),
  },
  {
    desk: 'admin',
    path: 'accounts',
    label: 'Accounts',
    permission: 'accounts.write',
    load: async () => ({ default: () => <h1>The accounts page</h1> }),
  },
  {
    desk: 'admin',
    path: 'policy/:id',
    label: 'A policy',
    permission: 'policies.read',
    nav: false,
    load: async () => ({ default: () => <h1>One policy</h1> }),
  },
];

// The staff desk shows only these pages here; the agents' desk keeps its real ones (their menu words).
let registered: TBackOfficePage[] = [];
beforeEach(() => {
  registered = BACK_OFFICE_PAGES.splice(0);
  BACK_OFFICE_PAGES.push(...TEST_PAGES, ...registered.filter((page) => page.desk === 'agent'));
});
afterEach(() => {
  BACK_OFFICE_PAGES.splice(0);
  BACK_OFFICE_PAGES.push(...registered);
  vi.unstubAllGlobals();
});

function renderDesk(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/*', element: <BackOffice desk="admin" /> },
      { path: '/agent/*', element: <BackOffice desk="agent" /> },
    ],
    { initialEntries: [path] },
  );
  renderStaff(<RouterProvider router={router} />);
  return router;
}

describe('the back office shell (decision 079)', () => {
  it('shows the sign-in without a session', async () => {
    stubServer([{ match: /\/session$/, status: 401, body: { statusCode: 401, message: 'Please sign in.' } }]);
    renderDesk('/admin/policies');
    expect(screen.getByRole('status').textContent).toMatch(/Checking your session/);
    expect(await screen.findByRole('heading', { name: 'Sign in to the back office' })).toBeTruthy();
  });

  it("lists only the role's pages, opens one lazily, and signs out", async () => {
    const { calls } = stubServer([
      { match: /\/session$/, body: account('read_only') },
      { match: /sign-out/, body: { signedOut: true } },
    ]);
    const user = userEvent.setup();
    renderDesk('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office pages' });
    // The test pages a read-only account may open, and no page (Accounts) it may not, nor a detail page.
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Test policies']);
    expect(screen.getByRole('banner').textContent).toMatch(/Sam Someone.*Read only/);
    expect(screen.getByRole('heading', { name: 'What you can do' })).toBeTruthy();

    await user.click(within(nav).getByRole('link', { name: 'Test policies' }));
    expect(await screen.findByRole('heading', { name: 'The policies page' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Test policies' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the back office' })).toBeTruthy();
    expect(new Headers(calls.at(-1)?.init?.headers).get('x-csrf-token')).toBe('csrf');
  });

  it('does not open a page the role may not, and tells an agent at /admin where the desk is', async () => {
    stubServer([{ match: /\/session$/, body: account('read_only') }]);
    renderDesk('/admin/accounts');
    expect(await screen.findByText('There is no such page here.')).toBeTruthy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    stubServer([{ match: /\/session$/, body: account('agent', 'AG1001') }]);
    renderDesk('/admin');
    expect((await screen.findByRole('alert')).textContent).toMatch(/staff side of Lionrock/);
    expect(screen.getByRole('link', { name: "Go to the agents' desk" }).getAttribute('href')).toBe('/agent');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('welcomes an agent at the desk, in Chinese on asking, with the menu in Chinese too', async () => {
    stubServer([{ match: /\/session$/, body: account('agent', 'AG1001') }]);
    const user = userEvent.setup();
    renderDesk('/agent');
    expect(await screen.findByRole('heading', { name: "Welcome to the agents' desk" })).toBeTruthy();
    expect(screen.getByText(/AG1001/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '中文' }));
    expect(screen.getByRole('heading', { name: '欢迎来到代理人专区' })).toBeTruthy();
    const menu = screen.getByRole('navigation');
    expect(within(menu).getByRole('link', { name: '我的销售' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: '分享报价链接' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'EN' }));
  });
});

describe('the desk language (decision 079)', () => {
  it('keeps staff pages English and shows the desk in the market’s Chinese', async () => {
    const { deskLanguageOf } = await import('./desk-texts');
    expect(deskLanguageOf('admin', 'zh', 'HKG')).toBe('en');
    expect(deskLanguageOf('agent', 'zh', 'HKG')).toBe('zh-Hant');
    expect(deskLanguageOf('agent', 'zh', 'SGP')).toBe('zh-Hans');
    expect(deskLanguageOf('agent', 'en', 'HKG')).toBe('en');
  });
});
