import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { parseLandingPath } from '../travel/landing-path.ts';
import {
  bannerCampaignLink,
  isBannerOfferInForce,
  type TBannerCampaign,
  type TBannerOffer,
} from './banner-rules.ts';

const TODAY = localDate(2026, 12, 1);
const AT = new Date('2026-12-01T04:00:00Z');

const HKPA20: TBannerCampaign = {
  status: 'ACTIVE',
  productCode: 'PAN',
  country: 'HKG',
  startDate: '2026-01-01',
  endDate: '2027-12-31',
  promoCodeRequired: false,
  promoCodeReusability: 'REUSABLE',
};
const BANNER: TBannerOffer = { country: 'HKG', product: 'PAN', campaignCode: 'HKPA20', promoCode: null };

describe('a banner states only an offer the shop gives (decision 130)', () => {
  it('shows a banner that names no campaign', () => {
    expect(isBannerOfferInForce({ ...BANNER, campaignCode: null }, undefined, TODAY, AT)).toBe(true);
  });

  it.each([
    ['its campaign runs today', HKPA20, true],
    ['its campaign is not known', undefined, false],
    ['its campaign has ended', { ...HKPA20, endDate: '2026-11-30' }, false],
    ['its campaign has not started', { ...HKPA20, startDate: '2026-12-02' }, false],
    ['its campaign is paused', { ...HKPA20, status: 'INACTIVE' }, false],
    ['its campaign is of another product', { ...HKPA20, productCode: 'PTR' }, false],
    ['its campaign is of another market', { ...HKPA20, country: 'SGP' }, false],
    ['its campaign needs a code the banner does not give', { ...HKPA20, promoCodeRequired: true }, false],
  ] as const)('a campaign banner is shown only while %s', (_why, campaign, shown) => {
    expect(isBannerOfferInForce(BANNER, campaign, TODAY, AT)).toBe(shown);
  });

  it.each([
    ['a reusable code of the campaign', { status: 'AVAILABLE', reservedUntil: null }, 'REUSABLE', true],
    ['a single-use code still free', { status: 'AVAILABLE', reservedUntil: null }, 'SINGLE_USE', true],
    ['a single-use code already used', { status: 'USED', reservedUntil: null }, 'SINGLE_USE', false],
    ['a code the campaign does not hold', undefined, 'REUSABLE', false],
  ] as const)('a banner that hands out %s is shown: %s', (_what, promo, reusability, shown) => {
    const campaign = { ...HKPA20, promoCodeRequired: true, promoCodeReusability: reusability, promo };
    expect(isBannerOfferInForce({ ...BANNER, promoCode: 'PA2026' }, campaign, TODAY, AT)).toBe(shown);
  });

  it('links to the landing that obtains the campaign, in the market and language of the page', () => {
    expect(bannerCampaignLink({ ...BANNER, campaignCode: 'HKPA20' }, 'zh')).toBe(
      '/pa/campaign/HKPA20/lang/zh?country=HKG',
    );
    const travel = {
      country: 'SGP',
      product: 'PTR',
      campaignCode: 'YEAREND',
      promoCode: 'YEAREND25',
    } as const;
    const link = bannerCampaignLink(travel, 'en');
    expect(link).toBe('/travel/campaign/YEAREND/promo/YEAREND25');
    // The landing reads back the campaign and the code the banner gave.
    expect(parseLandingPath(link, { get: () => null })).toMatchObject({
      campaign: 'YEAREND',
      promo: 'YEAREND25',
      country: 'SGP',
    });
    const [pathname = '', query] = bannerCampaignLink({ ...BANNER, campaignCode: 'HKPA20' }, 'zh').split('?');
    expect(query).toBe('country=HKG');
    expect(parseLandingPath(pathname, { get: (name) => (name === 'country' ? 'HKG' : null) })).toMatchObject({
      campaign: 'HKPA20',
      lang: 'zh',
      country: 'HKG',
    });
    expect(
      bannerCampaignLink({ country: 'SGP', product: 'PHM', campaignCode: 'HOMESAFE', promoCode: null }, 'en'),
    ).toBe('/home/campaign/HOMESAFE');
  });
});
