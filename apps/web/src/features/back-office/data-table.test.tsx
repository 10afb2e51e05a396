import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

describe('DataTable (decision 091)', () => {
  it('draws a caption, column headers, a row header per row and right-aligned numbers', () => {
    render(
      <DataTable
        caption="Sales by product"
        rowKey={(row) => row.key}
        rows={[
          { key: 'PTR', sales: 3 },
          { key: 'PAN', sales: 1 },
        ]}
        columns={[
          { header: 'Product', cell: (row) => row.key, rowHeader: true },
          { header: 'Sales', cell: (row) => row.sales, numeric: true },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Sales by product' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Sales']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['PTR', 'PAN']);
    const sales = within(table).getAllByRole('cell');
    expect(sales.map((cell) => cell.textContent)).toEqual(['3', '1']);
    expect(sales.every((cell) => cell.className !== '')).toBe(true);
  });

  it('names a focusable scrolling region when given a label, and gives a column its class', () => {
    render(
      <DataTable
        label="Blacklist entries"
        rowKey={(row) => row.id}
        rows={[{ id: 'S****567D' }]}
        columns={[{ header: 'ID number', cell: (row) => row.id, rowHeader: true, className: 'code' }]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Blacklist entries' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('rowheader', { name: 'S****567D' }).className).toBe('code');
  });
});
