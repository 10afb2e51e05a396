import {
  addDays,
  formatDmy,
  formatIso,
  localDate,
  parseIso,
  todayIn,
} from '@lionrock/domain/dates/local-date';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  ACCESS_CODE_MAX_TRIES,
  ACCESS_CODE_VALID_MINUTES,
  BLOCKED_WHILE_UNDOABLE,
  EMAIL_UNDO_VALID_DAYS,
  IDENTITY_MESSAGE_KEYS,
  type TStepUpPurpose,
} from '@lionrock/domain/self-service/access-rules';
import { MANAGE_MESSAGE_KEYS } from '@lionrock/domain/self-service/contact-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contactChanges,
  mailOutbox,
  operationsAlerts,
  payments,
  policies,
  policyEvents,
  renewalCards,
} from '../src/db/schema.ts';
import type { TMailMessage } from '../src/mail/mailer.ts';
import { CARD_RECEIPT_PATH } from '../src/modules/policyholder/renewal-card-service.ts';
import { applicantMail } from '../src/modules/renewal/renewal-context.ts';
import { createRenewalRepository } from '../src/modules/renewal/renewal-repository.ts';
import { merchantProfile } from '../src/payments/card-gateway/card-profiles.ts';
import { signFields, verifySignature } from '../src/payments/card-gateway/signature.ts';
import { payAtTestGateway } from './helpers/card-gateway.ts';
import {
  buyTravelPolicy,
  holderCookieFor,
  holderCookieForAddress,
  type TBought,
} from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, recordingMailer, SESSION, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const POLICY = '/b2c-server/rest/my-policy/policies';

/** The policyholder's own changes (design section 12, decision 069): contact details and the renewal card. */
describeEachDriver('my policy: contact details and the renewal card', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let sent: TMailMessage[];
  let clock = new Date('2026-11-25T02:00:00.000Z');
  let mine: TBought;
  let single: TBought;
  let theirs: TBought;
  let cookie: string;
  let theirCookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const recording = recordingMailer();
    sent = recording.sent;
    app = await buildTestApp(database, { now: () => clock, mailer: recording.mailer });
    const today = localDate(2026, 11, 25);
    mine = await buyTravelPolicy(app, database.db, { today, annual: true });
    single = await buyTravelPolicy(app, database.db, { today, session: 'single-trip-0002' });
    theirs = await buyTravelPolicy(app, database.db, {
      today,
      annual: true,
      session: 'someone-else-0003',
      edit: (policy) => {
        Object.assign(policy.policyTravel.applicant, {
          hkId: 'S7812345A',
          dateOfBirth: '02/03/1978',
          email: 'MEI.LING@EXAMPLE.COM',
        });
      },
    });
    cookie = await holderCookieFor(app, database.db, mine.policyId);
    theirCookie = await holderCookieFor(app, database.db, theirs.policyId);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  // Each test a little later (codes of earlier tests stay in their own past), with fresh sessions.
  beforeEach(async () => {
    clock = new Date(clock.getTime() + 11 * 60_000);
    cookie = await holderCookieFor(app, database.db, mine.policyId);
    theirCookie = await holderCookieFor(app, database.db, theirs.policyId);
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, withCookie: string | null = cookie) =>
    app.inject({
      method,
      url,
      headers: { 'session-name': SESSION, ...(withCookie ? { cookie: withCookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const document = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!
      .document as TPolicy;
  const eventsOf = (policyId: string) =>
    database.db
      .select()
      .from(policyEvents)
      .where(eq(policyEvents.policyId, policyId))
      .orderBy(policyEvents.id);
  const contact = { mobileNoCountryCode: '65', mobileNo: '91234567', email: 'WEIMING.TAN@EXAMPLE.COM' };
  /** The step-up code the holder of `withCookie` gets by mail for `purpose` on the policy. */
  const stepUp = (policyId: string, purpose: TStepUpPurpose, withCookie = cookie) =>
    stepUpCode(app, sent, {
      cookie: withCookie,
      policyId,
      purpose,
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
  /** A contact change as the panel sends it: with the step-up code it asked for first. */
  const change = async (policyId: string, body: object, withCookie = cookie) =>
    call(
      'POST',
      `${POLICY}/${policyId}/contact`,
      { ...body, stepUpCode: await stepUp(policyId, 'contact', withCookie) },
      withCookie,
    );

  /** Delivers the outbox and answers the code the last contact-code mail carried. */
  async function deliveredCode(): Promise<string> {
    await app.services.documents.deliverMail();
    const mail = [...sent].reverse().find((message) => message.messageId.endsWith('.contact-email-code'));
    const code = /Your code is (\d{6})\./.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error('no code mail was sent');
    return code;
  }

  describe('who may call', () => {
    it('refuses every call without a session (401) and another holder’s policy like a missing one (404)', async () => {
      const calls: ['GET' | 'POST', string, unknown][] = [
        ['GET', `${POLICY}/${mine.policyId}/contact`, undefined],
        ['POST', `${POLICY}/${mine.policyId}/contact`, contact],
        ['POST', `${POLICY}/${mine.policyId}/contact/confirm-email`, { code: '123456' }],
        ['GET', `${POLICY}/${mine.policyId}/renewal-card`, undefined],
        ['POST', `${POLICY}/${mine.policyId}/renewal-card`, undefined],
      ];
      for (const [method, url, payload] of calls) {
        const anonymous = await call(method, url, payload, null);
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json()).toMatchObject({ field: 'session' });
        const other = await call(method, url, payload, theirCookie);
        expect(other.statusCode, url).toBe(404);
        expect(other.json()).toMatchObject({ field: 'policyId' });
      }
      const missing = await call('GET', `${POLICY}/00000000-0000-4000-8000-000000000000/contact`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(
        (await call('GET', `${POLICY}/${theirs.policyId}/contact`)).json().message,
      );
      expect((await database.db.select().from(renewalCards)).length).toBe(0);
      expect((await database.db.select().from(contactChanges)).length).toBe(0);
    });
  });

  describe('contact details', () => {
    it('shows the mobile number and the e-mail address masked', async () => {
      const answer = await call('GET', `${POLICY}/${mine.policyId}/contact`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.json()).toEqual({
        mobileNoCountryCode: '65',
        mobileNo: '91234567',
        email: 'W***@E***.COM',
        pendingEmail: null,
        correspondenceAddress: null,
      });
    });

    it.each([
      [{ mobileNo: '9123-4567' }, 'mobileNo', MESSAGE_KEYS.number],
      [{ mobileNo: '' }, 'mobileNo', MESSAGE_KEYS.required],
      [{ mobileNoCountryCode: 'SG' }, 'mobileNoCountryCode', MESSAGE_KEYS.number],
      [{ email: 'not an address' }, 'email', MESSAGE_KEYS.email],
    ])('refuses %j with a 400 naming %s, and writes nothing', async (change, field, messageKey) => {
      const before = await eventsOf(mine.policyId);
      const answer = await call('POST', `${POLICY}/${mine.policyId}/contact`, { ...contact, ...change });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ field, messageKey });
      expect(await eventsOf(mine.policyId)).toHaveLength(before.length);
      expect(policyApplicant(await document(mine.policyId))).toMatchObject({ mobileNo: '91234567' });
    });

    it('refuses a body of the wrong shape with a 400, not a 500', async () => {
      const answer = await call('POST', `${POLICY}/${mine.policyId}/contact`, { mobileNo: 91234567 });
      expect(answer.statusCode).toBe(400);
    });

    it('changes the mobile number at once and records it masked', async () => {
      // The e-mail left out: the address stays (the panel knows it masked only).
      const answer = await change(mine.policyId, { mobileNoCountryCode: '65', mobileNo: '87654321' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        mobileNo: '87654321',
        email: 'W***@E***.COM',
        pendingEmail: null,
      });
      expect(policyApplicant(await document(mine.policyId))).toMatchObject({ mobileNo: '87654321' });
      const [event] = (await eventsOf(mine.policyId)).slice(-1);
      expect(event!.detail).toMatchObject({ contact: 'mobile', from: '+65 ****4567', to: '+65 ****4321' });
      expect(JSON.stringify(event!.detail)).not.toContain('91234567');
    });

    it('asks for a fresh code from the address on the policy before any change, and spends it once', async () => {
      const body = { mobileNoCountryCode: '65', mobileNo: '81112222' };
      const before = policyApplicant(await document(mine.policyId))!.mobileNo;
      const without = await call('POST', `${POLICY}/${mine.policyId}/contact`, body);
      expect(without.statusCode).toBe(403);
      expect(without.json()).toMatchObject({
        field: 'stepUpCode',
        messageKey: IDENTITY_MESSAGE_KEYS.stepUpRequired,
      });
      // A code for another change, or asked in another session, is not this one's.
      const forCard = await stepUp(mine.policyId, 'renewal-card');
      const elsewhere = await stepUp(
        mine.policyId,
        'contact',
        await holderCookieFor(app, database.db, mine.policyId),
      );
      for (const stepUpCode of [forCard, elsewhere]) {
        const answer = await call('POST', `${POLICY}/${mine.policyId}/contact`, { ...body, stepUpCode });
        expect(answer.statusCode).toBe(403);
      }
      const code = await stepUp(mine.policyId, 'contact');
      const mail = sent.findLast((message) => message.messageId.startsWith('step-up.'))!;
      expect(mail.to).toBe('WEIMING.TAN@EXAMPLE.COM');
      expect(mail.subject).toContain('change its contact details');
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const refused = await call('POST', `${POLICY}/${mine.policyId}/contact`, {
        ...body,
        stepUpCode: wrong,
      });
      expect(refused.json()).toMatchObject({
        field: 'stepUpCode',
        messageKey: IDENTITY_MESSAGE_KEYS.stepUpWrong,
      });
      expect(policyApplicant(await document(mine.policyId))).toMatchObject({ mobileNo: before });
      const done = await call('POST', `${POLICY}/${mine.policyId}/contact`, { ...body, stepUpCode: code });
      expect(done.statusCode).toBe(200);
      expect(policyApplicant(await document(mine.policyId))).toMatchObject({ mobileNo: '81112222' });
      const again = await call('POST', `${POLICY}/${mine.policyId}/contact`, {
        ...body,
        mobileNo: '91234567',
        stepUpCode: code,
      });
      expect(again.statusCode).toBe(403);
      expect((await change(mine.policyId, { ...body, mobileNo: '91234567' })).statusCode).toBe(200);
    });

    it('backs off the codes one policy may ask for, without locking it', async () => {
      const ask = () =>
        call('POST', `${POLICY}/${mine.policyId}/step-up`, { purpose: 'contact', language: 'en' });
      const answers = [];
      for (let index = 0; index < 5; index += 1) answers.push(await ask());
      const refused = answers.find((answer) => answer.statusCode === 429);
      expect(refused, 'a code asked at once after three').toBeDefined();
      expect(refused!.json()).toMatchObject({
        field: 'stepUpCode',
        messageKey: IDENTITY_MESSAGE_KEYS.tooManyCodes,
      });
      clock = new Date(clock.getTime() + refused!.json().retryAfterSeconds * 1000);
      expect((await ask()).statusCode).toBe(200);
    });
    it(`ends a code after ${ACCESS_CODE_MAX_TRIES} wrong tries: the right one is refused after that`, async () => {
      await change(mine.policyId, { ...contact, email: 'third@example.net' });
      const code = await deliveredCode();
      const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
      const keys: string[] = [];
      for (let index = 0; index < ACCESS_CODE_MAX_TRIES; index += 1)
        keys.push(
          (await call('POST', `${POLICY}/${mine.policyId}/contact/confirm-email`, { code: wrong })).json()
            .messageKey,
        );
      expect(keys).toEqual([
        ...Array(ACCESS_CODE_MAX_TRIES - 1).fill(MANAGE_MESSAGE_KEYS.codeWrong),
        MANAGE_MESSAGE_KEYS.codeUsedUp,
      ]);
      const right = await call('POST', `${POLICY}/${mine.policyId}/contact/confirm-email`, { code });
      expect(right.statusCode).toBe(400);
      expect(right.json()).toMatchObject({ field: 'code', messageKey: MANAGE_MESSAGE_KEYS.codeUsedUp });
      expect(policyApplicant(await document(mine.policyId))?.email).toBe('WEIMING.TAN@EXAMPLE.COM');
    });
    it('refuses a code after its 10 minutes', async () => {
      await change(mine.policyId, { ...contact, email: 'late@example.net' });
      const code = await deliveredCode();
      clock = new Date(clock.getTime() + (ACCESS_CODE_VALID_MINUTES * 60 + 1) * 1000);
      const late = await call('POST', `${POLICY}/${mine.policyId}/contact/confirm-email`, { code });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ messageKey: MANAGE_MESSAGE_KEYS.codeExpired });
      expect(policyApplicant(await document(mine.policyId))?.email).toBe('WEIMING.TAN@EXAMPLE.COM');
    });
    it('refuses the code of an older request once a newer one was asked for', async () => {
      const own = await holderCookieFor(app, database.db, single.policyId);
      await change(single.policyId, { ...contact, email: 'first@example.net' }, own);
      const first = await deliveredCode();
      await change(single.policyId, { ...contact, email: 'second@example.net' }, own);
      const second = await deliveredCode();
      const confirm = (code: string) =>
        call('POST', `${POLICY}/${single.policyId}/contact/confirm-email`, { code }, own);
      if (first !== second)
        expect((await confirm(first)).json()).toMatchObject({ messageKey: MANAGE_MESSAGE_KEYS.codeWrong });
      expect((await confirm(second)).statusCode).toBe(200);
      expect(policyApplicant(await document(single.policyId))?.email).toBe('second@example.net');
    });
    it('applies a new e-mail address only with the code sent to it, then tells the old address', async () => {
      const answer = await change(mine.policyId, {
        ...contact,
        mobileNo: '87654321',
        email: 'new.home@example.org',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ email: 'W***@E***.COM', pendingEmail: 'n***@e***.org' });
      // Not applied yet: the policy's mail still goes to the old address.
      expect(policyApplicant(await document(mine.policyId))?.email).toBe('WEIMING.TAN@EXAMPLE.COM');
      const [stored] = await database.db
        .select()
        .from(contactChanges)
        .where(eq(contactChanges.policyId, mine.policyId));
      expect(stored!.codeHash).not.toMatch(/^\d{6}$/);

      const code = await deliveredCode();
      const codeMail = sent.findLast((message) => message.messageId.endsWith('.contact-email-code'))!;
      expect(codeMail.to).toBe('new.home@example.org');
      expect(codeMail.subject).not.toContain(code);
      expect(codeMail.text).toContain(`within ${ACCESS_CODE_VALID_MINUTES} minutes`);
      // Once mailed, only the code's hash is kept.
      const [codeRow] = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.messageId, codeMail.messageId));
      expect(codeRow!.sealed).toBeNull();

      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const refused = await call('POST', `${POLICY}/${mine.policyId}/contact/confirm-email`, { code: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'code', messageKey: MANAGE_MESSAGE_KEYS.codeWrong });
      expect(policyApplicant(await document(mine.policyId))?.email).toBe('WEIMING.TAN@EXAMPLE.COM');

      const confirmed = await call('POST', `${POLICY}/${mine.policyId}/contact/confirm-email`, { code });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ email: 'n***@e***.org', pendingEmail: null });
      const changed = await document(mine.policyId);
      expect(policyApplicant(changed)?.email).toBe('new.home@example.org');
      const [event] = (await eventsOf(mine.policyId)).slice(-1);
      expect(event!.detail).toMatchObject({ contact: 'email', from: 'W***@E***.COM', to: 'n***@e***.org' });

      // The code is spent: the same code again changes nothing more.
      const again = await call('POST', `${POLICY}/${mine.policyId}/contact/confirm-email`, { code });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ messageKey: MANAGE_MESSAGE_KEYS.noPendingChange });

      // The old address is told, with the new one masked.
      await app.services.documents.deliverMail();
      const notice = sent.findLast(
        (message) =>
          message.messageId.endsWith('.contact-email-changed') && message.text.includes(mine.policyNumber),
      )!;
      expect(notice.to).toBe('WEIMING.TAN@EXAMPLE.COM');
      expect(notice.text).toContain('n***@e***.org');
      expect(notice.text).not.toContain('new.home@example.org');
      // Later mail (a renewal notice) reads the new address from the document.
      expect(applicantMail('renewal-notice', mine.policyId, mine.policyNumber, changed)?.recipient).toBe(
        'new.home@example.org',
      );
    });

    it('lets the old address undo a change, once: until then no second change, cancellation or payout change', async () => {
      const notice = sent.findLast(
        (message) =>
          message.messageId.endsWith('.contact-email-changed') && message.text.includes(mine.policyNumber),
      )!;
      const link = /(http\S+\/my-policy\/undo\?\S+)/.exec(notice.text)?.[1];
      expect(link, 'the undo link').toBeDefined();
      const url = new URL(link!);
      expect(url.searchParams.get('country')).toBe('SGP');
      const token = url.hash.slice(1);
      expect(notice.text).toContain(
        `until ${formatDmy(addDays(todayIn('Asia/Singapore', clock), EMAIL_UNDO_VALID_DAYS))}`,
      );
      // The new address's own session, and the one that made the change; and the owner's other session,
      // which proved only the old address before the change.
      const newOnly = await holderCookieFor(app, database.db, mine.policyId);
      const bystander = await holderCookieForAddress(app, 'SGP', 'weiming.tan@example.com');
      expect((await call('GET', `${POLICY}/${mine.policyId}`, undefined, bystander)).statusCode).toBe(404);
      expect((await call('GET', `${POLICY}/${mine.policyId}`, undefined, newOnly)).statusCode).toBe(200);

      const second = await call('POST', `${POLICY}/${mine.policyId}/contact`, {
        ...contact,
        email: 'x@example.org',
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ messageKey: IDENTITY_MESSAGE_KEYS.undoPending });
      expect(second.json().values.until).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      // Money leaving, the cover ending or moving to another home wait (decision 138: the insured address).
      for (const purpose of BLOCKED_WHILE_UNDOABLE)
        expect(
          (await call('POST', `${POLICY}/${mine.policyId}/step-up`, { purpose, language: 'en' })).json(),
        ).toMatchObject({ statusCode: 409, messageKey: IDENTITY_MESSAGE_KEYS.undoPending });
      // A mobile change (not money, not the address) still goes.
      expect(
        (await change(mine.policyId, { mobileNoCountryCode: '65', mobileNo: '91234567' })).statusCode,
      ).toBe(200);

      const undo = (value: string) =>
        app.inject({
          method: 'POST',
          url: '/b2c-server/rest/my-policy/contact/undo',
          headers: { 'session-name': SESSION },
          payload: { token: value },
        });
      expect((await undo('x'.repeat(43))).json()).toMatchObject({
        messageKey: IDENTITY_MESSAGE_KEYS.undoInvalid,
      });
      const undone = await undo(token);
      expect(undone.statusCode).toBe(200);
      expect(undone.json()).toEqual({ policyNumber: mine.policyNumber, email: 'W***@E***.COM' });
      expect(policyApplicant(await document(mine.policyId))?.email).toBe('WEIMING.TAN@EXAMPLE.COM');
      // The session that proved only the new address reaches the policy no more; the one that made the
      // change (it proved the old address too, by its fresh code) is ended whole.
      expect((await call('GET', `${POLICY}/${mine.policyId}`, undefined, newOnly)).statusCode).toBe(401);
      expect((await call('GET', `${POLICY}/${mine.policyId}`)).statusCode).toBe(401);
      expect((await call('GET', `${POLICY}/${mine.policyId}`, undefined, bystander)).statusCode).toBe(200);
      expect((await undo(token)).json()).toMatchObject({ messageKey: IDENTITY_MESSAGE_KEYS.undoUsed });
      const [event] = (await eventsOf(mine.policyId)).slice(-1);
      expect(event!.detail).toMatchObject({ contact: 'email', by: 'policyholder-undo', to: 'W***@E***.COM' });
      await app.services.documents.deliverMail();
      const restored = sent.findLast((message) => message.messageId.endsWith('.contact-email-restored'))!;
      expect(restored.to).toBe('WEIMING.TAN@EXAMPLE.COM');
      // Undone, the policy may change again.
      cookie = await holderCookieFor(app, database.db, mine.policyId);
      expect((await change(mine.policyId, { ...contact, email: 'after.undo@example.org' })).statusCode).toBe(
        200,
      );
    });

    it(`ends the undo after ${EMAIL_UNDO_VALID_DAYS} days, and with it the wait`, async () => {
      const notice = sent.findLast(
        (message) =>
          message.messageId.endsWith('.contact-email-changed') &&
          message.to === 'WEIMING.TAN@EXAMPLE.COM' &&
          message.text.includes(single.policyNumber),
      )!;
      const token = new URL(/(http\S+\/my-policy\/undo\?\S+)/.exec(notice.text)![1]!).hash.slice(1);
      clock = new Date(clock.getTime() + EMAIL_UNDO_VALID_DAYS * 86_400_000 + 60_000);
      const late = await app.inject({
        method: 'POST',
        url: '/b2c-server/rest/my-policy/contact/undo',
        headers: { 'session-name': SESSION },
        payload: { token },
      });
      expect(late.json()).toMatchObject({ field: 'token', messageKey: IDENTITY_MESSAGE_KEYS.undoExpired });
      const own = await holderCookieFor(app, database.db, single.policyId);
      expect(
        (await change(single.policyId, { ...contact, email: 'later@example.net' }, own)).statusCode,
      ).toBe(200);
    });
  });

  describe('the renewal card', () => {
    const start = async (policyId: string, withCookie = cookie) =>
      call(
        'POST',
        `${POLICY}/${policyId}/renewal-card`,
        { stepUpCode: await stepUp(policyId, 'renewal-card', withCookie) },
        withCookie,
      );
    const postAnswer = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: CARD_RECEIPT_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        payload: new URLSearchParams(fields).toString(),
      });

    it('shows the card the renewals are charged to', async () => {
      const answer = await call('GET', `${POLICY}/${mine.policyId}/renewal-card`);
      expect(answer.json()).toEqual({ changeable: true, card: { masked: '•••• 1111', expiry: '12/2030' } });
      const singleTrip = await call(
        'GET',
        `${POLICY}/${single.policyId}/renewal-card`,
        undefined,
        await holderCookieFor(app, database.db, single.policyId),
      );
      expect(singleTrip.json()).toEqual({ changeable: false, card: null });
    });

    it('signs a token-only request bound to the policy, and refuses a policy that cannot renew', async () => {
      const answer = await start(mine.policyId);
      expect(answer.statusCode).toBe(200);
      const { paymentUrl, paymentSignatureKey, ...fields } = answer.json() as Record<string, string>;
      expect(fields).toMatchObject({
        transaction_type: 'create_payment_token',
        amount: '0.00',
        currency: 'SGD',
        payment_method: 'card',
        unsigned_field_names: 'card_type,card_number,card_expiry_date,card_cvn',
      });
      expect(fields.override_custom_receipt_page).toMatch(new RegExp(`${CARD_RECEIPT_PATH}$`));
      expect(fields.signed_field_names!.split(',')).toEqual(
        expect.arrayContaining([
          'transaction_type',
          'amount',
          'reference_number',
          'override_custom_receipt_page',
        ]),
      );
      expect(paymentUrl).toMatch(/\/gateway\/silent\/pay$/);
      const profile = await merchantProfile(testConfig(), database.db, 'SGP');
      expect(verifySignature({ ...fields, signature: paymentSignatureKey! }, profile.secretKey)).toBe(true);
      const [row] = await database.db
        .select()
        .from(renewalCards)
        .where(eq(renewalCards.referenceNumber, fields.reference_number!));
      expect(row).toMatchObject({
        policyId: mine.policyId,
        status: 'open',
        transactionUuid: fields.transaction_uuid,
      });

      // A policy that cannot renew is refused before any code is asked for.
      const refused = await call(
        'POST',
        `${POLICY}/${single.policyId}/renewal-card`,
        {},
        await holderCookieFor(app, database.db, single.policyId),
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ messageKey: MANAGE_MESSAGE_KEYS.cardNotEligible });
    });

    it('stores the new card from the verified answer, once, and the next renewal charge uses it', async () => {
      const signature = (await start(mine.policyId)).json();
      const answer = await payAtTestGateway(app, signature, '5555555555554444');
      expect(answer.decision).toBe('ACCEPT');
      expect(answer.auth_amount).toBeUndefined();
      const stored = await postAnswer(answer);
      expect(stored.json()).toMatchObject({ stored: true, maskedCard: '•••• 4444', cardExpiry: '12/2030' });
      expect((await call('GET', `${POLICY}/${mine.policyId}/renewal-card`)).json()).toMatchObject({
        card: { masked: '•••• 4444' },
      });
      const [event] = (await eventsOf(mine.policyId)).slice(-1);
      expect(event!.detail).toMatchObject({ renewalCard: 'changed', card: '•••• 4444' });
      expect(JSON.stringify(event!.detail)).not.toContain(answer.payment_token!);

      // The same answer again (a reload, a replay) is answered as recorded and changes nothing.
      const events = (await eventsOf(mine.policyId)).length;
      expect((await postAnswer(answer)).json()).toMatchObject({ stored: true, maskedCard: '•••• 4444' });
      expect(await eventsOf(mine.policyId)).toHaveLength(events);

      // No money moved: the shop's payments of the policy are the purchase only.
      const paid = await database.db.select().from(payments).where(eq(payments.policyId, mine.policyId));
      expect(paid).toHaveLength(1);

      // The renewal, 15 days before the end of cover, charges the new card's token.
      const end = parseIso(mine.row.endDate!)!;
      const chargeDay = addDays(end, -15);
      clock = new Date(`${formatIso(addDays(end, -30))}T02:00:00.000Z`);
      await app.services.renewal.runRenewalScan(addDays(end, -30), 'SGP');
      clock = new Date(`${formatIso(chargeDay)}T02:00:00.000Z`);
      const result = await app.services.renewal.runRenewalScan(chargeDay, 'SGP');
      // Both annual policies bought that day renew; this one on the new card.
      expect(result).toMatchObject({ charged: 2, renewed: 2, declined: 0 });
      const [renewed] = await database.db
        .select()
        .from(policies)
        .where(eq(policies.renewalOf, mine.policyId));
      const [charge] = await database.db
        .select()
        .from(payments)
        .where(eq(payments.policyId, renewed!.policyId))
        .orderBy(desc(payments.createdAt));
      expect(charge).toMatchObject({
        status: 'paid',
        paymentToken: answer.payment_token,
        maskedCard: 'xxxxxxxxxxxx4444',
      });

      // A card given afterwards on the expiring policy pays the renewed one's next renewal.
      cookie = await holderCookieFor(app, database.db, mine.policyId);
      const later = await payAtTestGateway(app, (await start(mine.policyId)).json(), '2223000048400011');
      expect((await postAnswer(later)).json()).toMatchObject({ stored: true, maskedCard: '•••• 0011' });
      const next = await createRenewalRepository(database.db).tokenPayment(renewed!.policyId);
      expect(next).toMatchObject({ paymentToken: later.payment_token, maskedCard: 'xxxxxxxxxxxx0011' });
    });

    it('changes nothing for a forged signature, a moved reference, or a declined card', async () => {
      const before = (
        await call('GET', `${POLICY}/${theirs.policyId}/renewal-card`, undefined, theirCookie)
      ).json();
      const signature = (await start(theirs.policyId, theirCookie)).json();
      const answer = await payAtTestGateway(app, signature, '5555555555554444');

      // A token swapped in: the signature no longer matches.
      const swapped = await postAnswer({ ...answer, payment_token: 'F'.repeat(32) });
      expect(swapped.json()).toMatchObject({
        stored: false,
        messageKey: MANAGE_MESSAGE_KEYS.cardNotVerified,
      });

      // Re-signed with a key that is not the gateway's.
      const { signature: _drop, ...unsigned } = answer;
      const resigned = await postAnswer({ ...unsigned, signature: signFields(unsigned, 'not-the-secret') });
      expect(resigned.json()).toMatchObject({ stored: false });

      // The answer moved onto another policy's request: the reference is signed, so it does not verify.
      const other = (await start(mine.policyId)).json();
      const moved = await postAnswer({ ...answer, req_reference_number: other.reference_number });
      expect(moved.json()).toMatchObject({ stored: false });
      const [otherRow] = await database.db
        .select()
        .from(renewalCards)
        .where(eq(renewalCards.referenceNumber, other.reference_number));
      expect(otherRow!.status).toBe('open');

      // An unknown reference.
      expect(
        (await postAnswer({ ...answer, req_reference_number: 'TSG-000000-NOPE0000' })).json(),
      ).toMatchObject({
        stored: false,
      });

      expect(
        (await call('GET', `${POLICY}/${theirs.policyId}/renewal-card`, undefined, theirCookie)).json(),
      ).toEqual(before);
      const alerts = await database.db
        .select()
        .from(operationsAlerts)
        .where(
          and(eq(operationsAlerts.policyId, theirs.policyId), eq(operationsAlerts.kind, 'forged_answer')),
        );
      expect(alerts.length).toBeGreaterThan(0);

      // The genuine answer still goes through afterwards.
      expect((await postAnswer(answer)).json()).toMatchObject({ stored: true, maskedCard: '•••• 4444' });

      // A declined card: recorded as declined, the card on file stays.
      const declinedSignature = (await start(theirs.policyId, theirCookie)).json();
      const declined = await payAtTestGateway(app, declinedSignature, '4000000000002040');
      expect(declined.decision).toBe('DECLINE');
      expect(declined.payment_token).toBeUndefined();
      expect((await postAnswer(declined)).json()).toMatchObject({
        stored: false,
        messageKey: MANAGE_MESSAGE_KEYS.cardDeclined,
        reasonCode: 204,
      });
      expect(
        (await call('GET', `${POLICY}/${theirs.policyId}/renewal-card`, undefined, theirCookie)).json(),
      ).toMatchObject({ card: { masked: '•••• 4444' } });
      const codes = await database.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.messageId, 'contact-change.%'));
      expect(codes.every((mail) => mail.policyId !== theirs.policyId)).toBe(true);
    });

    it('keeps the card when the gateway’s refusal of a double post arrives before its acceptance', async () => {
      const signature = (await start(mine.policyId)).json();
      const accepted = await payAtTestGateway(app, signature, '4111111111111111');
      const twice = await payAtTestGateway(app, signature, '4111111111111111');
      expect(twice).toMatchObject({ decision: 'ERROR', reason_code: '104' });
      expect((await postAnswer(twice)).json()).toMatchObject({ stored: false });
      expect((await postAnswer(accepted)).json()).toMatchObject({ stored: true, maskedCard: '•••• 1111' });
      // …and the refusal, posted again afterwards, does not undo it.
      expect((await postAnswer(twice)).json()).toMatchObject({ stored: true });
      expect((await call('GET', `${POLICY}/${mine.policyId}/renewal-card`)).json()).toMatchObject({
        card: { masked: '•••• 1111' },
      });
    });

    it('answers the frame with a page that hands the result to the shop’s window only', async () => {
      const page = await app.inject({
        method: 'POST',
        url: CARD_RECEIPT_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'req_reference_number=%3Cscript%3E',
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(page.body).toContain('lionrock-card-receipt');
      expect(page.body).not.toContain('<script>"');
    });
  });
});
