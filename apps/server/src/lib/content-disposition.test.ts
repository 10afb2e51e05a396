import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

/** RFC 6266 with RFC 5987's `filename*`: what a browser reads back must be the name, whatever it holds. */
describe('a download names its file safely', () => {
  it('encodes every character outside RFC 5987 attr-char, so the value cannot end early', () => {
    for (const name of [
      "it's (1).pdf",
      'a*b.pdf',
      'semi;colon, comma.pdf',
      'quote".pdf',
      'back\\slash.pdf',
      '收据 2026.pdf',
      'invoice\u202Efdp.exe',
      'tab\there.pdf',
      'crlf\r\nSet-Cookie: x=1.pdf',
    ]) {
      const header = contentDisposition(name);
      const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(.*)$/.exec(header);
      expect(match, `${name}: ${header}`).not.toBeNull();
      expect(match![2], name).toMatch(/^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/);
      expect(decodeURIComponent(match![2]!), name).toBe(name);
      // The plain fallback for old clients: printable ASCII without a quote or a backslash.
      expect(match![1], name).toMatch(/^[\x20-\x7e]*$/);
      expect(match![1], name).not.toMatch(/["\\]/);
      expect(header, name).not.toMatch(/[\r\n]/);
    }
  });

  it('says inline when the file is to be shown, not saved', () => {
    expect(contentDisposition('TSG26-0001234.pdf', 'inline')).toBe(
      `inline; filename="TSG26-0001234.pdf"; filename*=UTF-8''TSG26-0001234.pdf`,
    );
  });
});
