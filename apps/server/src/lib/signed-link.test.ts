import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signLink, verifyLink } from './signed-link.ts';

const secret = 'test-link-secret-0123456789';
const path = '/b2c-server/rest/policy/schedule/TSG26-0001234';
const issuedAt = new Date('2026-11-23T02:30:00Z');
const expiresAt = new Date('2026-12-23T02:30:00.750Z');
const expirySeconds = String(Math.floor(expiresAt.getTime() / 1000));

/** The query of a signed link as a route receives it: decoded values. */
function partsOf(link: string) {
  const url = new URL(link, 'https://sg.lionrock.example');
  return {
    path: url.pathname,
    subject: url.searchParams.get('s') ?? undefined,
    e: url.searchParams.get('e') ?? undefined,
    sig: url.searchParams.get('sig') ?? undefined,
  };
}

const link = () => signLink({ path, subject: 'applicant', expiresAt }, secret);

describe('signLink', () => {
  it('builds path?s=&e=&sig= with a base64url HMAC-SHA256 over "path|subject|e"', () => {
    const signed = link();
    const expected = createHmac('sha256', secret)
      .update(`${path}|applicant|${expirySeconds}`)
      .digest('base64url');
    expect(signed).toBe(`${path}?s=applicant&e=${expirySeconds}&sig=${expected}`);
    expect(expected).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('encodes the subject in the query and signs it as given', () => {
    const signed = signLink({ path, subject: 'agent AG1001&x=1', expiresAt }, secret);
    expect(signed).toContain('?s=agent%20AG1001%26x%3D1&');
    const parts = partsOf(signed);
    expect(parts.subject).toBe('agent AG1001&x=1');
    expect(verifyLink(parts, secret, issuedAt)).toEqual({ ok: true });
  });

  it('refuses what could make two links sign the same text, and a missing secret', () => {
    expect(() => signLink({ path: `${path}?x=1`, subject: 'a', expiresAt }, secret)).toThrow(TypeError);
    expect(() => signLink({ path: 'relative', subject: 'a', expiresAt }, secret)).toThrow(TypeError);
    expect(() => signLink({ path: '/a|b', subject: 'a', expiresAt }, secret)).toThrow(TypeError);
    expect(() => signLink({ path, subject: 'a|b', expiresAt }, secret)).toThrow(TypeError);
    expect(() => signLink({ path, subject: '', expiresAt }, secret)).toThrow(TypeError);
    expect(() => signLink({ path, subject: 'a', expiresAt: new Date(Number.NaN) }, secret)).toThrow(
      RangeError,
    );
    expect(() => signLink({ path, subject: 'a', expiresAt }, '')).toThrow(TypeError);
    expect(() => verifyLink(partsOf(link()), '', issuedAt)).toThrow(TypeError);
    expect(() => verifyLink(partsOf(link()), secret, new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('verifyLink', () => {
  it('accepts a link it signed, up to the second before its expiry', () => {
    const parts = partsOf(link());
    expect(parts.path).toBe(path);
    expect(verifyLink(parts, secret, issuedAt)).toEqual({ ok: true });
    expect(verifyLink(parts, secret, new Date(Number(expirySeconds) * 1000 - 1))).toEqual({ ok: true });
  });

  it('rejects an expired link', () => {
    const parts = partsOf(link());
    expect(verifyLink(parts, secret, new Date(Number(expirySeconds) * 1000))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyLink(parts, secret, new Date('2027-01-01T00:00:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('rejects a tampered subject, path, expiry or signature, and another secret', () => {
    const parts = partsOf(link());
    const bad = { ok: false, reason: 'bad-signature' };
    expect(verifyLink({ ...parts, subject: 'agent' }, secret, issuedAt)).toEqual(bad);
    expect(
      verifyLink({ ...parts, path: '/b2c-server/rest/policy/schedule/TSG26-0001235' }, secret, issuedAt),
    ).toEqual(bad);
    expect(verifyLink({ ...parts, e: String(Number(expirySeconds) + 86_400) }, secret, issuedAt)).toEqual(
      bad,
    );
    // A later expiry on an expired link is still a forgery, not an expired link.
    const late = new Date('2027-06-01T00:00:00Z');
    expect(verifyLink({ ...parts, e: String(late.getTime() / 1000 + 86_400) }, secret, late)).toEqual(bad);
    expect(verifyLink({ ...parts, e: `0${parts.e}` }, secret, issuedAt)).toEqual(bad);
    expect(verifyLink({ ...parts, e: '1e12' }, secret, issuedAt)).toEqual(bad);
    expect(verifyLink({ ...parts, e: '-1' }, secret, issuedAt)).toEqual(bad);
    const sig = parts.sig!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyLink({ ...parts, sig: flipped }, secret, issuedAt)).toEqual(bad);
    expect(verifyLink({ ...parts, sig: sig.slice(0, -1) }, secret, issuedAt)).toEqual(bad);
    expect(verifyLink({ ...parts, sig: `${sig}=` }, secret, issuedAt)).toEqual(bad);
    expect(verifyLink({ ...parts, sig: `${'€'.repeat(14)}a` }, secret, issuedAt)).toEqual(bad);
    expect(verifyLink(parts, `${secret}x`, issuedAt)).toEqual(bad);
    expect(verifyLink({ ...parts, subject: 'applicant|x' }, secret, issuedAt)).toEqual(bad);
  });

  it('reports missing parts', () => {
    const parts = partsOf(link());
    const missing = { ok: false, reason: 'missing' };
    expect(verifyLink({ ...parts, subject: undefined }, secret, issuedAt)).toEqual(missing);
    expect(verifyLink({ ...parts, e: undefined }, secret, issuedAt)).toEqual(missing);
    expect(verifyLink({ ...parts, sig: undefined }, secret, issuedAt)).toEqual(missing);
    expect(verifyLink({ ...parts, sig: '' }, secret, issuedAt)).toEqual(missing);
    expect(verifyLink({ path, subject: undefined, e: undefined, sig: undefined }, secret, issuedAt)).toEqual(
      missing,
    );
  });
});
