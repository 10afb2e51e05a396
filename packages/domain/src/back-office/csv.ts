/**
 * A small RFC 4180 reader for the back office's imports (issue 18): fields separated by commas, records
 * by CRLF or LF, a field in double quotes may hold commas, line breaks and doubled quotes (`""`). A
 * byte-order mark at the start is dropped and a last empty line ignored. A quote that never closes, or
 * text after a closing quote, is an error naming the record (1-based line of the record's start).
 * `lines` holds each record's line in the file, as a spreadsheet numbers its rows: an empty line, or a
 * quoted field over several lines, moves the records after it down.
 */
export type TCsvResult =
  | { ok: true; records: string[][]; lines: number[] }
  | { ok: false; line: number; message: string };

export function parseCsv(text: string): TCsvResult {
  const records: string[][] = [];
  const lines: number[] = [];
  let record: string[] = [];
  let field = '';
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let afterQuote = false;
  const endField = () => {
    record.push(field);
    field = '';
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    lines.push(recordLine);
    record = [];
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === ',') endField();
    else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      line += 1;
      recordLine = line;
    } else if (afterQuote) {
      return { ok: false, line: recordLine, message: 'Text follows a closing quote.' };
    } else if (char === '"' && field === '') quoted = true;
    else field += char;
    index += 1;
  }
  if (quoted) return { ok: false, line: recordLine, message: 'A quoted field is never closed.' };
  if (field !== '' || record.length > 0 || afterQuote) endRecord();
  return { ok: true, records, lines };
}
