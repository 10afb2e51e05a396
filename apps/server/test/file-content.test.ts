import { describe, expect, it } from 'vitest';
import { detectContent, sanitiseFileName } from '../src/storage/file-content.ts';
import { pngHeader, TINY_JPEG, TINY_PDF } from './helpers/claim-files.ts';

describe('file content by magic bytes', () => {
  it('knows PDF, JPEG and PNG whatever they are called', () => {
    expect(detectContent(TINY_PDF)).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(detectContent(TINY_JPEG)).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(detectContent(pngHeader(640, 480))).toEqual({ ok: true, contentType: 'image/png' });
  });

  it('refuses a zip, an .exe, text, and a PNG signature without IHDR', () => {
    expect(detectContent(Buffer.from('PK\x03\x04rest-of-zip', 'latin1'))).toEqual({
      ok: false,
      reason: 'type',
    });
    expect(detectContent(Buffer.from('MZ\x90\x00\x03', 'latin1'))).toEqual({ ok: false, reason: 'type' });
    expect(detectContent(Buffer.from('just text'))).toEqual({ ok: false, reason: 'type' });
    expect(detectContent(pngHeader(10, 10).subarray(0, 12))).toEqual({ ok: false, reason: 'type' });
  });

  it('refuses a PNG whose header claims absurd dimensions (a decompression bomb)', () => {
    expect(detectContent(pngHeader(100_000, 100_000))).toEqual({ ok: false, reason: 'pngDimensions' });
    expect(detectContent(pngHeader(15_000, 15_000))).toEqual({ ok: false, reason: 'pngDimensions' });
    expect(detectContent(pngHeader(0, 10))).toEqual({ ok: false, reason: 'pngDimensions' });
    expect(detectContent(pngHeader(4000, 3000))).toMatchObject({ ok: true });
  });

  it('keeps only a safe last segment of the file name', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('C:\\Users\\me\\receipt.pdf')).toBe('receipt.pdf');
    expect(sanitiseFileName('a\u0000b\u202Egnp.exe')).toBe('abgnp.exe');
    expect(sanitiseFileName('...')).toBe('document');
    expect(sanitiseFileName(undefined)).toBe('document');
  });
});
