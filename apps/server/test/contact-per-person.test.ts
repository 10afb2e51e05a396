import { randomUUID } from 'node:crypto';
import { localDate } from '@lionrock/domain/dates/local-date';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { TStepUpPurpose } from '@lionrock/domain/self-service/access-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, policies, policyEvents } from '../src/db/schema.ts';
import type { TMailMessage } from '../src/mail/mailer.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, logSink, recordingMailer, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const POLICY = '/b2c-server/rest/my-policy/policies';

/** Contact details per person (issue 29, decision 135): a mobile checked for its market. */
describeEachDriver('contact details per person', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let sent: TMailMessage[];
  const logs: string[] = [];
  let clock = new Date('2026-11-25T02:00:00.000Z');
  let mine: TBought;
  let hongKong: TBought;
  /** The same person's other policy, at the same address. */
  let second: TBought;
  /** The same person's policy that has ended (cancelled). */
  let ended: TBought;
  /** Someone else's policy at the same address (a shared family mailbox, say). */
  let sharedMailbox: TBought;
  /** Someone else's policy at their own address. */
  let theirs: TBought;

  /** The same person's policy in the other market: a copy of `from` sold in Hong Kong (same ID number and address). */
  async function copyInHongKong(from: TBought, number: string): Promise<TBought> {
    // The columns PostgreSQL writes from the document are not inserted.
    const {
      contactEmail: _email,
      holderName: _name,
      holderId: _id,
      holderUen: _uen,
      createdAt: _c,
      updatedAt: _u,
      ...row
    } = from.row;
    const policyId = randomUUID();
    const document = { ...(from.row.document as TPolicy), country: 'HKG', policyId } as TPolicy;
    await database.db.insert(policies).values({
      ...row,
      policyId,
      policyNumber: number,
      receiptNumber: null,
      country: 'HKG',
      currency: 'HKD',
      document,
    });
    const [copy] = await database.db.select().from(policies).where(eq(policies.policyId, policyId));
    return { policyId, policyNumber: number, row: copy! };
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const recording = recordingMailer();
    sent = recording.sent;
    app = await buildTestApp(database, {
      now: () => clock,
      mailer: recording.mailer,
      env: { LOG_LEVEL: 'trace' },
      logStream: logSink((text) => logs.push(text)),
    });
    const today = localDate(2026, 11, 25);
    mine = await buyTravelPolicy(app, database.db, { today, annual: true });
    hongKong = await copyInHongKong(mine, 'HK-PTR-COPY-0001');
    second = await buyTravelPolicy(app, database.db, { today, annual: true, session: 'second-0002' });
    ended = await buyTravelPolicy(app, database.db, { today, session: 'ended-0003' });
    await database.db
      .update(policies)
      .set({ status: 'cancelled' })
      .where(eq(policies.policyId, ended.policyId));
    const someoneElse = { hkId: 'S7812345A', dateOfBirth: '02/03/1978' };
    sharedMailbox = await buyTravelPolicy(app, database.db, {
      today,
      annual: true,
      session: 'shared-mailbox-0004',
      edit: (policy) => {
        Object.assign(policy.policyTravel.applicant, someoneElse);
      },
    });
    theirs = await buyTravelPolicy(app, database.db, {
      today,
      annual: true,
      session: 'someone-else-0005',
      edit: (policy) => {
        Object.assign(policy.policyTravel.applicant, { ...someoneElse, email: 'MEI.LING@EXAMPLE.COM' });
      },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  let cookie: string;
  let hongKongCookie: string;
  beforeEach(async () => {
    clock = new Date(clock.getTime() + 11 * 60_000);
    cookie = await holderCookieFor(app, database.db, mine.policyId);
    hongKongCookie = await holderCookieFor(app, database.db, hongKong.policyId);
  });

  const call = (url: string, payload: object, withCookie: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'session-name': SESSION, cookie: withCookie },
      payload,
    });
  const document = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!
      .document as TPolicy;
  const eventsOf = (policyId: string) =>
    database.db.select().from(policyEvents).where(eq(policyEvents.policyId, policyId));
  const stepUp = (policyId: string, purpose: TStepUpPurpose, withCookie: string) =>
    stepUpCode(app, sent, {
      cookie: withCookie,
      policyId,
      purpose,
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
  /** A contact change as the panel sends it: with the step-up code it asked for first. */
  const change = async (policyId: string, body: object, withCookie: string) =>
    call(
      `${POLICY}/${policyId}/contact`,
      { ...body, stepUpCode: await stepUp(policyId, 'contact', withCookie) },
      withCookie,
    );

  describe('a mobile number checked for its market', () => {
    it.each([
      ['a Hong Kong-looking number under +65 on a Singapore policy', () => mine, () => cookie],
      ['the same number under +65 on a Hong Kong policy', () => hongKong, () => hongKongCookie],
    ])('refuses %s: 400 on mobileNo with the format, nothing written', async (_, policy, session) => {
      const before = (await eventsOf(policy().policyId)).length;
      const answer = await call(
        `${POLICY}/${policy().policyId}/contact`,
        { mobileNoCountryCode: '65', mobileNo: '51234567' },
        session(),
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        field: 'mobileNo',
        messageKey: MESSAGE_KEYS.mobileForMarket,
        values: { code: '65', digits: 8, first: '8 / 9' },
      });
      expect(await eventsOf(policy().policyId)).toHaveLength(before);
      expect(policyApplicant(await document(policy().policyId))?.mobileNo).toBe('91234567');
    });

    it('takes a number of the market its code names, whichever market the policy is sold in', async () => {
      const ofHongKong = await change(
        hongKong.policyId,
        { mobileNoCountryCode: '852', mobileNo: '51234567' },
        hongKongCookie,
      );
      expect(ofHongKong.statusCode).toBe(200);
      expect(policyApplicant(await document(hongKong.policyId))).toMatchObject({
        mobileNoCountryCode: '852',
        mobileNo: '51234567',
      });
      const ofSingapore = await change(
        hongKong.policyId,
        { mobileNoCountryCode: '65', mobileNo: '91234567' },
        hongKongCookie,
      );
      expect(ofSingapore.statusCode).toBe(200);
    });

    it('refuses a Hong Kong fixed line under +852, naming its format (decision 147)', async () => {
      const before = policyApplicant(await document(hongKong.policyId))?.mobileNo;
      const answer = await change(
        hongKong.policyId,
        { mobileNoCountryCode: '852', mobileNo: '21234567' },
        hongKongCookie,
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        field: 'mobileNo',
        messageKey: MESSAGE_KEYS.mobileForMarket,
        values: { code: '852', digits: 8, first: '4–9' },
      });
      expect(policyApplicant(await document(hongKong.policyId))?.mobileNo).toBe(before);
    });
  });
  describe('a changed mobile number is told like a changed address', () => {
    it('mails the address on the policy, in its language, with both numbers masked; no full number in a log', async () => {
      logs.length = 0;
      const before = sent.length;
      const answer = await change(mine.policyId, { mobileNoCountryCode: '65', mobileNo: '87654321' }, cookie);
      expect(answer.statusCode).toBe(200);
      const [event] = (await eventsOf(mine.policyId)).slice(-1);
      // Durable: queued in the same transaction as the change, keyed by its event.
      const [queued] = await database.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.policyId, mine.policyId),
            eq(mailOutbox.messageId, `contact-mobile.${event!.id}.contact-mobile-changed`),
          ),
        );
      expect(queued).toMatchObject({ kind: 'contact-mobile-changed', recipient: 'WEIMING.TAN@EXAMPLE.COM' });
      await app.services.documents.deliverMail();
      const notice = sent.slice(before).find((mail) => mail.messageId === queued!.messageId)!;
      expect(notice.to).toBe('WEIMING.TAN@EXAMPLE.COM');
      expect(notice.subject).toBe(
        `The mobile number of your Lionrock policy ${mine.policyNumber} was changed`,
      );
      expect(notice.text).toContain('from +65 ****4567 to +65 ****4321');
      expect(notice.text).not.toContain('87654321');
      expect(notice.text).not.toContain('91234567');
      const logged = logs.join('');
      expect(logged).toContain('policyholder changed contact details');
      for (const secret of ['87654321', '91234567', 'WEIMING.TAN@EXAMPLE.COM', 'weiming.tan@example.com'])
        expect(logged).not.toContain(secret);
    });

    it('speaks the policy’s Chinese: Traditional in Hong Kong', async () => {
      const [row] = await database.db.select().from(policies).where(eq(policies.policyId, hongKong.policyId));
      await database.db
        .update(policies)
        .set({ document: { ...(row!.document as TPolicy), lang: 'zh' } })
        .where(eq(policies.policyId, hongKong.policyId));
      const before = sent.length;
      const answer = await change(
        hongKong.policyId,
        { mobileNoCountryCode: '852', mobileNo: '61234567' },
        hongKongCookie,
      );
      expect(answer.statusCode).toBe(200);
      await app.services.documents.deliverMail();
      const notice = sent.slice(before).find((mail) => mail.messageId.endsWith('.contact-mobile-changed'))!;
      expect(notice.subject).toBe(`您的獅石保單 ${hongKong.policyNumber} 的手機號碼已更改`);
      expect(notice.text).toContain('+852 ****4567');
      expect(notice.text).not.toContain('61234567');
    });
  });
  describe('a change applied to all my policies', () => {
    const mobileOf = async (bought: TBought) => policyApplicant(await document(bought.policyId))?.mobileNo;

    it('is off unless ticked: the policy asked about alone changes', async () => {
      const answer = await change(mine.policyId, { mobileNoCountryCode: '65', mobileNo: '98765432' }, cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().appliedTo).toEqual([mine.policyNumber]);
      expect(await mobileOf(mine)).toBe('98765432');
      expect(await mobileOf(second)).toBe('91234567');
    });

    it('writes every in-force policy of the same person at this address, each with its event and notice, in one go', async () => {
      const untouched = [ended, sharedMailbox, theirs, hongKong];
      const before = new Map<string, unknown>();
      for (const policy of untouched) before.set(policy.policyId, await document(policy.policyId));
      const events = new Map<string, number>();
      for (const policy of [mine, second, ...untouched])
        events.set(policy.policyId, (await eventsOf(policy.policyId)).length);
      await app.services.documents.deliverMail();
      const sentBefore = sent.length;
      const answer = await change(
        mine.policyId,
        { mobileNoCountryCode: '65', mobileNo: '81112222', applyToAll: true },
        cookie,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json().appliedTo).toEqual([mine.policyNumber, second.policyNumber]);
      expect(await mobileOf(mine)).toBe('81112222');
      expect(await mobileOf(second)).toBe('81112222');
      for (const policy of [mine, second]) {
        const all = await eventsOf(policy.policyId);
        expect(all).toHaveLength(events.get(policy.policyId)! + 1);
        expect(all.at(-1)!.detail).toMatchObject({ contact: 'mobile', to: '+65 ****2222' });
      }
      for (const policy of untouched) {
        expect(await document(policy.policyId)).toEqual(before.get(policy.policyId));
        expect(await eventsOf(policy.policyId)).toHaveLength(events.get(policy.policyId)!);
      }
      await app.services.documents.deliverMail();
      const notices = sent
        .slice(sentBefore)
        .filter((mail) => mail.messageId.endsWith('.contact-mobile-changed'));
      expect(notices.map((mail) => /policy (\S+) was changed/.exec(mail.subject)?.[1]).sort()).toEqual(
        [mine.policyNumber, second.policyNumber].sort(),
      );
    });

    it('cannot be pointed at another person’s policy by any request parameter', async () => {
      const targets = [sharedMailbox, theirs, hongKong];
      const before = new Map<string, unknown>();
      for (const policy of targets) before.set(policy.policyId, await document(policy.policyId));
      const ids = targets.map((policy) => policy.policyId);
      // Parameters a client might add to widen the change: every one is ignored, or refused whole.
      const widened = await change(
        mine.policyId,
        {
          mobileNoCountryCode: '65',
          mobileNo: '92223333',
          applyToAll: true,
          policyId: ids[0],
          policyIds: ids,
          policies: ids,
          holderKey: 'x',
          country: 'HKG',
        },
        cookie,
      );
      expect([200, 400]).toContain(widened.statusCode);
      if (widened.statusCode === 200)
        expect(widened.json().appliedTo).toEqual([mine.policyNumber, second.policyNumber]);
      // The other person's own policy, asked for by its id from this session: like a missing one.
      const direct = await call(
        `${POLICY}/${sharedMailbox.policyId}/contact`,
        { mobileNoCountryCode: '65', mobileNo: '92223333', applyToAll: true, stepUpCode: '123456' },
        await holderCookieFor(app, database.db, theirs.policyId),
      );
      expect(direct.statusCode).toBe(404);
      for (const policy of targets)
        expect(await document(policy.policyId)).toEqual(before.get(policy.policyId));
      // The shared mailbox's other person, ticking it on their own policy, reaches only their own.
      const shared = await holderCookieFor(app, database.db, sharedMailbox.policyId);
      const own = await change(
        sharedMailbox.policyId,
        { mobileNoCountryCode: '65', mobileNo: '93334444', applyToAll: true },
        shared,
      );
      expect(own.json().appliedTo).toEqual([sharedMailbox.policyNumber]);
      expect(await mobileOf(mine)).not.toBe('93334444');
      expect(await mobileOf(second)).not.toBe('93334444');
    });

    it('leaves the same ID number’s policy in the other market alone, and its session reaches only its market', async () => {
      const before = await document(mine.policyId);
      const answer = await change(
        hongKong.policyId,
        { mobileNoCountryCode: '852', mobileNo: '98887777', applyToAll: true },
        hongKongCookie,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json().appliedTo).toEqual([hongKong.policyNumber]);
      expect(await document(mine.policyId)).toEqual(before);
      expect(await mobileOf(second)).not.toBe('98887777');
    });
  });
  describe('the correspondence address', () => {
    const address = {
      applicantBuildingStreetNo: '10',
      applicantStreetName: 'Anson Road',
      applicantUnitNo: '#12-01',
      applicantPostCode: '079903',
    };
    /** The mobile number on my policy as it stands: these changes leave it as it is. */
    let mobile: { mobileNoCountryCode: string; mobileNo: string };
    beforeEach(async () => {
      const applicant = policyApplicant(await document(mine.policyId))!;
      mobile = { mobileNoCountryCode: applicant.mobileNoCountryCode, mobileNo: applicant.mobileNo };
    });

    it.each([
      [
        'a postal code of no sector',
        { ...address, applicantPostCode: '990000' },
        'applicantPostCode',
        MESSAGE_KEYS.homePostalCode,
      ],
      ['no street', { ...address, applicantStreetName: ' ' }, 'applicantStreetName', MESSAGE_KEYS.required],
    ])('refuses %s with a 400 naming the field, before any code', async (_, bad, field, messageKey) => {
      const before = await document(mine.policyId);
      const answer = await call(
        `${POLICY}/${mine.policyId}/contact`,
        { ...mobile, correspondenceAddress: bad },
        cookie,
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ field, messageKey });
      expect(await document(mine.policyId)).toEqual(before);
    });

    it('refuses a Hong Kong address without one of its districts', async () => {
      const answer = await call(
        `${POLICY}/${hongKong.policyId}/contact`,
        {
          mobileNoCountryCode: '852',
          mobileNo: '98887777',
          correspondenceAddress: {
            applicantBuildingStreetNo: '1',
            applicantStreetName: 'Queen’s Road',
            applicantDistrict: 'XX',
          },
        },
        hongKongCookie,
      );
      expect(answer.json()).toMatchObject({
        field: 'applicantDistrict',
        messageKey: MESSAGE_KEYS.selectValue,
      });
    });

    it('needs the step-up code like every contact change', async () => {
      const answer = await call(
        `${POLICY}/${mine.policyId}/contact`,
        { ...mobile, correspondenceAddress: address },
        cookie,
      );
      expect(answer.statusCode).toBe(403);
      expect((await call(`${POLICY}/${mine.policyId}/contact`, { ...mobile }, cookie)).statusCode).toBe(200);
    });

    it('saves it with its event, on all my policies when ticked, and shows it; no address in a log', async () => {
      logs.length = 0;
      const shown = await app.inject({
        method: 'GET',
        url: `${POLICY}/${mine.policyId}/contact`,
        headers: { 'session-name': SESSION, cookie },
      });
      expect(shown.json().correspondenceAddress).toBeNull();
      const count = (await eventsOf(second.policyId)).length;
      const answer = await change(
        mine.policyId,
        {
          ...mobile,
          correspondenceAddress: { ...address, applicantStreetName: ' Anson Road ' },
          applyToAll: true,
        },
        cookie,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        correspondenceAddress: address,
        appliedTo: [mine.policyNumber, second.policyNumber],
      });
      for (const policy of [mine, second]) {
        expect(policyApplicant(await document(policy.policyId))).toMatchObject({
          ...address,
          applicantAddress1: '10 Anson Road',
          applicantAddress2: '#12-01',
        });
      }
      const events = await eventsOf(second.policyId);
      expect(events).toHaveLength(count + 1);
      expect(events.at(-1)!.detail).toEqual({ contact: 'correspondence-address', by: 'policyholder' });
      expect(JSON.stringify(events.at(-1)!.detail)).not.toContain('Anson');
      expect(policyApplicant(await document(sharedMailbox.policyId))?.applicantStreetName).toBeUndefined();
      expect(policyApplicant(await document(hongKong.policyId))?.applicantStreetName).toBeUndefined();
      expect(logs.join('')).not.toContain('Anson');
      // The same address again changes nothing and needs no code.
      const eventsBefore = (await eventsOf(mine.policyId)).length;
      const same = await call(
        `${POLICY}/${mine.policyId}/contact`,
        { ...mobile, correspondenceAddress: address },
        cookie,
      );
      expect(same.statusCode).toBe(200);
      expect(await eventsOf(mine.policyId)).toHaveLength(eventsBefore);
    });
  });
});
