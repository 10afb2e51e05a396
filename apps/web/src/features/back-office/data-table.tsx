import type { ReactNode } from 'react';
import styles from './data-screen.module.css';

/**
 * The back office's table of rows (decision 091): a caption, a header row, one row per item, the first
 * cell a row header where it names the row, numbers right-aligned; wrapped so a wide table scrolls
 * sideways inside the page at 375 px instead of the page.
 */
export type TDataColumn<T> = {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell names its row (a policy or claim number): a `<th scope="row">`. */
  rowHeader?: boolean;
  numeric?: boolean;
  /** A class for this column's cells (e.g. an ID number in a fixed-width font). */
  className?: string;
};

export function DataTable<T>({
  caption,
  label,
  columns,
  rows,
  rowKey,
}: {
  caption?: ReactNode;
  /** Names the scrolling region, which then takes focus so the keyboard can scroll a wide table. */
  label?: string;
  columns: TDataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
}) {
  const align = (column: TDataColumn<T>) => (column.numeric ? styles.number : undefined);
  const cellClass = (column: TDataColumn<T>) =>
    [align(column), column.className].filter(Boolean).join(' ') || undefined;
  const table = (
    <table className={styles.table}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={String(index)} scope="col" className={align(column)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) =>
              column.rowHeader ? (
                <th key={String(index)} scope="row" className={cellClass(column)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={String(index)} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return label ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it.
    <section className={styles.tableWrap} aria-label={label} tabIndex={0}>
      {table}
    </section>
  ) : (
    <div className={styles.tableWrap}>{table}</div>
  );
}
