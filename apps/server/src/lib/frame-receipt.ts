import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The signed request a panel posts with the card into its frame, as the API describes it. */
export const ZSignedFrameRequest = z
  .object({ paymentUrl: z.string(), paymentSignatureKey: z.string() })
  .catchall(z.string())
  .describe('The signed Secure Acceptance fields the browser posts, with the card, to paymentUrl');

/**
 * The page a gateway's answer lands on inside the shop's hidden frame (a purchase, a renewal card, a
 * rise's card payment): it hands the verified result to the shop's window by postMessage, to the shop's own origin
 * only, under a CSP that allows that one script. `source` names what the panel listens for.
 */
const RECEIPT_SCRIPT = `(function () {
  var data = document.getElementById('frame-receipt-data');
  var message = JSON.parse(data.textContent);
  if (window.parent && window.parent !== window) {
    window.parent.postMessage(message, window.location.origin);
  }
})();`;

const RECEIPT_CSP = `default-src 'none'; script-src 'sha256-${createHash('sha256').update(RECEIPT_SCRIPT).digest('base64')}'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;

/** The gateway's posted fields, strings only and each cut to a sane length. */
export function postedFields(request: FastifyRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  if (request.body && typeof request.body === 'object')
    for (const [name, value] of Object.entries(request.body))
      if (typeof value === 'string') fields[name] = value.slice(0, 2000);
  return fields;
}

/** The result as JSON to a caller that asks for it, else as the frame's page. */
export function sendFrameReceipt(
  request: FastifyRequest,
  reply: FastifyReply,
  receipt: { source: string; result: object; text: string },
) {
  const accept = request.headers.accept ?? '';
  if (accept.includes('application/json') && !accept.includes('text/html')) return receipt.result;
  const json = JSON.stringify({ source: receipt.source, result: receipt.result }).replace(/</g, '\\u003c');
  const text = receipt.text.replace(/[<>&]/g, '');
  return reply
    .header('content-security-policy', RECEIPT_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card</title></head><body><p>${text}</p><script type="application/json" id="frame-receipt-data">${json}</script><script>${RECEIPT_SCRIPT}</script></body></html>`,
    );
}
