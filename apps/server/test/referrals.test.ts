import { REFERRAL_MESSAGE_KEYS, REFERRAL_VALID_DAYS } from '@lionrock/domain/back-office/referral-rules';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildPaPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, mailOutbox, referrals, savedQuotes } from '../src/db/schema.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buildTestApp, logSink, postRest, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const TODAY = localDate(2026, 11, 25);
const START = new Date('2026-11-25T03:00:00Z');
const QUEUE = `${BACK_OFFICE}/admin/underwriting/referrals`;
const DAY = 86_400_000;

/** A Singapore PA quote for one adult whose occupation is code 19 (class 04: declined), before the applicant is known. */
function declinedQuote(overrides: { occupation?: string } = {}): TPolicyInput {
  const base = buildPaPolicy(TODAY);
  const pa = base.policyPAN!;
  return {
    ...base,
    policyPAN: {
      ...pa,
      insured: {
        ...pa.insured,
        adult1: { ...pa.insured!.adult1!, occupation: overrides.occupation ?? '19' },
      },
      applicant: { ...pa.applicant!, fullName: '', hkId: '', email: '', mobileNo: '' },
    },
  } as TPolicyInput;
}

/** A Hong Kong PA quote with a HK$5,000 claim in three years ("contact your agent"). */
function claimsQuote(): TPolicyInput {
  const base = buildPaPolicy(TODAY, { country: 'HKG' } as Partial<TPolicyInput>);
  const pa = base.policyPAN!;
  return {
    ...base,
    policyPAN: {
      ...pa,
      residency: undefined,
      largestClaimInThreeYears: 5000,
      insured: { ...pa.insured, adult1: { ...pa.insured!.adult1!, idType: 'HKID', hkId: 'A1234563' } },
      applicant: { ...pa.applicant!, fullName: '', hkId: '', email: '', mobileNo: '', idType: 'HKID' },
    },
  } as TPolicyInput;
}

const CONTACT = {
  fullName: 'Lim Mei Ling',
  idType: 'NRIC',
  idNumber: 's7812345a',
  mobileNoCountryCode: '65',
  mobileNo: '91234567',
  email: 'meiling.lim@example.com',
  consent: true,
};

/**
 * Underwriting referrals (issue 18, decision 089): the customer refers a refused PA quote, an
 * underwriter accepts or refuses it (audited, mailed), and the accepted quote is priced from the
 * mailed link for that applicant only, while the acceptance is valid.
 */
describeEachDriver('underwriting referrals', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let clock = START;
  const logs: string[] = [];
  const { sent, mailer } = recordingMailer();
  let underwriter: TSignedIn;
  let readOnly: TSignedIn;
  let claimsStaff: TSignedIn;
  let sessions = 0;
  const session = () => {
    sessions += 1;
    return `referral-test-${String(sessions).padStart(4, '0')}`;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const logStream = logSink((text) => logs.push(text));
    app = await buildTestApp(database, { now: () => clock, mailer, logStream, env: { LOG_LEVEL: 'info' } });
    underwriter = await signedInAs(app, 'underwriting', { at: clock });
    readOnly = await signedInAs(app, 'read_only', { at: clock });
    claimsStaff = await signedInAs(app, 'claims', { at: clock });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const refer = (body: Record<string, unknown>, sessionName = session()) =>
    postRest(
      app,
      'referral',
      { policy: declinedQuote(), contact: CONTACT, language: 'en', ...body },
      sessionName,
    );
  const decide = (who: TSignedIn, id: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `${QUEUE}/${id}/decision`, headers: who.headers, payload: body });

  /** Delivers the outbox and answers the mails sent to `to` by this delivery. */
  async function deliver(to: string) {
    const before = sent.length;
    await app.services.documents.deliverMail(50);
    return sent.slice(before).filter((mail) => mail.to === to);
  }

  it('refuses bad input naming the field, and a quote that is not refused', async () => {
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ contact: { ...CONTACT, fullName: '' } }, 'contact.fullName', MESSAGE_KEYS.required],
      [{ contact: { ...CONTACT, idType: 'HKID' } }, 'contact.idType', MESSAGE_KEYS.selectValue],
      [{ contact: { ...CONTACT, idNumber: 'S7812345B' } }, 'contact.idNumber', MESSAGE_KEYS.invalidNric],
      [
        { contact: { ...CONTACT, mobileNoCountryCode: 'x' } },
        'contact.mobileNoCountryCode',
        MESSAGE_KEYS.number,
      ],
      [{ contact: { ...CONTACT, mobileNo: '' } }, 'contact.mobileNo', MESSAGE_KEYS.required],
      [{ contact: { ...CONTACT, email: 'nobody@' } }, 'contact.email', MESSAGE_KEYS.email],
      [{ contact: { ...CONTACT, consent: false } }, 'contact.consent', REFERRAL_MESSAGE_KEYS.consent],
      [
        {
          policy: {
            ...declinedQuote(),
            policyPAN: { ...declinedQuote().policyPAN, effectiveDate: '01/01/2020' },
          },
        },
        'policy.policyPAN.effectiveDate',
        MESSAGE_KEYS.effectiveDateOutOfRange,
      ],
    ];
    for (const [body, field, messageKey] of cases) {
      const answer = await refer(body);
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(400);
      expect(answer.json().field).toBe(field);
      expect(answer.json().messageKey).toBe(messageKey);
    }
    const schema = await refer({ contact: { ...CONTACT, consent: 'yes' } });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().field).toContain('consent');
    // A class-01 occupation is priced online: nothing for the underwriters.
    const priced = await refer({ policy: declinedQuote({ occupation: '05' }) });
    expect(priced.statusCode).toBe(409);
    expect(priced.json().messageKey).toBe(REFERRAL_MESSAGE_KEYS.notReferable);
    expect(await database.db.select().from(referrals)).toEqual([]);
  });

  let occupationReferral: string;
  it('takes a declined occupation, once per applicant, keyed and masked, with an acknowledgement mailed and nothing logged', async () => {
    const created = await refer({});
    expect(created.statusCode, created.body).toBe(201);
    occupationReferral = created.json().referralId;
    expect(created.json().reference).toMatch(/^R-[0-9A-F]{8}$/);
    // The same person again, even written differently: one open referral per applicant, product and reason.
    const again = await refer({ contact: { ...CONTACT, idNumber: ' S7812345A ' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      field: 'contact.idNumber',
      messageKey: REFERRAL_MESSAGE_KEYS.alreadyOpen,
    });

    const [row] = await database.db.select().from(referrals).where(eq(referrals.id, occupationReferral));
    expect(row!.reason).toBe('OCCUPATION_DECLINED');
    expect(row!.status).toBe('open');
    expect(row!.idMasked).not.toContain('7812345');
    expect(JSON.stringify(row)).not.toContain('S7812345A');
    expect((row!.document as TPolicyInput).policyPAN?.applicant?.hkId).toBe('');

    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.messageId, `referral.${occupationReferral}.received`));
    expect(mail).toMatchObject({ kind: 'referral-received', recipient: CONTACT.email, language: 'en' });
    const mailed = await deliver(CONTACT.email);
    expect(mailed.map((m) => m.subject)).toEqual([
      `We have your request ${created.json().reference} for personal accident cover`,
    ]);
    // Greeted by the name given, not "Dear customer" (issue 29).
    expect(mailed[0]!.text).toContain('Dear LIM MEI LING,');
    const logged = logs.join('');
    expect(logged).toContain('referral received');
    expect(logged).not.toMatch(/S7812345A|s7812345a|meiling\.lim/i);
  });

  it('takes a Hong Kong claims referral in Chinese and tells the customer in Traditional characters', async () => {
    const created = await postRest(
      app,
      'referral',
      {
        policy: claimsQuote(),
        contact: {
          ...CONTACT,
          idType: 'HKID',
          idNumber: 'A123456(3)',
          mobileNoCountryCode: '852',
          email: 'chan@example.com',
        },
        language: 'zh',
      },
      session(),
    );
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, created.json().referralId));
    expect(row!.reason).toBe('CLAIMS_REFER_TO_AGENT');
    const refused = await decide(underwriter, row!.id, {
      outcome: 'refused',
      reason: 'Three large claims in two years',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const mailed = await deliver('chan@example.com');
    // Both mails in Traditional characters; the two are sent in one batch, in either order.
    expect(mailed.map((m) => m.subject)).toHaveLength(2);
    expect(mailed.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('我們已收到您的'),
        expect.stringContaining('關於您的申請'),
      ]),
    );
    const decision = mailed.find((m) => m.subject.includes('關於您的申請'));
    expect(decision!.text).toContain('Three large claims in two years');
  });

  it('lists the queue masked to read-only and underwriting, reveals only with underwriting.reveal, audited', async () => {
    expect((await app.inject({ method: 'GET', url: QUEUE, headers: claimsStaff.headers })).statusCode).toBe(
      403,
    );
    const listed = await app.inject({
      method: 'GET',
      url: `${QUEUE}?status=open`,
      headers: readOnly.headers,
    });
    expect(listed.statusCode).toBe(200);
    const entry = listed
      .json()
      .referrals.find((item: { referralId: string }) => item.referralId === occupationReferral);
    expect(entry).toMatchObject({ status: 'open', reason: 'OCCUPATION_DECLINED', fullName: 'LIM MEI LING' });
    expect(JSON.stringify(listed.json())).not.toMatch(/S7812345A|meiling\.lim@example|91234567/i);

    const one = await app.inject({
      method: 'GET',
      url: `${QUEUE}/${occupationReferral}`,
      headers: readOnly.headers,
    });
    expect(one.json().quote.adults).toEqual([
      { occupation: '19', label: 'Carpenter using power saws', occupationClass: '04' },
    ]);
    const reveal = (who: TSignedIn, field: string) =>
      app.inject({
        method: 'POST',
        url: `${QUEUE}/${occupationReferral}/reveal`,
        headers: who.headers,
        payload: { field },
      });
    expect((await reveal(readOnly, 'idNumber')).statusCode).toBe(403);
    expect((await reveal(underwriter, 'idNumber')).json()).toEqual({ field: 'idNumber', value: 'S7812345A' });
    expect((await reveal(underwriter, 'email')).json().value).toBe(CONTACT.email);
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'referral'), eq(auditLog.entityId, occupationReferral)));
    expect(trail.map((row) => [row.action, row.note, row.actor])).toEqual([
      ['reveal', 'idNumber', underwriter.username],
      ['reveal', 'email', underwriter.username],
    ]);
    // Who looked at which field, and when: never the value itself.
    expect(JSON.stringify(trail)).not.toContain('S7812345A');
    expect(JSON.stringify(trail).toLowerCase()).not.toContain(CONTACT.email.toLowerCase());
  });

  let token = '';
  it('lets only underwriting decide: accepted at a class, audited, mailed with a link; a second decision is 409', async () => {
    expect(
      (
        await decide(readOnly, occupationReferral, {
          outcome: 'accepted',
          reason: 'Foreman, no saw work',
          occupationClass: '02',
        })
      ).statusCode,
    ).toBe(403);
    const noClass = await decide(underwriter, occupationReferral, {
      outcome: 'accepted',
      reason: 'Foreman, no saw work',
    });
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().field).toBe('occupationClass');
    const noReason = await decide(underwriter, occupationReferral, {
      outcome: 'accepted',
      reason: '',
      occupationClass: '02',
    });
    expect(noReason.json().field).toBe('reason');

    const accepted = await decide(underwriter, occupationReferral, {
      outcome: 'accepted',
      reason: 'Foreman, no saw work',
      occupationClass: '02',
      loadingPercent: 10,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().referral.status).toBe('accepted');
    const refuseAfter = await decide(underwriter, occupationReferral, {
      outcome: 'refused',
      reason: 'Second thoughts',
    });
    expect(refuseAfter.statusCode).toBe(409);

    const trail = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'referral'),
          eq(auditLog.entityId, occupationReferral),
          eq(auditLog.action, 'referral.accept'),
        ),
      );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.after).toMatchObject({ status: 'accepted', acceptedClass: '02', loadingPercent: 10 });
    expect(trail[0]!.note).toBe('Foreman, no saw work');
    expect(trail[0]!.actor).toBe(underwriter.username);

    const [mail] = await deliver(CONTACT.email);
    expect(mail!.subject).toContain('Good news');
    const link = /\/pa\/resume#([A-Za-z0-9_-]{43})/.exec(mail!.text)!;
    expect(link).not.toBeNull();
    token = link[1]!;
  });

  const open = (sessionName: string) => postRest(app, 'saved-quote/open', { token }, sessionName);
  /** The quote reopened from the link, at the applicant step with `idNumber` as the applicant's. */
  async function applyAs(idNumber: string, sessionName = session()) {
    const reopened = await open(sessionName);
    expect(reopened.statusCode, reopened.body).toBe(200);
    const policy = reopened.json().policy;
    const planA = policy.policyPAN.premiumItems.find((item: { planName: string }) => item.planName === 'A');
    const fixture = buildPaPolicy(TODAY).policyPAN!;
    return postRest(
      app,
      'policy/rate',
      {
        ...policy,
        policyPAN: {
          ...policy.policyPAN,
          selectedPlan: 'A',
          policyPremium: planA,
          insured: {
            ...policy.policyPAN.insured,
            adult1: { ...fixture.insured!.adult1!, occupation: '19', hkId: idNumber },
          },
          applicant: { ...fixture.applicant!, hkId: idNumber },
        },
      },
      sessionName,
    );
  }

  it('prices the accepted quote from the mailed link, and at the applicant step for that ID number only', async () => {
    const reopened = await open(session());
    expect(reopened.statusCode, reopened.body).toBe(200);
    const policy = reopened.json().policy;
    expect(policy.policyPAN.referralId).toBe(occupationReferral);
    // Class 02 plan A (S$227) with a 10 % loading: S$249.70 before the direct discount and tax.
    const planA = policy.policyPAN.premiumItems.find((item: { planName: string }) => item.planName === 'A');
    expect(planA.premiumWithoutDiscount).toBe(249.7);

    const mine = await applyAs('S7812345A');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().errorMessage).toBeUndefined();
    expect(mine.json().status).toBe('quoted');

    const someoneElse = await applyAs('S8512345I');
    expect(someoneElse.statusCode).toBe(200);
    expect(someoneElse.json().messageKey).toBe(MESSAGE_KEYS.occupationDeclined);
  });

  it('refuses a forged referral id and a referral still open', async () => {
    const forged = declinedQuote();
    forged.policyPAN = { ...forged.policyPAN!, referralId: '7d5c6a1e-0b2f-4c3d-9e8f-1a2b3c4d5e6f' };
    expect((await postRest(app, 'policy/multirate', forged, session())).json().messageKey).toBe(
      MESSAGE_KEYS.occupationDeclined,
    );
    const other = await refer({ contact: { ...CONTACT, idNumber: 'S8512345I', email: 'tan@example.com' } });
    expect(other.statusCode, other.body).toBe(201);
    const pending = declinedQuote();
    pending.policyPAN = { ...pending.policyPAN!, referralId: other.json().referralId };
    expect((await postRest(app, 'policy/multirate', pending, session())).json().messageKey).toBe(
      MESSAGE_KEYS.occupationDeclined,
    );
    const notUuid = await postRest(
      app,
      'policy/multirate',
      { ...pending, policyPAN: { ...pending.policyPAN, referralId: 'x' } },
      session(),
    );
    expect(notUuid.statusCode).toBe(400);
  });

  it('keeps one decision of two sent at once: one answer 200, the other 409, one saved quote, one audit row', async () => {
    const made = await refer({ contact: { ...CONTACT, idNumber: 'S1234567D', email: 'race@example.com' } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().referralId;
    const answers = await Promise.all([
      decide(underwriter, id, { outcome: 'accepted', reason: 'Foreman, no saw work', occupationClass: '02' }),
      decide(underwriter, id, { outcome: 'refused', reason: 'Saw work after all' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [row] = await database.db.select().from(referrals).where(eq(referrals.id, id));
    const quotes = await database.db
      .select()
      .from(savedQuotes)
      .where(eq(savedQuotes.sessionName, `referral-${id}`));
    expect(quotes).toHaveLength(row!.status === 'accepted' ? 1 : 0);
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'referral'), eq(auditLog.entityId, id)));
    expect(trail.filter((entry) => entry.action.startsWith('referral.'))).toHaveLength(1);
  });

  it('no longer prices the quote once the acceptance has expired', async () => {
    clock = new Date(START.getTime() + (REFERRAL_VALID_DAYS - 1) * DAY);
    const late = declinedQuote();
    const referred = { ...late.policyPAN!, referralId: occupationReferral, effectiveDate: '' };
    const dated = (policyPAN: typeof referred) => ({
      ...late,
      policyPAN: { ...policyPAN, effectiveDate: '25/12/2026' },
    });
    expect(
      (await postRest(app, 'policy/multirate', dated(referred), session())).json().errorMessage,
    ).toBeUndefined();
    clock = new Date(START.getTime() + REFERRAL_VALID_DAYS * DAY + 60_000);
    expect((await postRest(app, 'policy/multirate', dated(referred), session())).json().messageKey).toBe(
      MESSAGE_KEYS.occupationDeclined,
    );
    clock = START;
  });

  it('limits referrals per session', async () => {
    const name = session();
    const answers: number[] = [];
    for (let index = 0; index < 7; index += 1)
      answers.push((await refer({ contact: { ...CONTACT, fullName: '' } }, name)).statusCode);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5)).toEqual([429, 429]);
  });
});
