import type { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentSecurityPolicy, helmetOptions } from '../plugins/security.ts';
import { customerOrigin, shopOrigins } from './shop-origins.ts';

const LAN = {
  lo: [{ address: '127.0.0.1', family: 'IPv4' }],
  eth0: [
    { address: '192.168.1.23', family: 'IPv4' },
    { address: 'fe80::1', family: 'IPv6' },
    { address: '2001:db8::5', family: 'IPv6' },
  ],
} as unknown as ReturnType<typeof networkInterfaces>;

const config = (env: Record<string, string> = {}) => loadConfig({ LOG_LEVEL: 'silent', ...env });
const request = (headers: Record<string, string>, host = 'localhost:3000') => ({
  headers,
  protocol: 'http' as const,
  host,
});

describe('the shop’s origins (decision 036)', () => {
  it('listens on loopback unless told otherwise, and answers on each loopback name', () => {
    expect(config().host).toBe('localhost');
    expect([...shopOrigins(config(), LAN)].sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
  });

  it('names only the loopback address it listens on, and localhost, for a HOST of one address', () => {
    expect([...shopOrigins(config({ HOST: '127.0.0.1' }), LAN)].sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
    ]);
    expect([...shopOrigins(config({ HOST: '::1' }), LAN)].sort()).toEqual([
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
  });

  it('adds every interface’s address (not link-local) when HOST is every interface', () => {
    expect([...shopOrigins(config({ HOST: '0.0.0.0', PORT: '8080' }), LAN)].sort()).toEqual([
      'http://127.0.0.1:8080',
      'http://192.168.1.23:8080',
      'http://[2001:db8::5]:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
    ]);
  });

  it('keeps PUBLIC_URL’s origin, whatever the listening address', () => {
    const behindProxy = config({ HOST: '10.0.0.5', PUBLIC_URL: 'https://shop.lionrock.example' });
    expect([...shopOrigins(behindProxy, LAN)].sort()).toEqual([
      'http://10.0.0.5:3000',
      'https://shop.lionrock.example',
    ]);
  });

  it('takes the customer’s origin only when it is one of the shop’s', () => {
    const lan = config({ HOST: '0.0.0.0' });
    expect(customerOrigin(lan, request({ origin: 'http://192.168.1.23:3000' }), LAN)).toBe(
      'http://192.168.1.23:3000',
    );
    expect(customerOrigin(lan, request({}, '127.0.0.1:3000'), LAN)).toBe('http://127.0.0.1:3000');
    // Forged: another origin, another port, a Host the shop does not answer on, garbage.
    expect(customerOrigin(lan, request({ origin: 'https://attacker.example' }), LAN)).toBe(
      'http://localhost:3000',
    );
    expect(customerOrigin(lan, request({ origin: 'http://192.168.1.23:4444' }), LAN)).toBe(
      'http://localhost:3000',
    );
    expect(customerOrigin(lan, request({}, 'attacker.example'), LAN)).toBe('http://localhost:3000');
    expect(customerOrigin(lan, request({}, 'bad host:x'), LAN)).toBe('http://localhost:3000');
  });
});

describe('the documents’ policy names a configured gateway (decision 036)', () => {
  const gateway = 'https://testsecureacceptance.cybersource.com/silent/pay';
  const card = (market: string) => ({
    [`CARD_GATEWAY_URL_${market}`]: gateway,
    [`CARD_PROFILE_ID_${market}`]: 'p',
    [`CARD_ACCESS_KEY_${market}`]: 'a',
    [`CARD_SECRET_KEY_${market}`]: 's',
    [`CARD_REST_URL_${market}`]: 'https://apitest.cybersource.com',
    [`CARD_MERCHANT_ID_${market}`]: 'm',
    [`CARD_REST_KEY_ID_${market}`]: 'k',
    [`CARD_REST_SECRET_${market}`]: 'r',
  });

  it('form-action and frame-src carry its origin beside self; the built-in gateway needs only self', () => {
    const configured = contentSecurityPolicy(helmetOptions(config(card('SGP')), { nonce: true }));
    expect(configured).toContain("form-action 'self' https://testsecureacceptance.cybersource.com");
    expect(configured).toContain("frame-src 'self' https://testsecureacceptance.cybersource.com");
    const builtIn = contentSecurityPolicy(helmetOptions(config(), { nonce: true }));
    expect(builtIn).toContain("form-action 'self';");
  });
});
