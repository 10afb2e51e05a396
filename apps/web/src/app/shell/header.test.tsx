import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSystemStore } from '../../state/system-store';
import { HEALTHY_SYSTEM, renderAt, stubServer, VALID_AGENT } from '../../test/render';
import { Footer } from './footer';
import { AGENT_CARD_CLOSE_AFTER_PX, Header, isHeaderPinned, shareUrl } from './header';

const AGENT = VALID_AGENT;

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

afterEach(() => {
  scrollTo(0);
  delete window.dataLayer;
  vi.unstubAllGlobals();
  useSystemStore.setState({ initialUrl: null, partner: null, agent: null });
});

describe('the header', () => {
  it('is pinned on flow pages at once and on banner pages past 80 px, 30 px on mobile', () => {
    expect(isHeaderPinned(false, 0, false)).toBe(true);
    expect(isHeaderPinned(true, 80, false)).toBe(false);
    expect(isHeaderPinned(true, 81, false)).toBe(true);
    expect(isHeaderPinned(true, 30, true)).toBe(false);
    expect(isHeaderPinned(true, 31, true)).toBe(true);
  });

  it('shares where the visit started, marked as a share', () => {
    expect(shareUrl('https://sg-shop.example', '/travel/partner/AG1001?utm_source=mail')).toBe(
      'https://sg-shop.example/travel/partner/AG1001?utm_source=share',
    );
    expect(shareUrl('https://sg-shop.example', '/travel')).toBe(
      'https://sg-shop.example/travel?utm_source=share',
    );
  });

  it('shows a valid agent at once on the landing, closes the card past 150 px, and the icon opens it again', async () => {
    stubServer(HEALTHY_SYSTEM);
    useSystemStore.setState({ partner: 'AG1001', agent: AGENT });
    renderAt(<Header />, '/travel/partner/AG1001');
    const link = await screen.findByRole('link', { name: 'Message Tan Wei Ling on +6591234567' });
    expect(link.getAttribute('href')).toBe('https://wa.me/6591234567');
    const icon = screen.getByRole('button', { name: 'Your agent' });
    expect(icon.getAttribute('aria-expanded')).toBe('true');

    scrollTo(AGENT_CARD_CLOSE_AFTER_PX);
    expect(screen.queryByRole('link', { name: /Message Tan Wei Ling/ })).toBeTruthy();
    scrollTo(AGENT_CARD_CLOSE_AFTER_PX + 1);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Message Tan Wei Ling/ })).toBeNull());

    await userEvent.click(icon);
    expect(await screen.findByRole('link', { name: /Message Tan Wei Ling/ })).toBeTruthy();
    expect(window.dataLayer).toContainEqual({ event: 'agent-contactcard' });
    // It closes past 150 px from where it was opened again, and with Escape.
    scrollTo(AGENT_CARD_CLOSE_AFTER_PX + 200);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Message Tan Wei Ling/ })).toBeNull());
    await userEvent.click(icon);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(icon.getAttribute('aria-expanded')).toBe('false'));
  });

  it('has no agent icon without a valid agent', () => {
    stubServer(HEALTHY_SYSTEM);
    useSystemStore.setState({ agent: { ...AGENT, isDefaultAgent: true } });
    renderAt(<Header />, '/travel');
    expect(screen.queryByRole('button', { name: 'Your agent' })).toBeNull();
  });

  it('copies the share link when the browser has no share sheet, and says so', async () => {
    stubServer(HEALTHY_SYSTEM);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    useSystemStore.setState({ initialUrl: '/travel/campaign/YEAREND' });
    renderAt(<Header />, '/travel/quote');
    await userEvent.click(screen.getByRole('button', { name: 'Share this page' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/travel/campaign/YEAREND?utm_source=share');
    expect((await screen.findByRole('status')).textContent).toBe('Link copied. Paste it anywhere to share.');
    expect(window.dataLayer).toEqual([{ event: 'Share' }]);
  });

  it('reports the products menu and its choices to the data layer', async () => {
    stubServer(HEALTHY_SYSTEM);
    renderAt(<Header />, '/travel');
    await userEvent.click(screen.getAllByRole('button', { name: 'Products' })[0]!);
    await userEvent.click(screen.getAllByRole('link', { name: /Personal accident insurance/ })[0]!);
    expect(window.dataLayer).toEqual([{ event: 'Products' }, { event: 'product-pa' }]);
  });
});

describe('the footer', () => {
  it('links every product and page, each reported to the data layer', async () => {
    stubServer(HEALTHY_SYSTEM);
    useSystemStore.setState({ partner: 'AG1001' });
    renderAt(<Footer />, '/travel/quote');
    expect(screen.getByRole('link', { name: 'Travel insurance' }).getAttribute('href')).toBe(
      '/travel/partner/AG1001',
    );
    for (const name of ['About us', 'Personal accident insurance', 'Home insurance', 'Contact us']) {
      fireEvent.click(screen.getByRole('link', { name }));
    }
    expect(window.dataLayer).toEqual([
      { event: 'about-us' },
      { event: 'footer-pa' },
      { event: 'footer-home' },
      { event: 'contact-us' },
    ]);
  });
});
