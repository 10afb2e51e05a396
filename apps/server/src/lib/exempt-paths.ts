/**
 * Calls that do not carry `Session-Name` (design section 5), listed in this one place: health and
 * readiness, metrics, API docs, the payment-lifecycle log, the gateway receipt and notification
 * callbacks, document and image downloads.
 */
const EXEMPT_EXACT = new Set([
  '/healthz',
  '/readyz',
  '/metrics',
  '/b2c-server/rest/policy/logPaymentLifeCycle',
  '/b2c-server/rest/payment/receipt',
  '/b2c-server/rest/payment/receipt.js',
  '/b2c-server/rest/payNow/notify',
  '/b2c-server/rest/my-policy/renewal-card/receipt',
  '/b2c-server/rest/my-policy/insured-address/receipt',
  // navigator.sendBeacon sends no custom header (decision 090).
  '/b2c-server/rest/funnel/quote-form',
]);

const EXEMPT_PREFIXES = [
  '/b2c-server/docs',
  '/b2c-server/rest/document/get/',
  '/b2c-server/rest/campaign/getCampaignImageById/',
  '/b2c-server/rest/policy/schedule/',
  '/b2c-server/rest/renewal/turn-off',
];

/** True when a request to `path` (no query string) must carry the Session-Name header. */
export function requiresSessionName(path: string): boolean {
  if (!path.startsWith('/b2c-server/')) return false;
  if (EXEMPT_EXACT.has(path)) return false;
  return !EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** A generated id: letters, digits and - _ . : only, 8 to 128 characters. */
export const SESSION_NAME_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
