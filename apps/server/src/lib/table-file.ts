import {
  csvText,
  spreadsheetSafe,
  type TExportFormat,
  type TExportValue,
} from '@lionrock/domain/back-office/exports';
import ExcelJS from 'exceljs';

/** A list as a file to download: its bytes, type and file name's extension. */
export type TTableFile = { contentType: string; body: Buffer | string; extension: TExportFormat };

/**
 * One way to take a list out of the back office (issue 31): CSV (RFC 4180, UTF-8 with a byte-order mark
 * so Excel reads Chinese names right) or an Excel workbook (ExcelJS) of one sheet, its header bold and
 * frozen. Texts that would run as formulas are neutralised in both (the domain's `spreadsheetSafe`);
 * numbers stay numbers.
 */
export async function tableFile(
  format: TExportFormat,
  sheetName: string,
  header: readonly string[],
  rows: readonly TExportValue[][],
): Promise<TTableFile> {
  if (format === 'csv')
    return {
      contentType: 'text/csv; charset=utf-8',
      body: `\uFEFF${csvText(header, rows)}`,
      extension: 'csv',
    };
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lionrock back office';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...header]).font = { bold: true };
  for (const row of rows)
    sheet.addRow(row.map((value) => (typeof value === 'string' ? spreadsheetSafe(value) : value)));
  sheet.columns.forEach((column, index) => {
    column.width = Math.min(40, Math.max(10, (header[index]?.length ?? 0) + 2));
  });
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    extension: 'xlsx',
  };
}
