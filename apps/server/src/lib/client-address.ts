import { AsyncLocalStorage } from 'node:async_hooks';
import { isIPv6 } from 'node:net';

/**
 * Who a per-client limit counts: the request's address as Fastify resolves it (X-Forwarded-For only
 * from TRUSTED_PROXIES, decision 027). One IPv6 host is usually given a whole /64, so an IPv6 client
 * is its /64: rotating through one's own addresses does not give a fresh limit.
 */
export function clientKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const middle = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
  return [...left, ...middle, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

const current = new AsyncLocalStorage<string>();

/**
 * The client of the request being answered, for the limits kept below the routes (a promo code is
 * checked in the campaign service and in pricing, whichever call brought it). Undefined outside a request.
 */
export function currentClient(): string | undefined {
  return current.getStore();
}

/** Runs `next` (the rest of the request: later hooks and the handler) as `client`'s. */
export function runAsClient(client: string, next: () => void): void {
  current.run(client, next);
}
