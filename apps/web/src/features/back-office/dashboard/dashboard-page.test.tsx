import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStaff } from '../../../test/back-office';
import DashboardPage from './dashboard-page';

const DAYS = ['2026-11-24', '2026-11-25'];
const ANSWER = {
  from: DAYS[0],
  to: DAYS[1],
  currencies: ['HKD', 'SGD'],
  totals: { quotes: 5, sales: 2, premiumCents: { SGD: 3600, HKD: 50000 } },
  days: [
    { date: DAYS[0], quotes: 2, sales: 0, premiumCents: {} },
    { date: DAYS[1], quotes: 3, sales: 2, premiumCents: { SGD: 3600, HKD: 50000 } },
  ],
  funnel: [
    {
      product: 'PTR',
      label: 'Travel',
      steps: [
        { step: 'landing', count: 40 },
        { step: 'quoteForm', count: 10 },
        { step: 'quoted', count: 5 },
        { step: 'toPayment', count: 3 },
        { step: 'paymentAnswered', count: 2 },
        { step: 'issued', count: 2 },
      ],
    },
  ],
  byProduct: [{ key: 'PTR', label: 'Travel', sales: 2, premiumCents: { SGD: 3600, HKD: 50000 } }],
  byMarket: [
    { key: 'HKG', label: 'Hong Kong', sales: 1, premiumCents: { HKD: 50000 } },
    { key: 'SGP', label: 'Singapore', sales: 1, premiumCents: { SGD: 3600 } },
  ],
  byChannel: [{ key: 'direct', label: 'Direct', sales: 2, premiumCents: { SGD: 3600, HKD: 50000 } }],
  byAgent: [],
  byCampaign: [{ key: 'SPRING27', label: 'SPRING27 Spring', sales: 1, premiumCents: { SGD: 3600 } }],
};

function server() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(JSON.stringify(ANSWER), { status: 200 });
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('DashboardPage', () => {
  it('draws each chart as a labelled image with a summary and its numbers in a table, money per currency', async () => {
    server();
    renderStaff(<DashboardPage />);
    const sales = await screen.findByRole('figure', { name: 'Sales per day' });
    expect(within(sales).getByRole('img').getAttribute('aria-labelledby')).toBe(
      'sales-per-day-title sales-per-day-summary',
    );
    expect(sales.textContent).toContain('2 sales from 24/11/2026 to 25/11/2026');
    // Never SGD + HKD added: each currency its own column and its own total.
    const table = within(sales).getByRole('table', { hidden: true });
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Sales', 'Premium HKD', 'Premium SGD']);
    const funnel = screen.getByRole('figure', { name: 'Funnel: Travel' });
    // Landing and quote form are visit counts (decision 090): said so, their share of landings.
    expect(funnel.textContent).toContain(
      '40 landing visits and 10 quote form visits (counted visits, not the same people); of 5 quotes, 2 issued (40%).',
    );
    expect(funnel.textContent).toContain('Quote form: 10 (25%)');
    expect(funnel.textContent).toContain('Sent to payment: 3 (60%)');
    expect(screen.getByTestId('funnel-note').textContent).toContain('not the same customers');
    expect(screen.getByRole('figure', { name: 'Sales by campaign' }).textContent).toContain(
      'SPRING27 Spring: 1',
    );
    expect(screen.getByTestId('dashboard-sales').textContent).toBe('2');
  });

  it('asks for the range and filters chosen', async () => {
    const urls = server();
    renderStaff(<DashboardPage />);
    await screen.findByRole('figure', { name: 'Quotes per day' });
    expect(urls[0]).toBe('/back-office/api/admin/dashboard?');
    await userEvent.selectOptions(screen.getByLabelText('Market'), 'HKG');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(urls).toHaveLength(2));
    expect(urls[1]).toBe('/back-office/api/admin/dashboard?from=2026-11-24&to=2026-11-25&market=HKG');
  });

  it('flags a missing day and a range that starts after it ends, every one at once, and asks nothing new', async () => {
    const urls = server();
    renderStaff(<DashboardPage />);
    await screen.findByRole('figure', { name: 'Quotes per day' });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Enter the last day of the range.',
    ]);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Enter the first day of the range.',
      'Enter the last day of the range.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('From'));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'The range starts after it ends.',
    ]);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'A range covers at most 366 days.',
    ]);
    expect(urls).toHaveLength(1);
  });

  it("says the server's refusal of the range on the day it names", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return urls.length === 1
          ? new Response(JSON.stringify(ANSWER), { status: 200 })
          : new Response(JSON.stringify({ message: 'There are no figures before 2026.', field: 'from' }), {
              status: 400,
            });
      }),
    );
    renderStaff(<DashboardPage />);
    await screen.findByRole('figure', { name: 'Quotes per day' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-12-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const from = screen.getByLabelText('From') as HTMLInputElement;
    await vi.waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'There are no figures before 2026.',
    ]);
    expect(document.activeElement).toBe(from);
    expect(from.value).toBe('01/12/2025');
  });
});
