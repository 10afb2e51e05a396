import { z } from 'zod';

/**
 * Lists taken out of the back office (issue 31, "Reports out"): what a list screen shows, as CSV or as
 * an Excel workbook. A text a customer or partner typed reaches a spreadsheet, where a cell that starts
 * with = + - @ (or a tab or carriage return before one) would run as a formula: it is kept as text with
 * a leading apostrophe, the OWASP advice for CSV injection. Numbers stay numbers.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];
export const ZExportFormat = z.object({ format: z.enum(EXPORT_FORMATS) });

/** The most rows one export holds: the list's own count bound, beyond which staff narrow the filters. */
export const EXPORT_ROWS_MAX = 10_000;

/** A cell's value: a text, a number, or nothing. */
export type TExportValue = string | number | null;

/** A text a spreadsheet would run as a formula, kept as text; anything else as it is. */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV cell (RFC 4180): quoted, its quotes doubled, a formula neutralised; a number as it is. */
export function csvCell(value: TExportValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return `"${spreadsheetSafe(value).replace(/"/g, '""')}"`;
}

/** A whole CSV file: the header, then each row, lines ended by CRLF. */
export function csvText(header: readonly string[], rows: readonly TExportValue[][]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
