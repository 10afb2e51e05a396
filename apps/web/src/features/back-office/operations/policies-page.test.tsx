import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStaff } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import PoliciesPage from './policies-page';

afterEach(() => vi.unstubAllGlobals());

const NONE = { pageSize: 50, total: 0, totalAtLeast: false, policies: [], next: null, previous: null };
const NONE_ROW = {
  policyId: '33333333-3333-4333-8333-333333333333',
  policyNumber: 'TSG26-0000001',
  product: 'PTR',
  market: 'SGP',
  status: 'issued',
  holderName: 'TAN WEI MING',
  idNumber: 'S****567D',
  email: 'T***@E***.COM',
  currency: 'SGD',
  totalCents: 12_000,
  startDate: '01/12/2026',
  endDate: '07/12/2026',
  agentCode: null,
};

function renderSearch(at = '/admin/policies') {
  return renderStaff(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/admin/policies/*" element={<PoliciesPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The searches the page asked the server for. */
const searches = (calls: { url: string }[]) =>
  calls.map((call) => call.url).filter((url) => url.includes('/admin/policies'));

describe('the policy search (decision 123)', () => {
  it('flags a text too long and a range ending before it starts, both at once, and asks nothing', async () => {
    const { calls } = stubServer([{ match: /admin\/policies\?/, body: NONE }]);
    const user = userEvent.setup();
    renderSearch();
    fireEvent.change(screen.getByLabelText('Policy number, name, e-mail or ID number'), {
      target: { value: 'x'.repeat(101) },
    });
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Use at most 100 characters.',
      'Created to must be on or after Created from.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Policy number, name, e-mail or ID number'));
    expect(searches(calls)).toEqual([]);
  });

  it('asks for the filters set, trimmed, and nothing for the blank ones', async () => {
    const { calls } = stubServer([{ match: /admin\/policies\?/, body: NONE }]);
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByLabelText('Policy number, name, e-mail or ID number'), ' TSG26-0000123 ');
    await user.selectOptions(screen.getByLabelText('Product'), 'PTR');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: '0 policies' })).toBeTruthy();
    expect(searches(calls)).toEqual(['/back-office/api/admin/policies?q=TSG26-0000123&product=PTR']);
  });

  it("says the server's refusal of a filter on that filter, once, keeping what was typed", async () => {
    stubServer([
      {
        match: /admin\/policies\?/,
        status: 400,
        body: { message: 'There is no agent with this code.', field: 'agent' },
      },
    ]);
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByLabelText('Agent code'), 'AG9999');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const agent = screen.getByLabelText('Agent code') as HTMLInputElement;
    await vi.waitFor(() => expect(agent.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'There is no agent with this code.',
    ]);
    expect(agent.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(agent);
    expect(agent.value).toBe('AG9999');
  });

  it('pages by key: Next asks after the last policy shown, Previous before the first; "10,000+" past the count', async () => {
    const row = (id: string) => ({ ...NONE_ROW, policyId: id, policyNumber: `TSG26-${id}` });
    const FIRST = '11111111-1111-4111-8111-111111111111';
    const LAST = '22222222-2222-4222-8222-222222222222';
    const { calls } = stubServer([
      {
        match: /admin\/policies\?/,
        body: {
          pageSize: 50,
          total: 10_000,
          totalAtLeast: true,
          policies: [row(FIRST), row(LAST)],
          next: LAST,
          previous: FIRST,
        },
      },
    ]);
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: '10,000+ policies' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('button', { name: 'Previous page' }));
    await vi.waitFor(() => expect(searches(calls)).toHaveLength(3));
    expect(searches(calls)).toEqual([
      '/back-office/api/admin/policies?list=all',
      `/back-office/api/admin/policies?after=${LAST}&list=all`,
      `/back-office/api/admin/policies?before=${FIRST}&list=all`,
    ]);
  });

  it('offers the whole search, not the page, as CSV and Excel', async () => {
    stubServer([
      {
        match: /admin\/policies\?/,
        body: { ...NONE, total: 1, policies: [{ ...NONE_ROW }], next: null },
      },
    ]);
    renderSearch('/admin/policies?status=issued&product=PTR&after=11111111-1111-4111-8111-111111111111');
    expect(await screen.findByText(/Download them all/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/back-office/api/admin/policies/export/csv?status=issued&product=PTR',
    );
    expect(screen.getByRole('link', { name: 'Excel' }).getAttribute('href')).toBe(
      '/back-office/api/admin/policies/export/xlsx?status=issued&product=PTR',
    );
  });
});
