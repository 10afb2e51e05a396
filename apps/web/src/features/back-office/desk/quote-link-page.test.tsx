import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSystemStore } from '../../../state/system-store';
import QuoteLinkPage from './quote-link-page';

function server(answer: { status?: number; body: unknown }) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      posts.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    useSystemStore.getState().setLanguage('en');
    useSystemStore.getState().setCountry('SGP');
  });
});

describe('QuoteLinkPage', () => {
  it('asks for a link with the chosen options and shows it with a Copy button', async () => {
    const posts = server({ body: { path: '/travel/partner/AG1001/sub/S01' } });
    render(<QuoteLinkPage />);
    await userEvent.type(screen.getByLabelText('Sub-agent code (optional)'), 'S01');
    await userEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    expect((await screen.findByTestId('quote-link')).textContent).toContain('/travel/partner/AG1001/sub/S01');
    expect(posts).toEqual([{ product: 'travel', market: 'SGP', lang: 'en', subAgentCode: 'S01' }]);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('shows a refused sub-agent at its field, in Traditional Chinese for Hong Kong', async () => {
    act(() => {
      useSystemStore.getState().setLanguage('zh');
      useSystemStore.getState().setCountry('HKG');
    });
    server({
      status: 400,
      body: { statusCode: 400, message: 'This is not one of your sub-agents.', field: 'subAgentCode' },
    });
    render(<QuoteLinkPage />);
    expect(screen.getByRole('heading', { level: 1, name: '分享報價連結' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('子代理人編號（可選）'), 'X9');
    await userEvent.click(screen.getByRole('button', { name: '產生連結' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This is not one of your sub-agents.');
    expect(screen.getByLabelText('子代理人編號（可選）').getAttribute('aria-invalid')).toBe('true');
  });
});
