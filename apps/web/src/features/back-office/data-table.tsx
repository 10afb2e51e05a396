import {
  type ColumnDef,
  createPaginatedRowModel,
  createSortedRowModel,
  type PaginationState,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import shell from './back-office.module.css';
import styles from './data-screen.module.css';

/**
 * The back office's one table of rows (decision 091, issue 28): TanStack Table keeps the order and the
 * page; the markup stays ours — a caption, a header row, one row per item, the first cell a row header
 * where it names the row, numbers right-aligned. A column with a `sortValue` sorts from its header (a
 * button; the header says its order with `aria-sort`), a `pageSize` pages the rows on the client (only
 * for a list the server answers whole), and at 375 px the rows stack: each cell shows its column's name
 * (`data-label`), so nothing scrolls sideways.
 */
export type TDataColumn<T> = {
  header: ReactNode;
  /** The column's name as text for a stacked row's labels, when `header` is not a string. */
  headerLabel?: string;
  /** The cell; `index` is the row's place in `rows` (not its place after sorting). */
  cell: (row: T, index: number) => ReactNode;
  /** The cell names its row (a policy or claim number): a `<th scope="row">`. */
  rowHeader?: boolean;
  numeric?: boolean;
  /** A class for this column's cells (e.g. an ID number in a fixed-width font), or one per row. */
  className?: string | ((row: T) => string | undefined);
  /** What the column sorts by: its header becomes a button that sorts the rows up, down, then as given. */
  sortValue?: (row: T) => string | number;
};

type TRowOf<T> = { value: T };

// The table's features, one set for every table: sorting and client paging (a table that does not page
// has one page of every row).
const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

/** Numbers by size, words as a reader orders them (numbers inside them by size, case ignored). */
const compareValues = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

export function DataTable<T>({
  caption,
  captionClassName,
  label,
  labelledBy,
  testId,
  columns,
  rows,
  rowKey,
  rowClassName,
  rowDetail,
  pageSize,
  empty,
}: {
  caption?: ReactNode;
  captionClassName?: string;
  /** Names the scrolling region, which then takes focus so the keyboard can scroll a wide table. */
  label?: string;
  /** The id of the heading that names the table (when it has no caption). */
  labelledBy?: string;
  testId?: string;
  columns: TDataColumn<T>[];
  rows: readonly T[];
  /** A row's key; without one, its place in `rows` (for a fixed snapshot of figures). */
  rowKey?: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
  /** A row's detail (an edit form): a row of its own under it, across every column, when not null. */
  rowDetail?: (row: T, index: number) => ReactNode;
  /** Rows per page, for a list the server answers whole; Previous and Next appear when there are more. */
  pageSize?: number;
  /** Said instead of the table when there are no rows. */
  empty?: ReactNode;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pageIndex, setPageIndex] = useState(0);
  const size = pageSize && pageSize > 0 ? pageSize : Number.POSITIVE_INFINITY;
  const pageCount = Number.isFinite(size) ? Math.max(1, Math.ceil(rows.length / size)) : 1;
  // Fewer rows than before (one handled, a filter) keep the reader on the last page there is.
  const pagination: PaginationState = { pageIndex: Math.min(pageIndex, pageCount - 1), pageSize: size };

  // Stable inputs (TanStack's rule): the row models are worked out again only when the rows or columns change.
  const data = useMemo(() => rows.map((value) => ({ value })), [rows]);
  const definitions = useMemo(
    () =>
      columns.map(
        (column, index): ColumnDef<typeof features, TRowOf<T>> => ({
          id: String(index),
          ...(column.sortValue
            ? {
                accessorFn: (row: TRowOf<T>) => column.sortValue?.(row.value) ?? '',
                sortFn: (rowA, rowB, id) => compareValues(rowA.getValue(id), rowB.getValue(id)),
              }
            : { enableSorting: false }),
          sortDescFirst: false,
        }),
      ),
    [columns],
  );
  const table = useTable({
    features,
    data,
    columns: definitions,
    getRowId: (row, index) => String(rowKey ? rowKey(row.value) : index),
    // One column sorts at a time, so one header says its order.
    enableMultiSort: false,
    state: { sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) => {
      setSorting(typeof updater === 'function' ? updater(sorting) : updater);
      setPageIndex(0);
    },
    onPaginationChange: (updater: Updater<PaginationState>) =>
      setPageIndex((typeof updater === 'function' ? updater(pagination) : updater).pageIndex),
    autoResetPageIndex: false,
  });

  if (rows.length === 0 && empty !== undefined) return <p className={styles.empty}>{empty}</p>;

  const nameOf = (column: TDataColumn<T>) =>
    typeof column.header === 'string' ? column.header : column.headerLabel;
  const columnOf = (id: string) => columns[Number(id)]!;
  const cellClass = (column: TDataColumn<T>, row: T) =>
    classes(
      column.numeric && styles.number,
      typeof column.className === 'function' ? column.className(row) : column.className,
    );
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  const tableElement = (
    <table className={`${styles.table} ${styles.stack}`} aria-labelledby={labelledBy} data-testid={testId}>
      {caption ? <caption className={captionClassName}>{caption}</caption> : null}
      <thead>
        <tr>
          {headers.map((header) => {
            const column = columnOf(header.column.id);
            const content = column.header;
            if (!header.column.getCanSort())
              return (
                <th key={header.id} scope="col" className={classes(column.numeric && styles.number)}>
                  {content}
                </th>
              );
            const sorted = header.column.getIsSorted();
            return (
              <th
                key={header.id}
                scope="col"
                className={classes(styles.sortable, column.numeric && styles.number)}
                aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
              >
                <button
                  type="button"
                  className={styles.sortButton}
                  onClick={header.column.getToggleSortingHandler()}
                >
                  {content}
                  <span className={styles.sortMark} aria-hidden="true">
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                  </span>
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => {
          const value = row.original.value;
          const detail = rowDetail?.(value, row.index);
          return (
            <Fragment key={row.id}>
              <tr className={rowClassName?.(value)}>
                {row.getAllCells().map((cell) => {
                  const column = columnOf(cell.column.id);
                  // Called, not rendered as a component (flexRender would): a new column list each render
                  // must not mount the cells again (a half-typed note, an open confirmation).
                  const content = column.cell(value, row.index);
                  return column.rowHeader ? (
                    <th
                      key={cell.id}
                      scope="row"
                      className={cellClass(column, value)}
                      data-label={nameOf(column)}
                    >
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} className={cellClass(column, value)} data-label={nameOf(column)}>
                      {content}
                    </td>
                  );
                })}
              </tr>
              {detail !== null && detail !== undefined && detail !== false ? (
                <tr className={styles.detailRow}>
                  <td colSpan={columns.length}>{detail}</td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );

  const pager =
    pageCount > 1 ? (
      <div className={styles.pager}>
        <button
          type="button"
          className={shell.secondary}
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          Previous
        </button>
        <span aria-live="polite">
          Page {pagination.pageIndex + 1} of {pageCount}
        </span>
        <button
          type="button"
          className={shell.secondary}
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
        >
          Next
        </button>
      </div>
    ) : null;

  return (
    <>
      {label ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it.
        <section className={styles.tableWrap} aria-label={label} tabIndex={0}>
          {tableElement}
        </section>
      ) : (
        <div className={styles.tableWrap}>{tableElement}</div>
      )}
      {pager}
    </>
  );
}
