import { describe, expect, it } from 'vitest';
import { buildProductLink, parseLandingPath } from './landing-path.ts';

// A plain query reader: the domain is compiled without DOM or Node types.
const q = (search: string) => {
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]);
  const values = new Map(pairs);
  return { get: (name: string) => values.get(name) ?? null };
};

describe('landing path (travel-flow section 2)', () => {
  it('reads every named segment in any order, with utm and country', () => {
    expect(
      parseLandingPath(
        '/travel/partner/AG1001/sub/S01/campaign/YEAREND/affiliation/HFA/promotion/HARBOUR10/catalogueCode/TRV-SG/lang/tc/promo/YEAREND25',
        q('?utm_source=news&utm_medium=email&utm_campaign=dec&country=HKG'),
      ),
    ).toEqual({
      partner: 'AG1001',
      subAgent: 'S01',
      campaign: 'YEAREND',
      affiliation: 'HFA',
      promotion: 'HARBOUR10',
      catalogueCode: 'TRV-SG',
      lang: 'zh',
      promo: 'YEAREND25',
      utmSource: 'news',
      utmMedium: 'email',
      utmCampaign: 'dec',
      country: 'HKG',
    });
  });

  it('ignores an identifier that is itself a segment name, and junk', () => {
    expect(parseLandingPath('/travel/partner/campaign/YEAREND', q(''))).toEqual({
      campaign: 'YEAREND',
      country: 'SGP',
    });
    expect(parseLandingPath('/travel/partner/quote', q(''))).toEqual({ country: 'SGP' });
    expect(parseLandingPath('/travel/partner/%3Cscript%3E/lang', q(''))).toEqual({ country: 'SGP' });
    expect(parseLandingPath('/travel/partner/%E0%A4%A', q(''))).toEqual({ country: 'SGP' });
    expect(parseLandingPath('/travel/unknown/AG1001', q(''), 'hk-shop.lionrock.example')).toEqual({
      country: 'HKG',
    });
  });

  it('keeps the partner on the other packages', () => {
    expect(buildProductLink('pa', 'AG1001')).toBe('/pa/partner/AG1001');
    expect(buildProductLink('home', undefined)).toBe('/home');
    // Decision 059: the language, market and sub-agent travel with the link, and read back the same.
    const link = buildProductLink('home', 'HK2001', { subAgent: 'S01', lang: 'zh', country: 'HKG' });
    expect(link).toBe('/home/partner/HK2001/sub/S01/lang/zh?country=HKG');
    const [pathname, query] = link.split('?');
    const reader = { get: (name: string) => (query === `${name}=HKG` ? 'HKG' : null) };
    expect(parseLandingPath(pathname!, reader)).toMatchObject({
      partner: 'HK2001',
      subAgent: 'S01',
      lang: 'zh',
      country: 'HKG',
    });
    expect(buildProductLink('pa', undefined, { lang: 'en', country: 'SGP' })).toBe('/pa');
    expect(buildProductLink('pa', undefined, { lang: 'zh', country: 'SGP' })).toBe('/pa/lang/zh');
    // Decision 061: the sub-agent, language and market go with the partner to the other product.
    expect(buildProductLink('travel', 'HK2001', { subAgent: 'S1', lang: 'zh', country: 'HKG' })).toBe(
      '/travel/partner/HK2001/sub/S1/lang/zh?country=HKG',
    );
    expect(buildProductLink('pa', undefined, { subAgent: 'S1', lang: 'en', country: 'SGP' })).toBe('/pa');
    const back = parseLandingPath('/pa/partner/HK2001/sub/S1/lang/zh', q('country=HKG'));
    expect(back).toMatchObject({ partner: 'HK2001', subAgent: 'S1', lang: 'zh', country: 'HKG' });
  });
});
