import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildHomePolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfText } from './helpers/pdf-text.ts';
import { buildTestApp, postRest, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';

describeEachDriver('the schedule mailed with a policy', (driver) => {
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

  /** A Chinese journey for a home policy paid by PayNow, as the bank would pay it on a test host. */
  async function issueChinesePolicy(address: { blockOrHouseNo: string; streetName: string }) {
    const base = buildHomePolicy(today, { lang: 'zh' } as Partial<TPolicyInput>);
    const policy = { ...base, policyHome: { ...base.policyHome!, ...address } };
    const quotedAnswer = await post('policy/multirate', policy);
    expect(quotedAnswer.statusCode, quotedAnswer.body).toBe(200);
    const quoted = quotedAnswer.json();
    const ratedAnswer = await post('policy/rate', {
      ...policy,
      policyHome: {
        ...policy.policyHome,
        selectedPlan: quoted.policyHome.premiumItems[0].planName,
        policyPremium: quoted.policyHome.premiumItems[0],
      },
    });
    expect(ratedAnswer.json().policyId, ratedAnswer.body.slice(0, 400)).toBeTruthy();
    const rated = ratedAnswer.json();
    const consent = recordConsent(true, AT);
    const qrAnswer = await post('policy/updateToPendingGenerateQR', {
      ...rated,
      consents: { declaration1: consent, declaration2: consent, marketing: consent },
    });
    expect(qrAnswer.statusCode, qrAnswer.body).toBe(200);
    const qr = qrAnswer.json();
    expect((await post('payNow/qrCodeSimulatePaymentB2C', { txnRef: qr.response.txnRef })).statusCode).toBe(
      200,
    );
    const issued = (await post('payNow/issueAndReceiptQRPolicy', qr.policy)).json();
    expect(issued.status, JSON.stringify(issued).slice(0, 300)).toBe('issued');
    return issued as { policyNumber: string; scheduleUrl: string };
  }

  it('attaches the schedule in Chinese, with the Chinese address as typed, and links the same', async () => {
    const issued = await issueChinesePolicy({ blockOrHouseNo: '第123座', streetName: '淡滨尼11街' });
    await app.services.documents.deliverMail();
    const mail = sent.find((message) => message.subject.includes(issued.policyNumber));
    expect(mail?.subject).toContain('保单');
    const attachment = mail?.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    const text = pdfText(attachment!.content as Buffer);
    expect(text).toContain('保单附表');
    expect(text).toContain(`保单号码 ${issued.policyNumber}`);
    expect(text).toContain('受保地址 第123座 淡滨尼11街');
    expect(text).toContain('狮石家居保险');
    expect(mail?.text).not.toContain('英文版');

    const link = new URL(issued.scheduleUrl);
    const download = await app.inject({ url: `${link.pathname}${link.search}` });
    expect(download.statusCode).toBe(200);
    expect(pdfText(download.rawPayload)).toContain('保单附表');
  });
});
