import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { TConfig } from '../config.ts';

type TInterfaces = ReturnType<typeof networkInterfaces>;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);

function hostPart(address: string): string {
  return address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
}

/**
 * Every origin the shop answers customers on (decision 036): `PUBLIC_URL`'s, and `http://<address>:PORT`
 * for each address the server listens on (`HOST`: loopback names, one address, or every interface's
 * address when it listens on all). Only these may be named as the gateway's and receipt page's origin:
 * a Host header can pick among them, never add one, so it cannot send card data anywhere else.
 */
export function shopOrigins(
  config: Pick<TConfig, 'publicUrl' | 'host' | 'port'>,
  interfaces: TInterfaces = networkInterfaces(),
): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  const hosts = new Set<string>();
  const listen = config.host.trim();
  if (ANY_ADDRESS.has(listen)) {
    for (const host of LOOPBACK_HOSTS) hosts.add(host);
    for (const list of Object.values(interfaces))
      for (const entry of list ?? [])
        if (!entry.address.startsWith('fe80:')) hosts.add(hostPart(entry.address));
  } else if (listen === 'localhost') {
    // Fastify listens on every address `localhost` resolves to: both loopback addresses.
    for (const host of LOOPBACK_HOSTS) hosts.add(host);
  } else if (listen === '::1' || listen === '[::1]' || listen.startsWith('127.')) {
    // One loopback address: that one, and the name a browser resolves to it; not the other family's.
    hosts.add('localhost');
    hosts.add(hostPart(listen));
  } else {
    hosts.add(hostPart(listen));
  }
  for (const host of hosts) {
    try {
      origins.add(new URL(`http://${host}:${config.port}`).origin);
    } catch {
      // Not an address a URL can carry: not an origin a customer can use either.
    }
  }
  return origins;
}

/**
 * The origin the customer's page is on, when it is one of the shop's own (the browser's `Origin`
 * header of the call, else the request's scheme and host); otherwise `PUBLIC_URL`'s origin.
 */
export function customerOrigin(
  config: Pick<TConfig, 'publicUrl' | 'host' | 'port'>,
  request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>,
  interfaces?: TInterfaces,
): string {
  const fallback = new URL(config.publicUrl).origin;
  const header = request.headers.origin;
  let claimed: string | undefined;
  try {
    claimed =
      typeof header === 'string' && header !== 'null'
        ? new URL(header).origin
        : new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return fallback;
  }
  return shopOrigins(config, interfaces).has(claimed) ? claimed : fallback;
}
