import { readFileSync } from 'node:fs';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildHomePolicy, buildPaPolicy, buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { banners, campaigns } from '../src/db/schema.ts';
import { hongKongPaPolicy } from './helpers/hong-kong-pa-policy.ts';
import { buildTestApp, postRest, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

type TSeededBanner = {
  code: string;
  country: 'SGP' | 'HKG';
  product: 'PTR' | 'PAN' | 'PHM';
  titleEn: string;
  contentEn: string;
  titleZh: string;
  contentZh: string;
  url: string | null;
  campaignCode?: string;
  promoCode?: string;
};
type TServedBanner = { id: number; title: string; content: string; url: string | null };
type TWireItem = { planName: string; premiumWithoutDiscount: number; campaignDiscount: number };

const SEEDED = JSON.parse(
  readFileSync(new URL('../src/db/seed/banners.json', import.meta.url), 'utf8'),
) as TSeededBanner[];

/** What a banner says that only a campaign can give: a discount, a voucher, an amount off. */
const OFFER = /\d+\s*%|\boff\b|voucher|\bsave\b|折|減|减|禮券|礼券|優惠|优惠/i;

// Every seeded campaign a banner names runs on this day (YEAREND: 1 November 2026 to 31 January 2027).
const DAY = localDate(2026, 12, 1);
const NOW = new Date('2026-12-01T04:00:00Z');

/** A quote of the banner's product and market, as its landing sends it. */
function quoteOf(banner: TSeededBanner): TPolicyInput {
  if (banner.product === 'PAN')
    return banner.country === 'HKG' ? hongKongPaPolicy(DAY) : buildPaPolicy(DAY, { country: 'SGP' });
  if (banner.product === 'PHM') return buildHomePolicy(DAY, { country: banner.country });
  const travel = buildTravelPolicy(DAY, { country: banner.country });
  // In Hong Kong an annual plan: its premium is above the HK$380 minimum, which no discount goes under.
  return banner.country === 'HKG'
    ? { ...travel, policyTravel: { ...travel.policyTravel!, paPolicyType: 'A' } }
    : travel;
}

const itemsOf = (answer: Record<string, { premiumItems?: TWireItem[] } | undefined>): TWireItem[] =>
  answer.policyTravel?.premiumItems ??
  answer.policyPAN?.premiumItems ??
  answer.policyHome?.premiumItems ??
  [];

/**
 * Every banner the shop shows states only what it gives (issue 29, decision 130): a banner that offers a
 * discount or a gift names its campaign; it is shown only while that campaign runs; and its Read More is
 * the shop's link that prices under that campaign, with the discount and the gift the banner states.
 */
describeEachDriver('banners tied to live campaigns', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let clock = NOW;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const served = async (banner: Pick<TSeededBanner, 'country' | 'product'>, lang: 'en' | 'zh' = 'en') => {
    const answer = await app.inject({
      url: `/b2c-server/rest/system/getBanners?country=${banner.country}&product=${banner.product}&lang=${lang}`,
      headers: { 'session-name': SESSION },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json() as TServedBanner[];
  };
  const servedOne = async (banner: TSeededBanner, lang: 'en' | 'zh' = 'en') =>
    (await served(banner, lang)).find(
      (shown) => shown.title === (lang === 'en' ? banner.titleEn : banner.titleZh),
    );

  it('names a campaign on every seeded banner that offers something', () => {
    for (const banner of SEEDED) {
      const offers = [banner.titleEn, banner.contentEn, banner.titleZh, banner.contentZh].some((text) =>
        OFFER.test(text),
      );
      if (offers) expect(banner.campaignCode, `${banner.code} states an offer`).toBeTruthy();
      // A price is no banner's to state: prices come from the rates in force (the landings' "from" price).
      expect(`${banner.titleEn} ${banner.contentEn}`, banner.code).not.toMatch(
        /(S|HK)\$\s?\d+(\.\d+)?\s+a\s+(month|year)/i,
      );
    }
  });

  it.each(SEEDED.map((banner) => [banner.code, banner] as const))(
    'shows %s now, and its campaign is live and obtainable from its link',
    async (_code, banner) => {
      const shown = await servedOne(banner);
      expect(shown, `${banner.code} is shown`).toBeDefined();
      if (!banner.campaignCode) return;
      // Read More is the shop's own link to the campaign, in the market (and language) of the page.
      expect(shown!.url).toMatch(/^\/(travel|pa|home)\//);
      const link = new URL(shown!.url!, 'https://shop.example');
      const params = parseLandingPath(link.pathname, link.searchParams);
      expect(params).toMatchObject({ campaign: banner.campaignCode, country: banner.country });
      if (banner.promoCode) expect(params.promo).toBe(banner.promoCode);
      const chinese = await servedOne(banner, 'zh');
      expect(chinese?.url).toContain('/lang/zh');

      // The link's campaign prices the banner's product: every plan carries the campaign's discount.
      const answer = await postRest(app, 'policy/multirate', {
        ...quoteOf(banner),
        campaign: { campaignCode: params.campaign },
        ...(params.promo ? { promo: params.promo } : {}),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const policy = answer.json();
      expect(policy.errorMessage ?? '').toBe('');
      expect(policy.campaign?.campaignCode).toBe(banner.campaignCode);
      const items = itemsOf(policy);
      expect(items.length).toBeGreaterThan(0);
      const percent = /(\d+)%/.exec(`${banner.titleEn} ${banner.contentEn}`)?.[1];
      if (percent)
        expect(
          items.some(
            (item) =>
              Math.abs(item.campaignDiscount - (item.premiumWithoutDiscount * Number(percent)) / 100) <= 0.01,
          ),
          `${banner.code}: ${percent}% off`,
        ).toBe(true);
      else expect(items.every((item) => item.campaignDiscount > 0)).toBe(true);
      // A gift the banner names comes with the policy.
      const voucher = /HK\$(\d+) supermarket voucher/.exec(`${banner.titleEn} ${banner.contentEn}`)?.[1];
      if (voucher) expect(Number(policy.campaignVoucher?.amount)).toBe(Number(voucher));
    },
  );

  it('stops showing a campaign banner once its campaign ends, is paused, or its code is gone', async () => {
    const yearEnd = SEEDED.find((banner) => banner.code === 'SGP-PTR-YEAREND')!;
    const hkpa = SEEDED.find((banner) => banner.code === 'HKG-PAN-HKPA20')!;
    // YEAREND ends on 31 January 2027: from 1 February it is not offered.
    clock = new Date('2027-02-01T04:00:00Z');
    try {
      expect(await servedOne(yearEnd)).toBeUndefined();
      // The banners that name no campaign stay.
      expect((await served(yearEnd)).length).toBeGreaterThan(0);
    } finally {
      clock = NOW;
    }
    expect(await servedOne(yearEnd)).toBeDefined();

    // Paused by marketing: the banner goes at once (the campaigns table's change drops the cache).
    const paused = and(eq(campaigns.campaignCode, 'HKPA20'), eq(campaigns.country, 'HKG'));
    await database.db.update(campaigns).set({ status: 'INACTIVE' }).where(paused);
    try {
      await expect.poll(async () => servedOne(hkpa), { timeout: 5000, interval: 100 }).toBeUndefined();
    } finally {
      await database.db.update(campaigns).set({ status: 'ACTIVE' }).where(paused);
    }
    await expect.poll(async () => servedOne(hkpa), { timeout: 5000, interval: 100 }).toBeDefined();

    // A banner whose code the campaign does not hold gives nothing: it is not shown.
    await database.db.update(banners).set({ promoCode: 'NOSUCHCODE' }).where(eq(banners.code, yearEnd.code));
    try {
      await expect.poll(async () => servedOne(yearEnd), { timeout: 5000, interval: 100 }).toBeUndefined();
    } finally {
      await database.db.update(banners).set({ promoCode: 'YEAREND25' }).where(eq(banners.code, yearEnd.code));
    }
  });
});
