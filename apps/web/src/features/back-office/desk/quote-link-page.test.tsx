import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSystemStore } from '../../../state/system-store';
import { renderStaff } from '../../../test/back-office';
import { SignedInAccountProvider } from '../signed-in-account';
import QuoteLinkPage from './quote-link-page';

function server(answer: { status?: number; body: unknown }, links: unknown[] = []) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      // The page lists the agent's stored links when it opens (decision 090).
      if ((init?.method ?? 'GET') === 'GET')
        return new Response(JSON.stringify({ items: links }), { status: 200 });
      posts.push({
        url: String(input).replace(/^.*\/back-office\/api/, ''),
        ...JSON.parse(String(init?.body)),
      });
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
    renderStaff(<QuoteLinkPage />);
    await userEvent.type(screen.getByLabelText('Sub-agent code (optional)'), 'S01');
    await userEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    expect((await screen.findByTestId('quote-link')).textContent).toContain('/travel/partner/AG1001/sub/S01');
    expect(posts).toEqual([
      { url: '/desk/links', product: 'travel', market: 'SGP', lang: 'en', subAgentCode: 'S01' },
    ]);
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
    renderStaff(<QuoteLinkPage />);
    expect(screen.getByRole('heading', { level: 1, name: '分享報價連結' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('子代理人編號（可選）'), 'X9');
    await userEvent.click(screen.getByRole('button', { name: '產生連結' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This is not one of your sub-agents.');
    expect(screen.getByLabelText('子代理人編號（可選）').getAttribute('aria-invalid')).toBe('true');
  });

  it('makes a pre-filled PA link with only the choices made, and lists the links with their figures', async () => {
    const posts = server({ body: { path: '/pa/link/abcdefghijklmnop' } }, [
      {
        code: 'abcdefghijklmnop',
        path: '/pa/link/abcdefghijklmnop',
        product: 'pa',
        market: 'SGP',
        currency: 'SGD',
        subAgentCode: null,
        campaignCode: null,
        createdAt: '2026-11-25T02:00:00.000Z',
        opens: 3,
        quotes: 2,
        sales: 1,
        commissionCents: 1234,
      },
    ]);
    renderStaff(<QuoteLinkPage />);
    const listed = await screen.findByTestId('my-links');
    expect(listed.textContent).toContain('/pa/link/abcdefghijklmnop');
    expect(listed.textContent).toContain('SGD 12.34');
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'pa');
    await userEvent.click(screen.getByLabelText('Pre-fill the customer’s quote form'));
    await userEvent.selectOptions(screen.getByLabelText('Occupation'), '02');
    await userEvent.selectOptions(screen.getByLabelText('Who is covered'), 'family');
    await userEvent.selectOptions(screen.getByLabelText('Adults'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Plan to preselect'), 'C');
    await userEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    expect((await screen.findByTestId('quote-link')).textContent).toContain('/pa/link/abcdefghijklmnop');
    expect(posts).toEqual([
      {
        url: '/desk/quote-links',
        product: 'pa',
        market: 'SGP',
        lang: 'en',
        prefill: { pa: { occupation: '02', insuredPersonType: 'family', adults: 2, children: 0, plan: 'C' } },
      },
    ]);
  });

  it('shows a refused choice at its own field, in Simplified Chinese for Singapore', async () => {
    act(() => {
      useSystemStore.getState().setLanguage('zh');
    });
    server({
      status: 400,
      body: {
        statusCode: 400,
        message: 'This choice is not one the quote form takes.',
        field: 'prefill.pa.occupation',
      },
    });
    renderStaff(<QuoteLinkPage />);
    await userEvent.selectOptions(screen.getByLabelText('产品'), 'pa');
    await userEvent.click(screen.getByLabelText('预先填写客户的报价表'));
    expect(screen.getByRole('group', { name: '报价表的选项' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '生成链接' }));
    expect((await screen.findByRole('alert')).textContent).toContain('not one the quote form takes');
    expect(screen.getByLabelText('职业').getAttribute('aria-invalid')).toBe('true');
  });
  it("opens on the agent's own market, in its script, whatever market the shop was last on", async () => {
    act(() => {
      useSystemStore.getState().setLanguage('zh');
      useSystemStore.getState().setCountry('SGP');
    });
    server({ body: { path: '/travel/partner/HK2001?country=HKG' } });
    renderStaff(
      <SignedInAccountProvider
        account={{
          id: 'a1',
          username: 'hk2001',
          displayName: 'Chan Ka Yan',
          role: 'agent',
          agentCode: 'HK2001',
          market: 'HKG',
        }}
      >
        <QuoteLinkPage />
      </SignedInAccountProvider>,
    );
    // A Hong Kong agent reads Traditional (decision 110) and starts on Hong Kong (decision 111).
    expect(screen.getByRole('heading', { level: 1, name: '分享報價連結' })).toBeTruthy();
    expect((screen.getByLabelText('市場') as HTMLSelectElement).value).toBe('HKG');
  });

  it('offers only the agent’s own market, and says so when the links cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ statusCode: 500, message: 'boom' }), { status: 500 })),
    );
    renderStaff(
      <SignedInAccountProvider
        account={{
          id: 'a-1',
          username: 'hk2001',
          displayName: 'Chan Ka Yan',
          role: 'agent',
          agentCode: 'HK2001',
          market: 'HKG',
        }}
      >
        <QuoteLinkPage />
      </SignedInAccountProvider>,
    );
    const market = screen.getByLabelText('Market') as HTMLSelectElement;
    expect([...market.options].map((option) => option.value)).toEqual(['HKG']);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your links could not be loaded just now. Please reload the page.',
    );
    expect(screen.queryByText('No pre-filled links yet.')).toBeNull();
  });
});
