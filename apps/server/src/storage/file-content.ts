import type { TClaimDocumentType } from '@lionrock/domain/claims/claim-rules';

/**
 * What a file is, by its first bytes (design section 12): never by its name or the browser's content
 * type. PDF `%PDF-`, JPEG `FF D8 FF`, PNG's eight-byte signature followed by its IHDR chunk. A PNG
 * whose header claims more pixels than any camera or scanner makes is refused as a decompression
 * bomb (decision 075).
 */
export const PNG_MAX_SIDE = 20_000;
export const PNG_MAX_PIXELS = 100_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type TContentCheck =
  | { ok: true; contentType: TClaimDocumentType }
  | { ok: false; reason: 'type' | 'pngDimensions' };

export function detectContent(head: Buffer): TContentCheck {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return { ok: true, contentType: 'application/pdf' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { ok: true, contentType: 'image/jpeg' };
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // The first chunk must be IHDR, 13 bytes long: width and height are its first two 32-bit numbers.
    if (
      head.length < 24 ||
      head.readUInt32BE(8) !== 13 ||
      head.subarray(12, 16).toString('latin1') !== 'IHDR'
    )
      return { ok: false, reason: 'type' };
    const width = head.readUInt32BE(16);
    const height = head.readUInt32BE(20);
    if (
      width === 0 ||
      height === 0 ||
      width > PNG_MAX_SIDE ||
      height > PNG_MAX_SIDE ||
      width * height > PNG_MAX_PIXELS
    )
      return { ok: false, reason: 'pngDimensions' };
    return { ok: true, contentType: 'image/png' };
  }
  return { ok: false, reason: 'type' };
}

/** A customer's file name, kept only to show back: no path, no control characters, at most 100 characters. */
export function sanitiseFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = last
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(-100);
  return clean || 'document';
}
