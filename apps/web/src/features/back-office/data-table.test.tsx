import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type TDataColumn } from './data-table';

type TPolicy = { number: string; holder: string; premium: number };
const POLICIES: TPolicy[] = [
  { number: 'P-2', holder: 'Tan', premium: 120 },
  { number: 'P-10', holder: 'Lim', premium: 45 },
  { number: 'P-1', holder: 'ong', premium: 300 },
];
const COLUMNS: TDataColumn<TPolicy>[] = [
  { header: 'Policy', cell: (row) => row.number, rowHeader: true, sortValue: (row) => row.number },
  { header: 'Holder', cell: (row) => row.holder, sortValue: (row) => row.holder },
  {
    header: 'Premium',
    cell: (row) => row.premium.toFixed(2),
    numeric: true,
    sortValue: (row) => row.premium,
  },
  { header: <em>Note</em>, headerLabel: 'Note', cell: () => '' },
];
const rowHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

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

  it('sorts by a column from its header: up, down, then back to the order given, saying so with aria-sort', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Policies" rows={POLICIES} rowKey={(row) => row.number} columns={COLUMNS} />);
    const table = screen.getByRole('table', { name: 'Policies' });
    const premium = within(table).getByRole('columnheader', { name: 'Premium' });
    const button = within(premium).getByRole('button', { name: 'Premium' });
    expect(premium.getAttribute('aria-sort')).toBeNull();
    // A column that does not sort has no button.
    expect(
      within(within(table).getByRole('columnheader', { name: 'Note' })).queryByRole('button'),
    ).toBeNull();

    await user.click(button);
    expect(premium.getAttribute('aria-sort')).toBe('ascending');
    expect(rowHeaders(table)).toEqual(['P-10', 'P-2', 'P-1']);
    await user.click(button);
    expect(premium.getAttribute('aria-sort')).toBe('descending');
    expect(rowHeaders(table)).toEqual(['P-1', 'P-2', 'P-10']);
    await user.click(button);
    expect(premium.getAttribute('aria-sort')).toBeNull();
    expect(rowHeaders(table)).toEqual(['P-2', 'P-10', 'P-1']);

    // Words as a reader orders them: numbers inside them by size, case ignored; one column sorted at a time.
    const policy = within(table).getByRole('columnheader', { name: 'Policy' });
    await user.click(within(policy).getByRole('button'));
    expect(rowHeaders(table)).toEqual(['P-1', 'P-2', 'P-10']);
    await user.click(within(table).getByRole('button', { name: 'Holder' }));
    expect(policy.getAttribute('aria-sort')).toBeNull();
    expect(rowHeaders(table)).toEqual(['P-10', 'P-1', 'P-2']);
  });

  it('pages the rows when there are more than a page, Previous and Next saying which page is shown', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 5 }, (_, index) => ({ id: index + 1 }));
    const { rerender } = render(
      <DataTable
        caption="Numbers"
        rows={rows}
        rowKey={(row) => row.id}
        pageSize={2}
        columns={[{ header: 'Number', cell: (row) => row.id, rowHeader: true, sortValue: (row) => row.id }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Numbers' });
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(rowHeaders(table)).toEqual(['1', '2']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(previous.disabled).toBe(true);
    await user.click(next);
    expect(rowHeaders(table)).toEqual(['3', '4']);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await user.click(next);
    expect(rowHeaders(table)).toEqual(['5']);
    expect(next.disabled).toBe(true);
    await user.click(previous);
    expect(rowHeaders(table)).toEqual(['3', '4']);
    // Sorting goes back to the first page, in the new order.
    await user.click(within(table).getByRole('button', { name: 'Number' }));
    await user.click(within(table).getByRole('button', { name: 'Number' }));
    expect(rowHeaders(table)).toEqual(['5', '4']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    // Fewer rows: the last page there is; a page's worth or fewer: no pager.
    await user.click(next);
    await user.click(next);
    rerender(
      <DataTable
        caption="Numbers"
        rows={rows.slice(0, 3)}
        rowKey={(row) => row.id}
        pageSize={2}
        columns={[{ header: 'Number', cell: (row) => row.id, rowHeader: true }]}
      />,
    );
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    rerender(
      <DataTable
        caption="Numbers"
        rows={rows.slice(0, 2)}
        rowKey={(row) => row.id}
        pageSize={2}
        columns={[{ header: 'Number', cell: (row) => row.id, rowHeader: true }]}
      />,
    );
    expect(rowHeaders(table)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByText(/^Page /)).toBeNull();
  });

  it('labels every cell with its column for the stacked rows at 375 px, and keeps th scope=row and scope=col', () => {
    render(<DataTable caption="Policies" rows={POLICIES} rowKey={(row) => row.number} columns={COLUMNS} />);
    const table = screen.getByRole('table', { name: 'Policies' });
    const [first] = within(table).getAllByRole('row').slice(1);
    const header = within(first!).getByRole('rowheader');
    expect(header.tagName).toBe('TH');
    expect(header.getAttribute('scope')).toBe('row');
    expect(header.getAttribute('data-label')).toBe('Policy');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['Holder', 'Premium', 'Note']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .every((cell) => cell.getAttribute('scope') === 'col'),
    ).toBe(true);
    // The labels are drawn by the stylesheet: a cell's text is its value alone.
    expect(within(first!).getAllByRole('cell')[0]!.textContent).toBe('Tan');
  });

  it('says the empty message instead of an empty table, and draws a row detail under its row', () => {
    const { rerender } = render(
      <DataTable
        caption="Policies"
        rows={[]}
        rowKey={(row: TPolicy) => row.number}
        columns={COLUMNS}
        empty="No policies."
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No policies.')).toBeTruthy();
    rerender(
      <DataTable
        caption="Policies"
        rows={POLICIES}
        rowKey={(row) => row.number}
        columns={COLUMNS}
        empty="No policies."
        rowDetail={(row, index) => (row.number === 'P-10' ? `Editing the policy at ${index}` : null)}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Policies' })).getAllByRole('row');
    expect(rows).toHaveLength(5);
    const detail = within(rows[3]!).getByRole('cell');
    expect(detail.textContent).toBe('Editing the policy at 1');
    expect(detail.getAttribute('colspan')).toBe('4');
  });

  it('keeps what a cell holds (a half-typed note) when the page draws it again with a new column list', async () => {
    const user = userEvent.setup();
    const draw = (title: string) => (
      <DataTable
        caption={title}
        rows={POLICIES}
        rowKey={(row) => row.number}
        columns={[
          { header: 'Policy', cell: (row) => row.number, rowHeader: true },
          { header: 'Note', cell: (row) => <input aria-label={`Note on ${row.number}`} /> },
        ]}
      />
    );
    const { rerender } = render(draw('Policies'));
    const note = screen.getByRole('textbox', { name: 'Note on P-10' }) as HTMLInputElement;
    await user.type(note, 'Called the holder');
    rerender(draw('Policies again'));
    expect(screen.getByRole('table', { name: 'Policies again' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Note on P-10' })).toBe(note);
    expect(note.value).toBe('Called the holder');
  });
});
