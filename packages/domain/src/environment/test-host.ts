/**
 * Test-only features (test-environment banner, PayNow simulate link) show on dev, sys, uat and
 * localhost hosts (travel-flow section 2 and pa-home-payments section 9).
 */
export function isTestHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  ) {
    return true;
  }
  const firstLabel = host.split('.')[0] ?? '';
  return /(^|-)(dev|sys|uat)(\d*)($|-)/.test(firstLabel);
}
