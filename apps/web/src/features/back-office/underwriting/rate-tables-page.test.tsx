import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import RateTablesPage from './rate-tables-page';

afterEach(() => vi.unstubAllGlobals());

const DRAFT = {
  id: 31,
  product: 'PTR',
  country: 'ALL',
  kind: 'benefits',
  version: '2027.1',
  effectiveDate: '2026-12-15',
  status: 'draft',
  inForce: false,
  uploadedBy: 'uw.one',
  loadedAt: '2026-11-25T03:00:00.000Z',
};
const line = (plan: string, inForce: string, draft: string) => ({
  market: 'SGP',
  section: 'Personal covers',
  benefit: 'Medical and additional expenses (per adult)',
  plan,
  inForce,
  draft,
  changed: inForce !== draft,
});
const DIFF = {
  id: 31,
  version: '2027.1',
  effectiveDate: '2026-12-15',
  inForceVersion: '2026.1',
  samples: [],
  benefitLines: [
    line('Standard', 'S$500,000.00', 'S$543,210.00'),
    line('Super', 'S$1,000,000.00', 'S$1,000,000.00'),
  ],
};

/** A benefit schedule's diff: its limits per plan, in force against the draft, the changed ones marked (decision 091). */
describe('RateTablesPage, a benefit schedule draft', () => {
  it('shows the changed benefit lines side by side, and every line on request', async () => {
    stubServer([
      { match: /rate-tables\/31\/diff$/, body: DIFF },
      { match: /rate-tables$/, body: { slots: [], versions: [DRAFT] } },
    ]);
    const user = userEvent.setup();
    renderAs('underwriting', <RateTablesPage />);
    await user.click(await screen.findByRole('button', { name: 'Compare and activate' }));
    expect(await screen.findByText('1 of 2 benefit lines change.')).toBeTruthy();
    const table = screen.getByRole('table', { name: /Benefit limits per plan/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'SGP',
        'Personal covers',
        'Medical and additional expenses (per adult)',
        'Standard',
        'S$500,000.00',
        'S$543,210.00',
        'Changed',
      ],
    ]);
    await user.click(screen.getByRole('checkbox', { name: /Show every line/ }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('S$1,000,000.00', { selector: 'td:nth-child(6)' })).toBeTruthy();
  });
});

const SLOTS = [
  { product: 'PTR', country: 'SGP', kind: 'rates' },
  { product: 'PTR', country: 'ALL', kind: 'benefits' },
];
const IN_FORCE = {
  ...DRAFT,
  id: 7,
  country: 'SGP',
  kind: 'rates',
  version: '2026.1',
  status: 'active',
  inForce: true,
};
const posts = (calls: { init?: RequestInit | undefined }[]) =>
  calls.filter((call) => call.init?.method === 'POST');

/** The upload form, checked with the domain's schema the route checks it with (decision 123). */
describe('RateTablesPage, uploading a version', () => {
  it('flags every field at once, the first focused, and sends nothing', async () => {
    const { calls } = stubServer([{ match: /rate-tables$/, body: { slots: SLOTS, versions: [IN_FORCE] } }]);
    const user = userEvent.setup();
    renderAs('underwriting', <RateTablesPage />);
    await user.click(await screen.findByRole('button', { name: 'Upload as draft' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Give the version a label.',
      'Choose the effective date.',
      'The table is not valid JSON.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Version label'));
    expect(screen.getByLabelText('Table (JSON)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Check the marked fields.');

    // JSON, but not a table: said as such.
    await user.click(screen.getByLabelText('Table (JSON)'));
    await user.paste('[1, 2]');
    await user.click(screen.getByRole('button', { name: 'Upload as draft' }));
    expect(screen.getByText('The table must be a JSON object.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });

  it("sends the table chosen, parsed, and puts the server's refusal on its field", async () => {
    const { calls } = stubServer([
      {
        match: /rate-tables$/,
        body: { slots: SLOTS, versions: [IN_FORCE] },
      },
    ]);
    const user = userEvent.setup();
    renderAs('underwriting', <RateTablesPage />);
    await screen.findByRole('option', { name: 'Travel, All markets: benefit schedule' });
    await user.selectOptions(screen.getByLabelText('Table'), 'PTR/ALL/benefits');
    await user.type(screen.getByLabelText('Version label'), ' 2027.1 ');
    await user.type(screen.getByLabelText('Effective date'), '01/01/2026');
    await user.click(screen.getByLabelText('Table (JSON)'));
    await user.paste('{"plans": []}');
    // The server refuses the date (it is past in the table's market).
    vi.unstubAllGlobals();
    const refused = stubServer([
      {
        match: /rate-tables$/,
        status: 400,
        body: {
          statusCode: 400,
          message: 'The effective date must not be in the past.',
          field: 'effectiveDate',
        },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload as draft' }));
    const date = screen.getByLabelText('Effective date');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The effective date must not be in the past.',
    );
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(date);
    const [sent] = posts(refused.calls);
    expect(JSON.parse(String(sent!.init?.body))).toEqual({
      product: 'PTR',
      country: 'ALL',
      kind: 'benefits',
      version: '2027.1',
      effectiveDate: '2026-01-01',
      data: { plans: [] },
    });
    // What was typed stays.
    expect((screen.getByLabelText('Version label') as HTMLInputElement).value).toBe(' 2027.1 ');
    expect(posts(calls)).toHaveLength(0);
  });

  it("puts a refusal naming the table's parts on the table chosen", async () => {
    stubServer([
      {
        match: /rate-tables$/,
        body: { slots: SLOTS, versions: [IN_FORCE] },
      },
    ]);
    const user = userEvent.setup();
    renderAs('underwriting', <RateTablesPage />);
    await user.type(await screen.findByLabelText('Version label'), '2027.1');
    await user.type(screen.getByLabelText('Effective date'), '01/01/2027');
    await user.click(screen.getByLabelText('Table (JSON)'));
    await user.paste('{}');
    vi.unstubAllGlobals();
    stubServer([
      {
        match: /rate-tables$/,
        status: 400,
        body: {
          statusCode: 400,
          message: 'There is no such table for that product and market.',
          field: 'product',
        },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload as draft' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is no such table for that product and market.',
    );
    expect(screen.getByLabelText('Table').getAttribute('aria-invalid')).toBe('true');
  });

  it('fills the table from a JSON file', async () => {
    stubServer([{ match: /rate-tables$/, body: { slots: SLOTS, versions: [IN_FORCE] } }]);
    const user = userEvent.setup();
    renderAs('underwriting', <RateTablesPage />);
    const file = new File(['{"single": {}}'], 'table.json', { type: 'application/json' });
    await user.upload(await screen.findByLabelText('JSON file'), file);
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Table (JSON)') as HTMLTextAreaElement).value).toBe('{"single": {}}'),
    );
  });
});
