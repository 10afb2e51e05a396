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
