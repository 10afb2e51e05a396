import { describe, expect, it } from 'vitest';
import { csvCell, csvText, spreadsheetSafe } from './exports.ts';

describe('exports a spreadsheet opens safely (issue 31)', () => {
  it('keeps a text that would run as a formula as text', () => {
    for (const value of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(spreadsheetSafe(value)).toBe(`'${value}`);
    for (const value of ['Tan Wei Ming', 'a=b', '', '5-3']) expect(spreadsheetSafe(value)).toBe(value);
  });

  it('quotes a text cell, doubling its quotes, and leaves numbers and nothing bare', () => {
    expect(csvCell('Say "hi", then go')).toBe('"Say ""hi"", then go"');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell(-1250.5)).toBe('-1250.5');
    expect(csvCell(null)).toBe('');
    expect(
      csvText(
        ['a', 'b'],
        [
          ['x', 1],
          [null, '@y'],
        ],
      ),
    ).toBe(`"a","b"\r\n"x",1\r\n,"'@y"\r\n`);
  });
});
