/**
 * A download's `Content-Disposition` (RFC 6266): a plain `filename` for old clients (printable ASCII,
 * no quote or backslash) and the exact name as RFC 5987's `filename*`, every byte outside attr-char
 * percent-encoded — `encodeURIComponent` leaves `'`, `(`, `)` and `*`, and a `'` ends the value early.
 * The name may be a customer's (a claim document): nothing in it can end the header or add another.
 */
export function contentDisposition(
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
