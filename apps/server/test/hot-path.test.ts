// What decision 092 changed on the hot calls, and what it must not have changed: campaigns read from
// memory yet current, promo codes read live, small answers sent uncompressed and large ones compressed,
// the security headers on every answer (early refusals included), and answers written as the schema says.
import { todayIn } from '@lionrock/domain/dates/local-date';
import { ZCampaignSchema } from '@lionrock/domain/schemas/campaign-agent-schema';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPRESS_THRESHOLD } from '../src/app.ts';
import { campaigns } from '../src/db/schema.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

describeEachDriver('the hot calls (decision 092)', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const headers = { 'session-name': SESSION };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const getCampaign = (payload: object) =>
    app.inject({ method: 'POST', url: '/b2c-server/rest/campaign/getCampaign', headers, payload });

  it('getCampaign reads campaigns from memory, yet a change in the database shows on the next calls', async () => {
    const first = await getCampaign({
      country: 'SGP',
      productType: 'PTR',
      campaign: { campaignCode: 'yearend' },
    });
    expect(first.json()).toMatchObject({ campaignCode: 'YEAREND', status: 'ACTIVE' });
    await database.db.execute(
      sql`update campaigns set marketing_message = 'Changed under the cache', status = 'INACTIVE' where campaign_code = 'YEAREND' and country = 'SGP' and product_code = 'PTR'`,
    );
    try {
      // On PostgreSQL the change arrives by LISTEN/NOTIFY, a moment after the commit.
      await expect
        .poll(
          async () =>
            (
              await getCampaign({ country: 'SGP', productType: 'PTR', campaign: { campaignCode: 'YEAREND' } })
            ).json().campaignCode,
          { timeout: 3000 },
        )
        .toBe('');
    } finally {
      await database.db.execute(
        sql`update campaigns set marketing_message = null, status = 'ACTIVE' where campaign_code = 'YEAREND' and country = 'SGP' and product_code = 'PTR'`,
      );
    }
    await expect
      .poll(
        async () =>
          (
            await getCampaign({ country: 'SGP', productType: 'PTR', campaign: { campaignCode: 'YEAREND' } })
          ).json().status,
        { timeout: 3000 },
      )
      .toBe('ACTIVE');
  });

  it('getCampaign reads a promo code’s state now: a single-use code used a moment ago is no longer valid', async () => {
    const payload = {
      country: 'SGP',
      productType: 'PTR',
      campaign: { campaignCode: 'VIP1USE' },
      promo: 'vipa1b2c3',
    };
    expect((await getCampaign(payload)).json()).toMatchObject({
      campaignCode: 'VIP1USE',
      validPromoCode: 'Y',
      promoCode: 'VIPA1B2C3',
    });
    // No notification for promo codes: the very next call must see it (no poll).
    await database.db.execute(
      sql`update promo_codes set status = 'USED', used_at = now() where code = 'VIPA1B2C3'`,
    );
    expect((await getCampaign(payload)).json()).toMatchObject({
      campaignCode: 'VIP1USE',
      validPromoCode: 'N',
    });
    // Held for a payment window that has passed: free again.
    await database.db.execute(
      sql`update promo_codes set status = 'RESERVED', reserved_until = now() - interval '1 minute', used_at = null where code = 'VIPA1B2C3'`,
    );
    expect((await getCampaign(payload)).json()).toMatchObject({ validPromoCode: 'Y' });
    await database.db.execute(
      sql`update promo_codes set reserved_until = now() + interval '10 minutes' where code = 'VIPA1B2C3'`,
    );
    expect((await getCampaign(payload)).json()).toMatchObject({ validPromoCode: 'N' });
    await database.db.execute(
      sql`update promo_codes set status = 'AVAILABLE', reserved_until = null where code = 'VIPA1B2C3'`,
    );
  });

  it('getCampaign keeps who owns a reusable code, yet a code removed, added or moved shows on the next calls (decision 097)', async () => {
    const payload = (promo: string) => ({
      country: 'SGP',
      productType: 'PTR',
      campaign: { campaignCode: 'YEAREND' },
      promo,
    });
    const validity = async (promo: string) => (await getCampaign(payload(promo))).json().validPromoCode;
    expect(await validity('yearend25')).toBe('Y');
    // Unknown codes are kept too: a code uploaded after a customer tried it must still be found.
    expect(await validity('LATECOMER')).toBe('N');
    const [yearEnd] = await database.db
      .select({ campaign_id: campaigns.campaignId })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.campaignCode, 'YEAREND'),
          eq(campaigns.country, 'SGP'),
          eq(campaigns.productCode, 'PTR'),
        ),
      );
    await database.db.execute(
      sql`insert into promo_codes (campaign_id, code) values (${yearEnd!.campaign_id}, 'LATECOMER')`,
    );
    await database.db.execute(sql`delete from promo_codes where code = 'YEAREND25'`);
    try {
      // On PostgreSQL the change arrives by LISTEN/NOTIFY, a moment after the commit.
      await expect.poll(() => validity('latecomer'), { timeout: 3000 }).toBe('Y');
      await expect.poll(() => validity('yearend25'), { timeout: 3000 }).toBe('N');
      // Moved to a campaign of another market: no longer this campaign's code.
      await database.db.execute(
        sql`update promo_codes set campaign_id = (select campaign_id from campaigns where country = 'HKG' and product_code = 'PTR' order by campaign_id limit 1) where code = 'LATECOMER'`,
      );
      await expect.poll(() => validity('latecomer'), { timeout: 3000 }).toBe('N');
      // A campaign whose codes become single-use: each code's own state decides, read now.
      await database.db.execute(
        sql`update promo_codes set campaign_id = ${yearEnd!.campaign_id}, status = 'USED' where code = 'LATECOMER'`,
      );
      await expect.poll(() => validity('latecomer'), { timeout: 3000 }).toBe('Y');
      await database.db.execute(
        sql`update campaigns set promo_code_reusability = 'SINGLE_USE' where campaign_id = ${yearEnd!.campaign_id}`,
      );
      await expect.poll(() => validity('latecomer'), { timeout: 3000 }).toBe('N');
      await database.db.execute(sql`update promo_codes set status = 'AVAILABLE' where code = 'LATECOMER'`);
      // No notification for a code's state: the very next call must see it (no poll).
      expect(await validity('latecomer')).toBe('Y');
    } finally {
      await database.db.execute(
        sql`update campaigns set promo_code_reusability = 'REUSABLE' where campaign_id = ${yearEnd!.campaign_id}`,
      );
      await database.db.execute(sql`delete from promo_codes where code = 'LATECOMER'`);
      await database.db.execute(
        sql`insert into promo_codes (campaign_id, code) values (${yearEnd!.campaign_id}, 'YEAREND25')`,
      );
    }
    await expect.poll(() => validity('yearend25'), { timeout: 3000 }).toBe('Y');
  });

  it('getCampaign finds the campaign of a code typed under another link, and answers as its schema says', async () => {
    const answer = await getCampaign({
      country: 'SGP',
      productType: 'PTR',
      campaign: { campaignCode: 'B2CC00' },
      promo: 'YEAREND25',
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ campaignCode: 'YEAREND', promoCode: 'YEAREND25', validPromoCode: 'Y' });
    // Written without a schema pass: exactly the schema's fields, nothing more (the row's image stays out).
    expect(ZCampaignSchema.strict().safeParse(body).success).toBe(true);
    const none = (await getCampaign({ country: 'SGP', productType: 'PTR', promo: 'NOPE' })).json();
    expect(ZCampaignSchema.strict().safeParse(none).success).toBe(true);
    // A wrong code under the direct campaign: that campaign, and N.
    expect(none).toMatchObject({ campaignCode: 'B2CC00', promoCode: 'NOPE', validPromoCode: 'N' });
  });

  it('getBanners answers exactly its schema’s fields', async () => {
    const answer = await app.inject({
      url: '/b2c-server/rest/system/getBanners?country=SGP&product=PTR',
      headers,
    });
    expect(answer.statusCode).toBe(200);
    const banners = answer.json();
    expect(banners.length).toBeGreaterThan(0);
    const ZBanner = z
      .object({ id: z.number(), title: z.string(), content: z.string(), url: z.string().nullable() })
      .strict();
    expect(z.array(ZBanner).safeParse(banners).success).toBe(true);
  });

  it('sends answers under the threshold uncompressed and larger ones compressed', async () => {
    const policy = buildTravelPolicy(todayIn('Asia/Singapore', new Date()));
    const quote = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/multirate',
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
      payload: policy,
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.headers['content-encoding']).toBeUndefined();
    expect(quote.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(ZPolicySchema.safeParse(quote.json()).success).toBe(true);
    const document = await app.inject({ url: '/b2c-server/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-encoding']).toBe('br');
  });

  it('sets the security headers on every answer, a refusal from a hook included', async () => {
    const answers = [
      await app.inject({ url: '/healthz' }),
      await app.inject({ url: '/b2c-server/rest/system/getBanners?country=SGP' }),
      await app.inject({ url: '/b2c-server/rest/system/getBanners?country=XXX', headers }),
      await app.inject({ url: '/no/such/page' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 400, 404]);
    expect(answers[1]!.json()).toMatchObject({ field: 'Session-Name' });
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBeDefined();
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});
