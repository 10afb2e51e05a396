import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, promoCodes } from '../src/db/schema.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buyTravelPolicy } from './helpers/purchase.ts';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const CAMPAIGNS = `${BACK_OFFICE}/admin/campaigns`;
const today = localDate(2026, 11, 25);

const SPRING = {
  campaignCode: 'SPRING27',
  campaignName: 'Spring single-use codes',
  status: 'ACTIVE',
  productCode: 'PTR',
  country: 'SGP',
  startDate: '2026-11-01',
  endDate: '2027-03-31',
  marketingMessage: 'Spring: 20% off with your code',
  marketingMessageCn: '春季优惠码八折',
  promoCodeRequired: true,
  promoCodeReusability: 'SINGLE_USE',
  promoCodeDescription: 'The code from your letter',
  promoCodeDescriptionCn: '信中的优惠码',
  discountType: 'PERCENT',
  discountValue: 2000,
  termsConditionsEn: 'One code per policy; each code once.',
  termsConditionsCn: '每份保单限用一个优惠码，每个优惠码限用一次。',
  voucherCents: null,
};

/**
 * Marketing's campaigns and promo codes (issue 18): a campaign made in the back office prices the
 * shop's quotes, its single-use codes work once, the CSV cannot carry a formula, and only marketing
 * may change anything.
 */
describeEachDriver('back office: campaigns and promo codes', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let marketing: TSignedIn;
  let operations: TSignedIn;
  let campaignId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => new Date('2026-11-25T03:00:00Z') });
    marketing = await signedInAs(app, 'marketing', { at: new Date('2026-11-25T03:00:00Z') });
    operations = await signedInAs(app, 'operations', { at: new Date('2026-11-25T03:00:00Z') });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('refuses a campaign with a field broken, naming the field, and lets only marketing save one', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: CAMPAIGNS,
      headers: marketing.headers,
      payload: { ...SPRING, endDate: '2026-10-01' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().field).toBe('endDate');
    const byOperations = await app.inject({
      method: 'POST',
      url: CAMPAIGNS,
      headers: operations.headers,
      payload: SPRING,
    });
    expect(byOperations.statusCode).toBe(403);
    const made = await app.inject({
      method: 'POST',
      url: CAMPAIGNS,
      headers: marketing.headers,
      payload: SPRING,
    });
    expect(made.statusCode).toBe(200);
    campaignId = made.json().campaignId;
    const again = await app.inject({
      method: 'POST',
      url: CAMPAIGNS,
      headers: marketing.headers,
      payload: SPRING,
    });
    expect(again.statusCode).toBe(409);
  });

  it('makes single-use codes in bulk; one of them prices a quote at 20% off once, then is used', async () => {
    const made = await app.inject({
      method: 'POST',
      url: `${CAMPAIGNS}/${campaignId}/codes`,
      headers: marketing.headers,
      payload: { count: 25, prefix: 'SP' },
    });
    expect(made.json()).toEqual({ added: 25 });
    const codes = await database.db.select().from(promoCodes).where(eq(promoCodes.campaignId, campaignId));
    expect(codes).toHaveLength(25);
    for (const row of codes) expect(row.code).toMatch(/^SP[A-HJ-KM-NP-Z2-9]{8}$/);
    const code = codes[0]!.code;

    const plain = await postRest(app, 'policy/multirate', buildTravelPolicy(today));
    const priced = await postRest(
      app,
      'policy/multirate',
      buildTravelPolicy(today, { campaign: { campaignCode: 'SPRING27' }, promo: code } as never),
    );
    expect(priced.statusCode).toBe(200);
    const list = plain.json().policyTravel.premiumItems[0].premiumWithoutDiscount as number;
    const after = priced.json().policyTravel.premiumItems[0].totalPremium as number;
    // 20% off the list price (instead of the direct 15%; no GST on travel in Singapore), to the cent.
    expect(list).toBe(36);
    expect(Math.round(after * 100)).toBe(2880);

    await buyTravelPolicy(app, database.db, {
      today,
      session: 'spring-buyer-0001',
      quote: { campaign: { campaignCode: 'SPRING27' }, promo: code },
    });
    const [used] = await database.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(used!.status).toBe('USED');
    const reuse = await postRest(
      app,
      'policy/multirate',
      buildTravelPolicy(today, { campaign: { campaignCode: 'SPRING27' }, promo: code } as never),
      'spring-second-0002',
    );
    expect(reuse.statusCode).toBe(400);

    const one = await app.inject({
      method: 'GET',
      url: `${CAMPAIGNS}/${campaignId}`,
      headers: marketing.headers,
    });
    expect(one.json().campaign.codes).toEqual({ available: 24, reserved: 0, used: 1 });
    expect(one.json().sales.policies).toBe(1);
  });

  it('exports the codes as CSV, and refuses a typed code a spreadsheet would run as a formula', async () => {
    const csv = await app.inject({
      method: 'GET',
      url: `${CAMPAIGNS}/${campaignId}/codes.csv`,
      headers: marketing.headers,
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"code","status","used_at"');
    expect(lines).toHaveLength(26);
    expect(lines.filter((line) => line.includes('"USED"'))).toHaveLength(1);
    const formula = await app.inject({
      method: 'POST',
      url: `${CAMPAIGNS}/${campaignId}/codes`,
      headers: marketing.headers,
      payload: { code: '=HYPERLINK("x")' },
    });
    expect(formula.statusCode).toBe(400);
    expect(formula.json().field).toBe('code');
  });

  it('audits each change with before and after, and an edit reaches new quotes', async () => {
    const edited = await app.inject({
      method: 'PUT',
      url: `${CAMPAIGNS}/${campaignId}`,
      headers: marketing.headers,
      payload: { ...SPRING, discountValue: 1000 },
    });
    expect(edited.statusCode).toBe(200);
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(campaignId)));
    const update = trail.find((row) => row.action === 'update')!;
    expect(update.actor).toBe(marketing.username);
    expect((update.before as { discountValue: number }).discountValue).toBe(2000);
    expect((update.after as { discountValue: number }).discountValue).toBe(1000);
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['create', 'add-codes', 'export-codes']),
    );
    const [code] = await database.db
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.campaignId, campaignId), eq(promoCodes.status, 'AVAILABLE')))
      .limit(1);
    await expect
      .poll(async () => {
        const priced = await postRest(
          app,
          'policy/multirate',
          buildTravelPolicy(today, { campaign: { campaignCode: 'SPRING27' }, promo: code!.code } as never),
          'ten-percent-0004',
        );
        return Math.round(priced.json().policyTravel.premiumItems[0].totalPremium * 100);
      })
      // 10% off the S$36.00 list price now.
      .toBe(3240);
  });

  /** A 2 × 1 PNG: its signature, then an IHDR chunk (length 13) naming a sane size, then padding. */
  const png = () => {
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4, 'latin1');
    ihdr.writeUInt32BE(2, 8);
    ihdr.writeUInt32BE(1, 12);
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
  };
  const putImage = (payload: object, as: TSignedIn = marketing) =>
    app.inject({ method: 'PUT', url: `${CAMPAIGNS}/${campaignId}/image`, headers: as.headers, payload });

  it('takes a PNG as the campaign image, audited, and the customer route serves it', async () => {
    const image = png();
    expect(
      (await putImage({ contentType: 'image/png', dataBase64: image.toString('base64') }, operations))
        .statusCode,
    ).toBe(403);
    const saved = await putImage({
      contentType: 'image/png',
      dataBase64: image.toString('base64'),
      fileName: '../spring.png',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ campaignId, contentType: 'image/png', bytes: image.length });
    const served = await app.inject({
      method: 'GET',
      url: `/b2c-server/rest/campaign/getCampaignImageById/${campaignId}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(campaignId)), eq(auditLog.action, 'image')));
    expect(trail).toHaveLength(1);
    expect(trail[0]!.after).toMatchObject({ imageContentType: 'image/png', imageFileName: 'spring.png' });
  });

  it('refuses an SVG, a renamed .exe and an image over 500 kB, naming the field', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const asSvg = await putImage({ contentType: 'image/svg+xml', dataBase64: svg.toString('base64') });
    expect(asSvg.statusCode).toBe(400);
    expect(asSvg.json().field).toBe('contentType');
    const svgAsPng = await putImage({ contentType: 'image/png', dataBase64: svg.toString('base64') });
    expect(svgAsPng.statusCode).toBe(400);
    expect(svgAsPng.json().field).toBe('dataBase64');
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200, 1)]);
    const renamed = await putImage({
      contentType: 'image/png',
      dataBase64: exe.toString('base64'),
      fileName: 'banner.png',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().field).toBe('dataBase64');
    const large = Buffer.concat([png(), Buffer.alloc(510 * 1024)]);
    const tooLarge = await putImage({ contentType: 'image/png', dataBase64: large.toString('base64') });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().field).toBe('dataBase64');
    // The PNG saved before is still the one served.
    const served = await app.inject({
      method: 'GET',
      url: `/b2c-server/rest/campaign/getCampaignImageById/${campaignId}`,
    });
    expect(served.rawPayload.equals(png())).toBe(true);
  });
});
