import { notHongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { formatMoney } from '@lionrock/domain/money/money';
import { buildHomePolicy, buildHongKongHomePolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { wireToCents } from '@lionrock/domain/schemas/wire-primitives';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { payAtTestGateway, postReceipt } from './helpers/card-gateway.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buildTestApp, postRest, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';

/** A Hong Kong flat of 500–799 sq ft in a 20–39-year-old building, rented, in Wan Chai (decision 057). */
function hongKongHome(): TPolicyInput {
  return buildHongKongHomePolicy(today, {
    agentCode: 'HK2001',
    policyHome: { optionalCovers: ['HELPER_LIABILITY'] },
  } as Partial<TPolicyInput>);
}

/**
 * Home bought end to end through the API (decisions 057–059): multirate → rate → updateToPending → the test
 * gateway's receipt → an issued `H…` policy, mailed with its schedule to the applicant and the agent,
 * in Singapore (4-room HDB flat, owner, GST) and Hong Kong (floor area, tenant, IA levy, Chinese).
 */
describeEachDriver('home bought end to end', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const { sent, mailer } = recordingMailer();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => new Date(AT), mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const post = (path: string, payload: unknown) => postRest(app, path, payload);

  async function buy(policy: TPolicyInput, plan: number) {
    const quotedAnswer = await post('policy/multirate', policy);
    expect(quotedAnswer.statusCode, quotedAnswer.body.slice(0, 300)).toBe(200);
    const quoted = quotedAnswer.json();
    expect(quoted.policyHome?.premiumItems?.length, quotedAnswer.body.slice(-400)).toBe(3);
    const item = quoted.policyHome.premiumItems[plan];
    const ratedAnswer = await post('policy/rate', {
      ...policy,
      policyHome: { ...policy.policyHome, selectedPlan: item.planName, policyPremium: item },
    });
    expect(ratedAnswer.statusCode, ratedAnswer.body.slice(0, 300)).toBe(200);
    const consent = recordConsent(true, AT);
    const rated = ratedAnswer.json() as {
      policyHome: { policyPremium: { totalPremium: number }; expiryDate: string };
    };
    const pending = await post('policy/updateToPending', {
      ...rated,
      consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, AT) },
    });
    expect(pending.statusCode, pending.body.slice(0, 300)).toBe(200);
    const { policy: stored, paymentSignature } = pending.json();
    const receipt = (await postReceipt(app, await payAtTestGateway(app, paymentSignature))).json();
    expect(receipt).toMatchObject({ verified: true, outcome: 'PAID', paid: true });
    const mail = await database.db.select().from(mailOutbox).where(eq(mailOutbox.policyId, stored.policyId));
    await app.services.documents.deliverMail();
    const message = sent.find((candidate) => candidate.subject.includes(receipt.policyNumber));
    return { quoted, item, rated, receipt, mail, message, stored };
  }

  it('sells a 4-room HDB flat to its owner in Singapore: H number, GST, schedule by mail', async () => {
    const policy = buildHomePolicy(today, { agentCode: 'AG1001' } as Partial<TPolicyInput>);
    const { quoted, item, rated, receipt, mail, message } = await buy(policy, 1);
    // 4-room HDB flat, owner, S$40,000 of contents, renovation cover, Enhanced: S$119 + 25 % (S$29.75)
    // + renovation S$35 = S$183.75 (the S$40,000 is inside Enhanced's S$60,000); GST 9 % S$16.54.
    expect(quoted.policyHome.premiumItems.map((line: { planName: string }) => line.planName)).toEqual([
      'ESSENTIAL',
      'ENHANCED',
      'PRESTIGE',
    ]);
    expect(item).toMatchObject({ planName: 'ENHANCED', premium: 183.75, gst: 16.54, totalPremium: 200.29 });
    expect(rated.policyHome.policyPremium.totalPremium).toBe(200.29);
    expect(rated.policyHome.expiryDate).toBe('23/11/2027');
    expect(receipt.policyNumber).toMatch(/^HSG26-\d{7}$/);
    expect(mail.map((row) => row.recipientRole).sort()).toEqual(['agent', 'applicant']);
    const attachment = message?.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    const text = pdfText(attachment!.content as Buffer);
    expect(text).toContain(receipt.policyNumber);
    expect(text).toContain('Lionrock Home Insurance');
    expect(text).toContain('Annual, 4-room HDB flat, owner');
    expect(text).toContain('123 Tampines Street 11, #08-123, Singapore 521123');
    expect(text).toContain('Household contents S$60,000.00');
    expect(text).toContain('Renovations, fixtures and fittings S$115,000.00');
    expect(text).toContain('Building structure (owners and landlords) S$120,000.00');
    expect(text).toContain(`GST 9% ${formatMoney(wireToCents(16.54), 'SGP')}`);
  });

  it('sells a Hong Kong flat to a tenant in Chinese: floor area, district, IA levy, Traditional schedule', async () => {
    const { item, receipt, mail, message } = await buy(hongKongHome(), 0);
    // 500–799 sq ft, 20–39 years: HK$620 + 10 % (HK$62) = HK$682; HK$400,000 of contents is HK$200,000
    // over Essential's HK$200,000 at HK$0.10 per HK$100 (HK$200); tenant; helper HK$180: HK$1,062.
    // IA levy 0.1 %: HK$1.06.
    expect(item).toMatchObject({ planName: 'ESSENTIAL', premium: 1062, levy: 1.06, totalPremium: 1063.06 });
    expect(receipt.policyNumber).toMatch(/^HHK26-\d{7}$/);
    expect(mail.map((row) => [row.recipientRole, row.language]).sort()).toEqual([
      ['agent', 'zh'],
      ['applicant', 'zh'],
    ]);
    const text = pdfText(message!.attachments![0]!.content as Buffer);
    expect(text).toContain('獅石家居保險');
    expect(text).toContain('建築面積500至799平方呎的單位，樓齡20至39年');
    expect(text).toContain('居住身份 租戶');
    expect(text).toContain('Flat 12A, 8/F, Block 3, Harbour View Gardens, 18 Harbour Road, 灣仔區, 香港');
    expect(text).toContain('家庭傭工：財物及法律責任（附加保障） HK$50,000.00');
    expect(text).toContain('HK$1.06');
    // Every Chinese word of the Hong Kong schedule is Hong Kong's (decision 110).
    expect(notHongKongChinese(text)).toEqual([]);
  });

  it('prices a Hong Kong home under its seeded campaign: HK$100 off', async () => {
    const policy = { ...hongKongHome(), campaign: { campaignCode: 'HOMEHK' } };
    const answer = await post('policy/multirate', policy);
    expect(answer.statusCode, answer.body.slice(-300)).toBe(200);
    const [essential] = answer.json().policyHome.premiumItems;
    // HK$1,062 before the campaign's HK$100; levy 0.1 % of HK$962.
    expect(essential).toMatchObject({
      premium: 962,
      campaignDiscount: 100,
      levy: 0.96,
      totalPremium: 962.96,
    });
  });

  describe('bad input', () => {
    it('refuses a Singapore postal code that is not 6 digits with a 400 naming the field', async () => {
      const policy = buildHomePolicy(today);
      const quoted = (await post('policy/multirate', policy)).json();
      const answer = await post('policy/rate', {
        ...policy,
        policyHome: {
          ...policy.policyHome,
          postalCode: '52112',
          selectedPlan: 'ENHANCED',
          policyPremium: quoted.policyHome.premiumItems[1],
        },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        field: 'policyHome.postalCode',
        messageKey: MESSAGE_KEYS.homePostalCode,
      });
    });

    it('refuses a Hong Kong quote without its floor area, and an unknown district', async () => {
      const policy = hongKongHome();
      const noArea = await post('policy/multirate', {
        ...policy,
        policyHome: { ...policy.policyHome, floorArea: undefined },
      });
      expect(noArea.statusCode).toBe(400);
      expect(noArea.json()).toMatchObject({ field: 'policyHome.floorArea' });
      const district = await post('policy/multirate', {
        ...policy,
        policyHome: { ...policy.policyHome, district: 'MONGKOK' },
      });
      expect(district.statusCode).toBe(400);
      expect(district.body).toContain('policyHome.district');
    });

    it('ignores a forged premium: the server’s own price is what is charged', async () => {
      const policy = buildHomePolicy(today);
      const quoted = (await post('policy/multirate', policy)).json();
      const real = quoted.policyHome.premiumItems[0];
      const forged = { ...real, premium: 1, gst: 0.09, totalPremium: 1.09 };
      const answer = await post('policy/rate', {
        ...policy,
        policyHome: { ...policy.policyHome, selectedPlan: 'ESSENTIAL', policyPremium: forged },
      });
      // Either the price-changed refusal or the server's own premium; never the forged one.
      if (answer.statusCode === 200) {
        expect(answer.json().policyHome.policyPremium.totalPremium).toBe(real.totalPremium);
      } else {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().messageKey).toBe(MESSAGE_KEYS.priceChanged);
      }
    });
  });
});
