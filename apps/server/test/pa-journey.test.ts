import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildPaPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { policies } from '../src/db/schema.ts';
import { payAtTestGateway, postReceipt } from './helpers/card-gateway.ts';
import { hongKongPaPolicy } from './helpers/hong-kong-pa-policy.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buildTestApp, postRest, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * Personal accident bought end to end through the API (pa-home-payments sections 1–9), in both markets and on both
 * database drivers: multirate → rate → updateToPending → the test gateway → receipt, or PayNow, to an
 * issued `A…` policy whose e-mail, with the PA schedule attached, goes to the applicant and the agent.
 * Every expected price is worked out by hand from the published table (rating/README.md).
 */
const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';
const consent = recordConsent(true, AT);
const consents = { declaration1: consent, declaration2: consent, marketing: consent };

/** A Hong Kong individual: HKID, +852, no residency question. */
const hongKongPolicy = (overrides: Partial<TPolicyInput> = {}) => hongKongPaPolicy(today, overrides);

describeEachDriver('personal accident, bought through the API', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const { sent, mailer } = recordingMailer();
  const post = (path: string, payload: unknown) => postRest(app, path, payload);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => new Date(AT), mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  beforeEach(() => {
    sent.length = 0;
  });

  /** multirate, then rate of the chosen plan as the quote page sends it. */
  async function quoteAndRate(policy: TPolicyInput, plan: 'A' | 'B' | 'C' | 'D') {
    const quotedAnswer = await post('policy/multirate', policy);
    expect(quotedAnswer.statusCode, quotedAnswer.body).toBe(200);
    const quoted = quotedAnswer.json();
    const item = quoted.policyPAN.premiumItems.find(
      (candidate: { planName: string }) => candidate.planName === plan,
    );
    const ratedAnswer = await post('policy/rate', {
      ...policy,
      policyPAN: { ...policy.policyPAN, selectedPlan: plan, policyPremium: item },
    });
    expect(ratedAnswer.statusCode, ratedAnswer.body).toBe(200);
    return { quoted, rated: ratedAnswer.json() };
  }

  async function payByCard(rated: Record<string, unknown>) {
    const pendingAnswer = await post('policy/updateToPending', { ...rated, consents });
    expect(pendingAnswer.statusCode, pendingAnswer.body).toBe(200);
    const pending = pendingAnswer.json();
    const receipt = await postReceipt(app, await payAtTestGateway(app, pending.paymentSignature));
    expect(receipt.statusCode, receipt.body).toBe(200);
    return { signature: pending.paymentSignature, receipt: receipt.json() };
  }

  async function mailsFor(policyNumber: string) {
    await app.services.documents.deliverMail();
    return sent.filter((message) => message.subject.includes(policyNumber));
  }

  it('issues a Singapore policy bought through an agent by card, and mails the PA schedule to both', async () => {
    const policy = buildPaPolicy(today, { agentCode: 'AG1001' } as Partial<TPolicyInput>);
    const { quoted, rated } = await quoteAndRate(policy, 'B');
    // Plan B class 01: S$276.00; the agent gives up 5 % of commission (30 % − 25 %): S$13.80.
    // S$262.20 + 9 % GST S$23.60 = S$285.80.
    expect(quoted.policyPAN.premiumItems.map((item: { planName: string }) => item.planName)).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    expect(rated.policyPAN.policyPremium).toMatchObject({
      premiumWithoutDiscount: 276,
      insuredCommissionDiscount: 13.8,
      groupDiscount: 0,
      premium: 262.2,
      gst: 23.6,
      levy: 0,
      totalPremium: 285.8,
    });
    expect(rated.status).toBe('quoted');
    const { signature, receipt } = await payByCard(rated);
    expect(signature.amount).toBe('285.80');
    expect(signature.currency).toBe('SGD');
    expect(receipt.policyNumber).toMatch(/^ASG26-\d{7}$/);

    const mails = await mailsFor(receipt.policyNumber);
    expect(mails.map((mail) => mail.to.toLowerCase()).sort()).toEqual([
      'meiling.lim@example.com',
      'weiling.tan@harbourfront.example',
    ]);
    for (const mail of mails) {
      expect(mail.subject).toContain('personal accident');
      expect(mail.text).not.toContain('S7812345A');
      const schedule = pdfText(mail.attachments![0]!.content as Buffer);
      expect(schedule).toContain('Lionrock Personal Accident Insurance');
      expect(schedule).toContain(receipt.policyNumber);
      expect(schedule).toContain('Accidental death and permanent disablement');
      // Plan B's sums for an adult of 48: S$200,000 death cover, S$3,500 medical expenses.
      expect(schedule).toContain('S$200,000.00');
      expect(schedule).toContain('S$3,500.00');
      expect(schedule).toContain('GST 9% S$23.60');
      expect(schedule).toContain('Total paid S$285.80');
      expect(schedule).not.toContain('S7812345A');
    }
  });

  it('issues a Singapore family policy paid by PayNow, with each person’s sums on the schedule', async () => {
    const base = buildPaPolicy(today);
    const adult1 = base.policyPAN!.insured!.adult1!;
    const policy = {
      ...base,
      policyPAN: {
        ...base.policyPAN!,
        insuredPersonType: 'family',
        family: { numberOfAdults: 2, noOfChildren: 1 },
        insured: {
          adult1: { ...adult1, optionalCovers: ['TTD'] },
          // 65 on the effective date: half the accidental death, disablement and medical cover.
          adult2: {
            lastName: 'ONG BOON HUAT',
            idType: 'NRIC',
            hkId: 'S8512345I',
            dateOfBirth: '24/11/1961',
            occupation: '0D',
          },
          children: [
            {
              lastName: 'ONG XIN YI',
              idType: 'NRIC',
              hkId: 'T1234567J',
              dateOfBirth: '07/08/2015',
              fullTimeStudent: 'NO',
            },
          ],
        },
      },
    } as TPolicyInput;
    const { rated } = await quoteAndRate(policy, 'A');
    // S$168 × 1.18 (TTD) = S$198.24, + S$168 = S$366.24; family discount S$36.62; GST 9 % of S$329.62 = S$29.67.
    expect(rated.policyPAN.policyPremium).toMatchObject({
      premiumWithoutDiscount: 366.24,
      groupDiscount: 36.62,
      premium: 329.62,
      gst: 29.67,
      totalPremium: 359.29,
    });
    const qrAnswer = await post('policy/updateToPendingGenerateQR', { ...rated, consents });
    expect(qrAnswer.statusCode, qrAnswer.body).toBe(200);
    const qr = qrAnswer.json();
    expect((await post('payNow/qrCodeSimulatePaymentB2C', { txnRef: qr.response.txnRef })).statusCode).toBe(
      200,
    );
    const issued = (await post('payNow/issueAndReceiptQRPolicy', qr.policy)).json();
    expect(issued.status, JSON.stringify(issued).slice(0, 300)).toBe('issued');
    expect(issued.policyNumber).toMatch(/^ASG26-\d{7}$/);

    const [mail] = await mailsFor(issued.policyNumber);
    expect(mail?.to.toLowerCase()).toBe('meiling.lim@example.com');
    const schedule = pdfText(mail!.attachments![0]!.content as Buffer);
    // Adult 1 S$100,000; adult 2 (65) and the child S$50,000 each, marked as reduced.
    expect(schedule).toContain(
      'Accidental death and permanent disablement S$100,000.00 S$50,000.00 * S$50,000.00 *',
    );
    // Medical expenses: S$2,000 for adult 1 and the child, S$1,000 for adult 2.
    expect(schedule).toContain('Medical expenses (per accident) S$2,000.00 S$1,000.00 * S$2,000.00');
    // The weekly benefit only for adult 1, who has TTD.
    expect(schedule).toMatch(/Temporary total disablement[\s\S]*?S\$200\.00 Not covered Not covered/);
    expect(schedule).toContain('* Reduced');
  });

  it('issues a Hong Kong policy with the IA levy and a staff discount held at HK$380', async () => {
    // The landing's promo field finds the staff campaign from the code alone (decision 038).
    const found = await post('campaign/getCampaign', {
      country: 'HKG',
      productType: 'PAN',
      promo: 'PASTAFF50',
    });
    expect(found.json()).toMatchObject({
      campaignCode: 'PASTAFF',
      validPromoCode: 'Y',
      promoCodeRequired: 'Y',
    });
    const policy = hongKongPolicy({ promo: 'PASTAFF50' });
    const { quoted, rated } = await quoteAndRate(policy, 'A');
    // HK$620 less 50 % would be HK$310: held at HK$380, the campaign giving back HK$70; levy 0.1 % HK$0.38.
    expect(rated.policyPAN.policyPremium).toMatchObject({
      premiumWithoutDiscount: 620,
      campaignDiscount: 240,
      premium: 380,
      gst: 0,
      levy: 0.38,
      totalPremium: 380.38,
    });
    expect(quoted.campaign).toMatchObject({ campaignCode: 'PASTAFF' });
    // Plan B: HK$930 − HK$465 = HK$465, above the floor.
    expect(quoted.policyPAN.premiumItems[1]).toMatchObject({ campaignDiscount: 465, premium: 465 });
    const { signature, receipt } = await payByCard(rated);
    expect(signature).toMatchObject({ amount: '380.38', currency: 'HKD' });
    expect(receipt.policyNumber).toMatch(/^AHK26-\d{7}$/);
    const [mail] = await mailsFor(receipt.policyNumber);
    expect(mail?.to.toLowerCase()).toBe('taiman.chan@example.com');
    const schedule = pdfText(mail!.attachments![0]!.content as Buffer);
    expect(schedule).toContain('IA levy 0.1% HK$0.38');
    expect(schedule).toContain('Premium after discount HK$380.00');
    expect(schedule).toContain('HK$250,000.00');
    expect(schedule).not.toContain('GST');
  });

  it('records the campaign’s HK$150 voucher on the issued policy and names it in the e-mail and schedule', async () => {
    const policy = hongKongPolicy({ campaign: { campaignCode: 'HKPA20' } });
    const { quoted, rated } = await quoteAndRate(policy, 'A');
    // 20 % off HK$620 = HK$496.00, levy HK$0.50.
    expect(rated.policyPAN.policyPremium).toMatchObject({
      campaignDiscount: 124,
      premium: 496,
      levy: 0.5,
      totalPremium: 496.5,
    });
    const voucher = {
      campaignCode: 'HKPA20',
      amount: 150,
      description: 'HK$150 supermarket voucher',
      descriptionCn: '150港元超市禮券',
    };
    expect(quoted.campaignVoucher).toEqual(voucher);
    expect(rated.campaignVoucher).toEqual(voucher);
    const { receipt } = await payByCard(rated);
    const [stored] = await database.db
      .select({ document: policies.document })
      .from(policies)
      .where(eq(policies.policyNumber, receipt.policyNumber));
    expect((stored!.document as { campaignVoucher?: unknown }).campaignVoucher).toEqual(voucher);
    const [mail] = await mailsFor(receipt.policyNumber);
    expect(mail?.text).toContain('Campaign gift: HK$150 supermarket voucher');
    expect(mail?.html).toContain('HK$150 supermarket voucher');
    expect(pdfText(mail!.attachments![0]!.content as Buffer)).toContain(
      'Campaign gift HK$150 supermarket voucher',
    );

    // The campaign announces it too.
    const campaign = await post('campaign/getCampaign', {
      country: 'HKG',
      productType: 'PAN',
      campaign: { campaignCode: 'HKPA20' },
    });
    expect(campaign.json().voucher).toEqual(voucher);
  });

  it('gives no voucher a browser claims, nor the link’s voucher when a code of another campaign prices the policy', async () => {
    const forged = hongKongPolicy({
      campaignVoucher: {
        campaignCode: 'HKPA20',
        amount: 5000,
        description: 'HK$5,000 voucher',
        descriptionCn: '',
      },
    } as Partial<TPolicyInput>);
    const answer = (await post('policy/multirate', forged)).json();
    expect(answer.campaignVoucher).toBeUndefined();
    expect(answer.policyPAN.premiumItems[0]).toMatchObject({ premium: 620, campaignDiscount: 0 });
    // The HKPA20 link with the staff code: priced under PASTAFF (decision 038), which gives no voucher.
    const staff = (
      await post(
        'policy/multirate',
        hongKongPolicy({ campaign: { campaignCode: 'HKPA20' }, promo: 'PASTAFF50' }),
      )
    ).json();
    expect(staff.campaign).toMatchObject({ campaignCode: 'PASTAFF' });
    expect(staff.campaignVoucher).toBeUndefined();
  });

  it('refuses a Singapore visitor and sends a Hong Kong customer with claims over HK$3,000 to an agent', async () => {
    const visitor = buildPaPolicy(today, { policyPAN: { residency: 'OTHER' } } as Partial<TPolicyInput>);
    for (const call of ['policy/multirate', 'policy/rate']) {
      const answer = await post(call, visitor);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        messageKey: MESSAGE_KEYS.residencyNotEligible,
        errorMessage: expect.stringContaining('citizens, permanent residents and long-term pass holders'),
      });
      expect(answer.json().policyId).toBeUndefined();
    }
    const claims = (amount: number) =>
      post(
        'policy/multirate',
        hongKongPolicy({ policyPAN: { largestClaimInThreeYears: amount } } as Partial<TPolicyInput>),
      );
    const refused = await claims(3000.01);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({
      messageKey: MESSAGE_KEYS.claimsReferToAgent,
      errorMessage: expect.stringContaining('Licensed Insurance Agent'),
    });
    expect(refused.json().policyPAN.premiumItems).toEqual([]);
    expect((await claims(3000)).json().policyPAN.premiumItems).toHaveLength(4);
    // A Singapore customer who does not answer the residency question: a field error naming it.
    const unanswered = await post(
      'policy/multirate',
      buildPaPolicy(today, { policyPAN: { residency: undefined } } as Partial<TPolicyInput>),
    );
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json()).toMatchObject({
      field: 'policyPAN.residency',
      messageKey: MESSAGE_KEYS.residencyRequired,
    });
  });

  it('names every wrong field of an application in one 400, the first as `field`', async () => {
    const base = buildPaPolicy(today);
    const family = {
      ...base,
      policyPAN: {
        ...base.policyPAN!,
        insuredPersonType: 'family' as const,
        family: { numberOfAdults: 2 as const, noOfChildren: 0 },
        insured: {
          ...base.policyPAN!.insured!,
          adult2: {
            lastName: '',
            idType: 'NRIC' as const,
            hkId: 'S7812345A',
            dateOfBirth: '31/02/1980',
            occupation: '05',
          },
        },
        applicant: { ...base.policyPAN!.applicant!, mobileNo: '', email: 'not-an-email' },
        selectedPlan: 'A' as const,
      },
    };
    const answer = await post('policy/rate', family);
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.errors.map((error: { field: string }) => error.field)).toEqual([
      'policyPAN.applicant.mobileNo',
      'policyPAN.applicant.email',
      'policyPAN.insured.adult2.lastName',
      'policyPAN.insured.adult2.dateOfBirth',
      'policyPAN.insured.adult2.hkId',
    ]);
    expect(body.errors[3].messageKey).toBe(MESSAGE_KEYS.birthDateInvalid);
    expect(body.errors[4].messageKey).toBe(MESSAGE_KEYS.idDuplicated);
    expect(body).toMatchObject({ field: body.errors[0].field, messageKey: body.errors[0].messageKey });
    // The spouse who repeats the applicant's NRIC is flagged on the spouse once their own fields are right.
    const twin = await post('policy/rate', {
      ...family,
      policyPAN: {
        ...family.policyPAN,
        applicant: base.policyPAN!.applicant,
        insured: {
          ...family.policyPAN.insured,
          adult2: { ...family.policyPAN.insured.adult2, lastName: 'TAN AH KOW', dateOfBirth: '01/01/1980' },
        },
      },
    });
    expect(twin.json().errors).toEqual([
      { field: 'policyPAN.insured.adult2.hkId', messageKey: MESSAGE_KEYS.idDuplicated },
    ]);
  });

  it('prices a family whose new child has no details yet, and checks a spouse’s ID against the blacklist', async () => {
    const { applicant: _applicant, ...base } = buildPaPolicy(today).policyPAN!;
    const withChild = {
      ...buildPaPolicy(today),
      policyPAN: {
        ...base,
        insuredPersonType: 'family' as const,
        family: { numberOfAdults: 2 as const, noOfChildren: 1 },
        insured: {
          ...base.insured!,
          adult2: {
            lastName: 'TAN AH KOW',
            idType: 'NRIC' as const,
            hkId: 'S1234567D',
            dateOfBirth: '01/01/1980',
            occupation: '05',
          },
          children: [
            {
              lastName: '',
              idType: 'NRIC' as const,
              hkId: '',
              dateOfBirth: '',
              fullTimeStudent: 'NO' as const,
            },
          ],
        },
      },
    };
    const priced = await post('policy/multirate', withChild);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().policyPAN.premiumItems.length).toBeGreaterThan(0);
    const blacklisted = await post('policy/multirate', {
      ...withChild,
      policyPAN: {
        ...withChild.policyPAN,
        insured: {
          ...withChild.policyPAN.insured,
          adult2: { ...withChild.policyPAN.insured.adult2, hkId: 'S8888888Z' },
        },
      },
    });
    expect(blacklisted.json()).toMatchObject({ messageKey: MESSAGE_KEYS.blacklisted });
  });

  it('offers no plan D to a class 03 occupation and declines class 04', async () => {
    const driver03 = buildPaPolicy(today, {
      policyPAN: {
        insured: {
          adult1: { ...buildPaPolicy(today).policyPAN!.insured!.adult1!, occupation: '13' },
          children: [],
        },
      },
    } as Partial<TPolicyInput>);
    const quoted = (await post('policy/multirate', driver03)).json();
    expect(quoted.policyPAN.premiumItems.map((item: { planName: string }) => item.planName)).toEqual([
      'A',
      'B',
      'C',
    ]);
    // Class 3 plan A: S$336.00 + GST S$30.24.
    expect(quoted.policyPAN.premiumItems[0]).toMatchObject({
      premium: 336,
      gst: 30.24,
      totalPremium: 366.24,
    });
    const planD = await post('policy/rate', {
      ...driver03,
      policyPAN: { ...driver03.policyPAN, selectedPlan: 'D' },
    });
    expect(planD.statusCode).toBe(400);
    expect(planD.json()).toMatchObject({
      field: 'policyPAN.selectedPlan',
      messageKey: MESSAGE_KEYS.selectValue,
    });

    const carpenter = buildPaPolicy(today, {
      policyPAN: {
        insured: {
          adult1: { ...buildPaPolicy(today).policyPAN!.insured!.adult1!, occupation: '19' },
          children: [],
        },
      },
    } as Partial<TPolicyInput>);
    const declined = await post('policy/rate', {
      ...carpenter,
      policyPAN: { ...carpenter.policyPAN, selectedPlan: 'A' },
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      errorMessage: 'Decline: Coverage is not available for this occupation',
      messageKey: MESSAGE_KEYS.occupationDeclined,
    });
    expect(declined.json().policyId).toBeUndefined();
  });

  it('ignores a forged premium: the server re-rates, refuses a wrong total and signs its own amount', async () => {
    const policy = buildPaPolicy(today);
    const quoted = (await post('policy/multirate', policy)).json();
    const planA = quoted.policyPAN.premiumItems[0];
    // A cheaper total than the server's: refused with the server's price.
    const cheaper = await post('policy/rate', {
      ...policy,
      policyPAN: {
        ...policy.policyPAN,
        selectedPlan: 'A',
        policyPremium: { ...planA, premium: 1, gst: 0.09, totalPremium: 1.09 },
      },
    });
    expect(cheaper.statusCode).toBe(409);
    expect(cheaper.json()).toMatchObject({ messageKey: MESSAGE_KEYS.priceChanged });
    expect(cheaper.json().policy.policyPAN.policyPremium).toMatchObject({
      premium: 168,
      gst: 15.12,
      totalPremium: 183.12,
    });
    // Forged parts with the right total: the stored premium is the server's, and so is the signed amount.
    const rated = (
      await post('policy/rate', {
        ...policy,
        policyPAN: {
          ...policy.policyPAN,
          selectedPlan: 'A',
          premiumItems: [{ ...planA, premium: 1 }],
          policyPremium: { ...planA, premium: 1, campaignDiscount: 167, discount: 167 },
        },
      })
    ).json();
    expect(rated.policyPAN.policyPremium).toMatchObject({
      premium: 168,
      campaignDiscount: 0,
      totalPremium: 183.12,
    });
    expect(rated.policyPAN.premiumItems[0]).toMatchObject({ premium: 168 });
    const pending = (
      await post('policy/updateToPending', {
        ...rated,
        consents,
        policyPAN: { ...rated.policyPAN, policyPremium: { ...rated.policyPAN.policyPremium, premium: 1 } },
      })
    ).json();
    expect(pending.paymentSignature.amount).toBe('183.12');
  });
});
