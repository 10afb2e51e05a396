import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePaFlowStore } from '../../features/pa/state/pa-flow-store';
import { LandingPage } from '../../features/travel/routes/landing-page';
import { useTravelFlowStore } from '../../features/travel/state/travel-flow-store';
import { useSystemStore } from '../../state/system-store';
import { HEALTHY_SYSTEM, renderAt, stubServer, VALID_AGENT } from '../../test/render';
import { Providers } from '../providers';
import { AppShell } from './app-shell';
import { TestEnvironmentBanner } from './status-bars';

const BANNERS = [
  {
    id: 1,
    title: 'Year-end getaway',
    content: 'Save 25% on single trips.',
    url: 'https://www.lionrock.example/y',
  },
  { id: 2, title: 'Annual cover', content: 'One plan for every trip.', url: null },
];

function Shell() {
  return <AppShell />;
}

/** A page inside the shell, as the router puts it, at `path` (a link opened: the first location). */
function renderInShell(page: ReactElement, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ element: <AppShell />, children: [{ path: '*', element: page }] }], {
    initialEntries: [path],
  });
  return render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

/** The shell's lookup, then the page: longer than testing-library's second on a busy machine. */
const LOOKUP_WAIT = 5000;

const HK_AGENT = {
  ...VALID_AGENT,
  agentCode: 'HK2001',
  name: 'Chan Ka Yan',
  agency: 'Victoria Peak Financial Ltd',
  tel: '61234567',
  country: 'HKG',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useSystemStore.setState({
    lang: 'en',
    country: 'SGP',
    initialUrl: null,
    partner: null,
    subAgent: null,
    agent: null,
  });
});

/** The shell in a router on the test's clock only (real time passing on a busy machine must not move it). */
function shellOnFakeClock() {
  vi.useFakeTimers();
  stubServer([...HEALTHY_SYSTEM, { match: /getBanners/, body: [] }]);
  const scrolled = vi.fn();
  vi.stubGlobal('scrollTo', scrolled);
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: ['/travel'] });
  render(
    <Providers queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, scrolled };
}

describe('the shell and the travel landing', () => {
  it('shows the banners from the server, with Read more opening a new tab', async () => {
    stubServer([...HEALTHY_SYSTEM, { match: /getBanners\?country=SGP&product=PTR&lang=en/, body: BANNERS }]);
    renderAt(<LandingPage />);
    expect(await screen.findByRole('heading', { name: 'Year-end getaway' })).toBeTruthy();
    const readMore = screen.getByRole('link', { name: 'Read more about Year-end getaway' });
    expect(readMore.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Pause offers' })).toBeTruthy();
  });

  it('shows the maintenance notice with both messages outside flow pages', async () => {
    stubServer([
      ...HEALTHY_SYSTEM.filter((route) => !String(route.match).includes('Maintenance')),
      {
        match: /getScheduledMaintenance/,
        body: { message: 'Closed on Sunday', longMessage: 'We are upgrading.' },
      },
      { match: /getBanners/, body: [] },
    ]);
    renderAt(<Shell />);
    const notice = await screen.findByRole('region', { name: 'Scheduled maintenance' });
    expect(within(notice).getByText('Closed on Sunday')).toBeTruthy();
    expect(within(notice).getByText('We are upgrading.')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'here' })).toBeTruthy();
  });

  it('shows the system-unavailable bar when the system is down', async () => {
    stubServer([{ match: /getStatus/, body: 'false' }, ...HEALTHY_SYSTEM, { match: /getBanners/, body: [] }]);
    renderAt(<Shell />);
    expect(
      await screen.findByText('Sorry, our system is currently unavailable. Please try again later.'),
    ).toBeTruthy();
  });

  it('shows the bar for a valid agent, and not for an invalid agent link, which says so instead', async () => {
    const { calls } = stubServer([
      { match: /getStatus/, body: 'false' },
      { match: /agent\/get\/AG1001/, body: VALID_AGENT },
      { match: /agent\/get\/NOPE99/, body: { agentCode: '', isDefaultAgent: false } },
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
      { match: /getAgentCampaign/, body: {} },
      { match: /getCampaign/, body: {} },
    ]);
    const bar = 'Sorry, our system is currently unavailable. Please try again later.';
    // The landing stores the partner's agent once looked up.
    useSystemStore.setState({ partner: 'AG1001', agent: VALID_AGENT });
    const valid = renderAt(<Shell />, '/travel/partner/AG1001');
    expect(await screen.findByText(bar)).toBeTruthy();
    valid.unmount();
    // An invalid agent link: the landing says the link is not valid, and the bar stays away.
    useSystemStore.setState({ partner: 'NOPE99', agent: { ...VALID_AGENT, agentCode: '' } });
    renderAt(<Shell />, '/travel/partner/NOPE99');
    await waitFor(() => expect(calls.filter((call) => /getStatus/.test(call.url))).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(bar)).toBeNull();
  });

  it('scrolls to the top 500 ms after a change of page, not after the first page', async () => {
    const { router, scrolled } = shellOnFakeClock();
    await vi.advanceTimersByTimeAsync(600);
    expect(scrolled).not.toHaveBeenCalled();
    await act(() => router.navigate('/travel/about-us'));
    await vi.advanceTimersByTimeAsync(499);
    expect(scrolled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(scrolled).toHaveBeenCalledWith({ top: 0 });
  });

  it('does not scroll a new page once the customer has begun on it: a tap, a key or typing', async () => {
    const { router, scrolled } = shellOnFakeClock();
    for (const [path, action] of [
      ['/travel/about-us', new PointerEvent('pointerdown', { bubbles: true })],
      ['/travel/contact-us', new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })],
      ['/travel/terms-of-use', new InputEvent('input', { bubbles: true })],
    ] as const) {
      await act(() => router.navigate(path));
      await vi.advanceTimersByTimeAsync(200);
      document.body.dispatchEvent(action);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(scrolled).not.toHaveBeenCalled();
    }
    // The next page the customer leaves alone is scrolled as before; what they did earlier is forgotten.
    await act(() => router.navigate('/travel/privacy-policy'));
    await vi.advanceTimersByTimeAsync(500);
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  // Following the link (scroll, focus) is the browser's own; jsdom does not follow fragments.
  it("points the banner's Start quote at the quote form, which can take the focus", async () => {
    stubServer([...HEALTHY_SYSTEM, { match: /getBanners/, body: [] }, { match: /getCampaign/, body: {} }]);
    renderAt(<LandingPage />);
    const start = await screen.findByRole('link', { name: 'Start quote' });
    expect(start.getAttribute('href')).toBe('#quote-form');
    const form = screen.getByRole('region', { name: 'Get your travel quote' });
    expect(form.id).toBe('quote-form');
    expect(form.tabIndex).toBe(-1);
  });

  it('shows private mode and an invalid agent link on the landing', async () => {
    stubServer([
      { match: /pvt-status/, body: 'true' },
      { match: /agent\/get\/NOPE99/, body: { agentCode: '', isDefaultAgent: false } },
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
    ]);
    renderInShell(<LandingPage />, '/travel/partner/NOPE99');
    expect(
      await screen.findByText(
        'Sorry, the quotation function is currently unavailable. Please try again later.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText(/This link isn't valid/)).toBeTruthy();
  });

  it('shows a partner link’s valid agent in the header card, with the market phone prefix', async () => {
    stubServer([
      {
        match: /agent\/get\/AG1001$/,
        body: VALID_AGENT,
      },
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
    ]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [{ element: <AppShell />, children: [{ path: '*', element: <LandingPage /> }] }],
      {
        initialEntries: ['/travel/partner/AG1001'],
      },
    );
    render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    );
    // The landing looks the agent up; the header shows the card at once.
    const link = await screen.findByRole(
      'link',
      { name: 'Message Tan Wei Ling on +6591234567' },
      { timeout: LOOKUP_WAIT },
    );
    expect(link.getAttribute('href')).toBe('https://wa.me/6591234567');
  });

  it('switches the whole page to Chinese from the header', async () => {
    stubServer([...HEALTHY_SYSTEM, { match: /getBanners/, body: [] }]);
    renderAt(<Shell />);
    await userEvent.click(screen.getAllByRole('button', { name: '中文' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: '产品' }).length).toBeGreaterThan(0));
    expect(document.documentElement.lang).toBe('zh-Hans-SG');
    expect(useSystemStore.getState().lang).toBe('zh');
  });

  it('reads country, language (tc is Chinese) and partner from the address', async () => {
    stubServer([
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
      { match: /agent\/get/, body: { agentCode: '' } },
    ]);
    renderAt(<Shell />, '/travel/partner/AG1001/lang/tc?country=HKG');
    await waitFor(() =>
      expect(useSystemStore.getState()).toMatchObject({ country: 'HKG', lang: 'zh', partner: 'AG1001' }),
    );
    expect(useSystemStore.getState().initialUrl).toBe('/travel/partner/AG1001/lang/tc?country=HKG');
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-Hant-HK'));
  });

  it('opens an agent’s link in the agent’s market, with the agent’s own number (issue 29)', async () => {
    const { calls } = stubServer([
      { match: /agent\/get\/HK2001$/, body: HK_AGENT },
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
    ]);
    renderInShell(<p>The landing</p>, '/pa/partner/HK2001/lang/zh');
    // The landing waits for the agent, who decides the market: it never shows in another one first.
    expect(screen.queryByText('The landing')).toBeNull();
    const link = await screen.findByRole('link', { name: /\+85261234567/ }, { timeout: LOOKUP_WAIT });
    expect(link.getAttribute('href')).toBe('https://wa.me/85261234567');
    expect(screen.getByText('The landing')).toBeTruthy();
    expect(useSystemStore.getState()).toMatchObject({ country: 'HKG', lang: 'zh', partner: 'HK2001' });
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-Hant-HK'));
    // The lookup names no market: the agent's own decides it.
    expect(calls.filter((call) => /agent\/get/.test(call.url)).map((call) => call.url)).toEqual([
      '/b2c-server/rest/agent/get/HK2001',
    ]);
  });

  it('a Singapore agent’s link after a Hong Kong one shows that agent, in Singapore', async () => {
    stubServer([
      { match: /agent\/get\/AG1001$/, body: { ...VALID_AGENT, country: 'SGP' } },
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
    ]);
    useSystemStore.setState({ country: 'HKG', partner: 'HK2001', agent: HK_AGENT });
    renderInShell(<p>The landing</p>, '/home/partner/AG1001');
    // Nothing of the earlier link meanwhile: no card of its agent.
    expect(screen.queryByText('Chan Ka Yan')).toBeNull();
    const link = await screen.findByRole(
      'link',
      { name: 'Message Tan Wei Ling on +6591234567' },
      { timeout: LOOKUP_WAIT },
    );
    expect(link.getAttribute('href')).toBe('https://wa.me/6591234567');
    expect(screen.queryByText('Chan Ka Yan')).toBeNull();
    expect(useSystemStore.getState()).toMatchObject({ country: 'SGP', partner: 'AG1001' });
  });

  it('says an unknown agent’s home link is not valid, and offers the direct shop', async () => {
    stubServer([
      { match: /agent\/get\/NOPE99$/, body: { ...HK_AGENT, agentCode: '', country: '' } },
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
    ]);
    renderInShell(<p>The landing</p>, '/home/partner/NOPE99?country=HKG');
    const alert = await screen.findByRole('alert', {}, { timeout: LOOKUP_WAIT });
    expect(alert.textContent).toContain("This link isn't valid");
    const direct = within(alert).getByRole('link', { name: 'Shop without an agent' });
    expect(direct.getAttribute('href')).toBe('/home?country=HKG');
    await userEvent.click(direct);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(useSystemStore.getState()).toMatchObject({ country: 'HKG', partner: null, agent: null });
  });

  it('shows the footer version read from the static file', async () => {
    stubServer([...HEALTHY_SYSTEM, { match: /getBanners/, body: [] }]);
    renderAt(<Shell />);
    expect(await screen.findByText(/Version 1\.2\.3/)).toBeTruthy();
  });

  it('marks test environments, and only them', () => {
    const { unmount } = renderAt(<TestEnvironmentBanner hostname="localhost" />);
    expect(screen.getByRole('note').textContent).toContain('Test environment');
    unmount();
    renderAt(<TestEnvironmentBanner hostname="www.lionrock.example" />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('clears the travel journey from the logo', async () => {
    stubServer([...HEALTHY_SYSTEM, { match: /getBanners/, body: [] }]);
    const journey = useTravelFlowStore.getState();
    journey.setQuoted(
      { policyTravel: { premiumItems: [{ planName: 'SUPER', planCode: 'S', premium: 1, totalPremium: 1 }] } },
      '/travel',
    );
    renderAt(<Shell />, '/travel/about-us');
    await userEvent.click(screen.getByRole('button', { name: 'Lionrock Insurance home' }));
    expect(useTravelFlowStore.getState().plans).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem('lionrock.travel')!).state.plans).toEqual([]);
  });

  it('clears the personal accident journey from the logo too', async () => {
    stubServer([...HEALTHY_SYSTEM, { match: /getBanners/, body: [] }]);
    usePaFlowStore.getState().setQuoted({
      policyPAN: { premiumItems: [{ planName: 'A', planCode: 'Plan-A-', premium: 1, totalPremium: 1 }] },
    });
    expect(usePaFlowStore.getState().plans).toHaveLength(1);
    renderAt(<Shell />, '/travel/about-us');
    await userEvent.click(screen.getByRole('button', { name: 'Lionrock Insurance home' }));
    expect(usePaFlowStore.getState().plans).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem('lionrock.pa')!).state.plans).toEqual([]);
  });

  it('clears a home journey from the logo even when the home pages have not loaded in this tab', async () => {
    stubServer([...HEALTHY_SYSTEM, { match: /getBanners/, body: [] }]);
    sessionStorage.setItem(
      'lionrock.home',
      JSON.stringify({ state: { plans: [{ planName: 'ESSENTIAL' }] } }),
    );
    renderAt(<Shell />, '/travel/about-us');
    await userEvent.click(screen.getByRole('button', { name: 'Lionrock Insurance home' }));
    expect(sessionStorage.getItem('lionrock.home')).toBeNull();
  });
});
