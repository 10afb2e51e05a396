import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStaff } from '../../../test/back-office';
import DeskHomePage from './desk-home-page';

const SUMMARY = {
  agentCode: 'AG1001',
  agentName: 'Tan Wei Ling',
  registrationNo: 'RNF-TWL-1001',
  currency: 'SGD',
  from: '2026-09-01',
  to: '2026-11-29',
  quotes: 2,
  savedQuotes: 0,
  sales: 0,
  premiumCents: 0,
  commissionCents: 0,
  totals: [{ currency: 'HKD', sales: 1, premiumCents: 38_000, commissionCents: 9_500 }],
  byPeriod: [],
  bySubAgent: [],
  byCampaign: [],
};

function server(refusal?: { status: number; body: unknown }) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input).replace(/^.*\/back-office\/api/, '');
      urls.push(url);
      // The refusal answers a range the agent asked for; the first load is the server's default.
      if (refusal && /[?&]from=/.test(url))
        return new Response(JSON.stringify(refusal.body), { status: refusal.status });
      const body = url.startsWith('/desk/summary') ? SUMMARY : { items: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeskHomePage', () => {
  it("opens on the server's range (the agent's market's today), then asks for the range the agent sets", async () => {
    const urls = server();
    renderStaff(<DeskHomePage />);
    // 00:30 in Singapore is still the day before in UTC: the browser never picks the day itself.
    expect(await screen.findByDisplayValue('29/11/2026')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('01/09/2026');
    expect(urls.filter((url) => /[?&](from|to)=/.test(url))).toEqual([]);
    // A sale in another currency is told apart, never added to the SGD figures.
    expect(screen.getByTestId('desk-other-currency').textContent).toBe(
      'Also 1 sale(s) in HKD: premium HKD 380.00, commission HKD 95.00. Not added to the figures above.',
    );

    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '01/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(urls).toContain('/desk/summary?from=2026-11-01&to=2026-11-29&period=month'),
    );
    expect(urls).toContain('/desk/sales?from=2026-11-01&to=2026-11-29');
  });

  it('flags both days when emptied, and a range that starts after it ends, asking nothing', async () => {
    const urls = server();
    renderStaff(<DeskHomePage />);
    await screen.findByDisplayValue('29/11/2026');
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Enter a date.',
      'Enter a date.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('From'));
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(screen.getByLabelText('From'), '30/11/2026');
    await userEvent.type(screen.getByLabelText('To'), '01/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'The range starts after it ends.',
      ]),
    );
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(urls.filter((url) => /[?&](from|to)=/.test(url))).toEqual([]);
  });

  it('says a day the server refuses on its field', async () => {
    server({
      status: 400,
      body: { statusCode: 400, message: 'This is not a date.', field: 'from' },
    });
    renderStaff(<DeskHomePage />);
    await screen.findByDisplayValue('29/11/2026');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '01/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['This is not a date.']);
  });
});
