import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain fields, CRLF and LF records, and ignores the last empty line', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f\r\n')).toEqual({
      ok: true,
      records: [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ],
      lines: [1, 2, 3],
    });
  });

  it('reads quoted fields with commas, line breaks and doubled quotes, and drops a byte-order mark', () => {
    expect(parseCsv('\uFEFF"a,1","say ""hi""","two\r\nlines"\n"",x,')).toEqual({
      ok: true,
      records: [
        ['a,1', 'say "hi"', 'two\r\nlines'],
        ['', 'x', ''],
      ],
      // The second record starts on line 3: the first's quoted field spans two.
      lines: [1, 3],
    });
  });

  it('keeps a quote inside an unquoted field and a last record without a line break', () => {
    expect(parseCsv('ab"c,"d"')).toEqual({ ok: true, records: [['ab"c', 'd']], lines: [1] });
    expect(parseCsv('')).toEqual({ ok: true, records: [], lines: [] });
  });

  it('names the record of a quote never closed or text after a closing quote', () => {
    expect(parseCsv('a\n"b\nc')).toEqual({ ok: false, line: 2, message: 'A quoted field is never closed.' });
    expect(parseCsv('a\r\nb\r\n"c"d')).toEqual({
      ok: false,
      line: 3,
      message: 'Text follows a closing quote.',
    });
  });
});
