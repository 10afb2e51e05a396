import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-address.ts';

describe('clientKeyOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:198.51.100.1', '198.51.100.1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientKeyOf(ip)).toBe(key);
  });

  it('gives every address of one IPv6 /64 the same key, and the next /64 another', () => {
    const keys = ['2001:db8:a:b::1', '2001:db8:a:b:1::', '2001:db8:a:b:dead:beef:0:1'].map(clientKeyOf);
    expect(new Set(keys).size).toBe(1);
    expect(clientKeyOf('2001:db8:a:c::1')).not.toBe(keys[0]);
  });
});
