import { act, fireEvent, screen, within } from '@testing-library/react';
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

  it('flags every code too long at once, on its own field, with the focus on the first and nothing sent', async () => {
    const posts = server({ body: { path: '/travel/partner/AG1001' } });
    renderStaff(<QuoteLinkPage />);
    // Pasted past the fields' own limit (a hostile value): the domain's schema is the check.
    fireEvent.change(screen.getByLabelText('Sub-agent code (optional)'), {
      target: { value: 'S'.repeat(51) },
    });
    fireEvent.change(screen.getByLabelText('Campaign code (optional)'), {
      target: { value: 'C'.repeat(51) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Use at most 50 characters.',
      'Use at most 50 characters.',
    ]);
    for (const label of ['Sub-agent code (optional)', 'Campaign code (optional)'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Sub-agent code (optional)'));
    expect(screen.getByText('Please check the marked fields.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('draws the desk quote’s travel choices, each left to the customer until chosen, and no dates', async () => {
    const posts = server({ body: { path: '/travel/link/abcdefghijklmnop' } });
    renderStaff(<QuoteLinkPage />);
    await userEvent.click(screen.getByLabelText('Pre-fill the customer’s quote form'));
    const choices = screen.getByRole('group', { name: 'The quote form’s choices' });
    for (const label of ['Trip', 'Destination', 'Who travels', 'Plan to preselect'])
      expect(
        (within(choices).getByLabelText(label) as HTMLSelectElement).selectedOptions[0]?.textContent,
      ).toBe('The customer chooses');
    // Dates are always the customer's.
    expect(screen.queryByLabelText('Departure date')).toBeNull();
    expect(screen.queryByLabelText('Return date')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Destination'), '3');
    await userEvent.selectOptions(screen.getByLabelText('Who travels'), 'ID');
    const count = screen.getByLabelText('Number of travellers') as HTMLSelectElement;
    expect([...count.options].map((option) => option.value)).toEqual([
      '',
      ...Array.from({ length: 20 }, (_, index) => String(index + 1)),
    ]);
    await userEvent.selectOptions(count, '1');
    await userEvent.selectOptions(screen.getByLabelText('Plan to preselect'), 'STANDARD');
    await userEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    expect((await screen.findByTestId('quote-link')).textContent).toContain('/travel/link/abcdefghijklmnop');
    expect(posts).toEqual([
      {
        url: '/desk/quote-links',
        product: 'travel',
        market: 'SGP',
        lang: 'en',
        prefill: {
          travel: {
            destination: '3',
            travellers: { travellerType: 'ID', individuals: 1, adults: 0, children: 0 },
            plan: 'STANDARD',
          },
        },
      },
    ]);
    expect(screen.getByText(/opens the quote form with these choices/)).toBeTruthy();
  });

  it('asks a Hong Kong home’s floor area and age, sending only what its market asks', async () => {
    const posts = server({ body: { path: '/home/link/abcdefghijklmnop' } });
    renderStaff(<QuoteLinkPage />);
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'home');
    await userEvent.click(screen.getByLabelText('Pre-fill the customer’s quote form'));
    await userEvent.selectOptions(screen.getByLabelText('Home type'), 'HDB');
    await userEvent.selectOptions(screen.getByLabelText('Flat type'), '4_ROOM');
    await userEvent.selectOptions(screen.getByLabelText('Market'), 'HKG');
    expect(screen.queryByLabelText('Flat type')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Gross floor area'), '500_799');
    expect(screen.queryByLabelText('Cover starts on')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    await screen.findByTestId('quote-link');
    expect(posts).toEqual([
      {
        url: '/desk/quote-links',
        product: 'home',
        market: 'HKG',
        lang: 'en',
        prefill: { home: { dwellingType: 'HDB', floorArea: '500_799' } },
      },
    ]);
  });

  it('says refused travellers at who travels, and a refusal naming no field above the button', async () => {
    server({
      status: 400,
      body: {
        statusCode: 400,
        message: 'This choice is not one the quote form takes.',
        field: 'prefill.travel.travellers',
      },
    });
    renderStaff(<QuoteLinkPage />);
    await userEvent.click(screen.getByLabelText('Pre-fill the customer’s quote form'));
    await userEvent.selectOptions(screen.getByLabelText('Who travels'), 'FM');
    await userEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This choice is not one the quote form takes.',
    );
    expect(screen.getByLabelText('Who travels').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Who travels'));

    vi.unstubAllGlobals();
    server({
      status: 429,
      body: { statusCode: 429, message: 'Too many links made this hour.', field: 'agentCode' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Make the link' }));
    expect((await screen.findByText('Too many links made this hour.')).getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('quote-link')).toBeNull();
  });
});
