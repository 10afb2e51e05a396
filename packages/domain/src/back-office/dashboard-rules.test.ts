import { describe, expect, it } from 'vitest';
import { channelOf } from './dashboard-rules.ts';

describe('channelOf (decision 084)', () => {
  const defaults = new Set(['DEFAULT', 'DEFAULTHK']);
  it('names no agent and a default agent direct, a real agent agent', () => {
    expect(channelOf(null, defaults)).toBe('direct');
    expect(channelOf('  ', defaults)).toBe('direct');
    expect(channelOf('DEFAULTHK', defaults)).toBe('direct');
    expect(channelOf('AG1001', defaults)).toBe('agent');
  });
});

describe('the funnel visit counts (decision 090)', () => {
  it('counts the bare landing and its partner paths, never a later page', async () => {
    const { landingDocumentProduct } = await import('./dashboard-rules.ts');
    expect(landingDocumentProduct('/travel')).toBe('PTR');
    expect(landingDocumentProduct('/travel/')).toBe('PTR');
    expect(landingDocumentProduct('/pa/partner/AG1001/sub/S1/lang/zh')).toBe('PAN');
    expect(landingDocumentProduct('/home/campaign/SPRING')).toBe('PHM');
    expect(landingDocumentProduct('/travel/quote')).toBeNull();
    expect(landingDocumentProduct('/travel/partner')).toBeNull();
    expect(landingDocumentProduct('/pa/occupation')).toBeNull();
    expect(landingDocumentProduct('/home/link/abcdefghijklmnop')).toBeNull();
    expect(landingDocumentProduct('/my-policy')).toBeNull();
    expect(landingDocumentProduct('/')).toBeNull();
  });
  it('takes crawlers, scripted clients and a missing user agent for bots', async () => {
    const { isBotUserAgent } = await import('./dashboard-rules.ts');
    expect(isBotUserAgent(undefined)).toBe(true);
    expect(isBotUserAgent(' ')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(isBotUserAgent('curl/8.5.0')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (compatible; Lighthouse)')).toBe(true);
    expect(
      isBotUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      ),
    ).toBe(false);
  });
});
