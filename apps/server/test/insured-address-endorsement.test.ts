import { localDate } from '@lionrock/domain/dates/local-date';
import { endorsementQuote, INSURED_ADDRESS_MESSAGE_KEYS } from '@lionrock/domain/home/address-endorsement';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { mailOutbox, policies, policyEvents } from '../src/db/schema.ts';
import type { TMailMessage } from '../src/mail/mailer.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buyHomePolicy, buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, logSink, recordingMailer, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const POLICY = '/b2c-server/rest/my-policy/policies';
const today = localDate(2026, 11, 25);

/** Another 4-room HDB flat: the same rating facts, so the same premium. */
const SAME_KIND_OF_FLAT = {
  blockOrHouseNo: '456',
  streetName: 'Bedok North Avenue 3',
  unitNo: '#11-42',
  postalCode: '460456',
  dwellingType: 'HDB',
  hdbFlatType: '4_ROOM',
} as const;

/** A landed house: rated higher than a 4-room flat. */
const LANDED_HOUSE = {
  blockOrHouseNo: '7',
  streetName: 'Jalan Kembangan',
  postalCode: '419100',
  dwellingType: 'LANDED',
} as const;

/**
 * A home's insured address changed after the sale: an endorsement (issue 29, decision 138), on both
 * drivers. How would someone break it? Another holder's session, no step-up code or a spent one, a
 * difference that is not the one shown, a premium that changes, a travel policy, an address that names
 * nothing; and the address must never reach a log.
 */
describeEachDriver('insured address endorsement', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let sent: TMailMessage[];
  const logs: string[] = [];
  let clock = new Date('2026-11-25T02:00:00.000Z');
  let home: TBought;
  let hongKong: TBought;
  let travel: TBought;
  let cookie: string;

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
    home = await buyHomePolicy(app, database.db, { today });
    hongKong = await buyHomePolicy(app, database.db, {
      today,
      hongKong: true,
      session: 'hk-home-0002',
    });
    // Someone else's policy, at their own address.
    travel = await buyTravelPolicy(app, database.db, {
      today,
      session: 'travel-0003',
      edit: (policy) => {
        Object.assign(policy.policyTravel.applicant, {
          hkId: 'S7812345A',
          dateOfBirth: '02/03/1978',
          email: 'MEI.LING@EXAMPLE.COM',
        });
      },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    clock = new Date(clock.getTime() + 11 * 60_000);
    cookie = await holderCookieFor(app, database.db, home.policyId);
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, withCookie = cookie) =>
    app.inject({
      method,
      url,
      headers: { 'session-name': SESSION, cookie: withCookie },
      ...(payload ? { payload } : {}),
    });
  const rowOf = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;
  const codeFor = (policyId: string, withCookie = cookie) =>
    stepUpCode(app, sent, {
      cookie: withCookie,
      policyId,
      purpose: 'insured-address',
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });

  it('shows the address the policy insures and that it may change; a travel policy has none to change', async () => {
    const view = await call('GET', `${POLICY}/${home.policyId}/insured-address`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      changeable: true,
      country: 'SGP',
      currency: 'SGD',
      address: {
        blockOrHouseNo: '123',
        streetName: 'Tampines Street 11',
        unitNo: '#08-123',
        postalCode: '521123',
        dwellingType: 'HDB',
        hdbFlatType: '4_ROOM',
      },
      reasonKey: null,
    });
    const travelCookie = await holderCookieFor(app, database.db, travel.policyId);
    const travelView = await call(
      'GET',
      `${POLICY}/${travel.policyId}/insured-address`,
      undefined,
      travelCookie,
    );
    expect(travelView.json()).toMatchObject({
      changeable: false,
      reasonKey: INSURED_ADDRESS_MESSAGE_KEYS.notChangeable,
    });
    const quote = await call(
      'POST',
      `${POLICY}/${travel.policyId}/insured-address/quote`,
      SAME_KIND_OF_FLAT,
      travelCookie,
    );
    expect(quote.statusCode).toBe(409);
  });

  it("refuses another holder's session with 404, naming nothing", async () => {
    const strangers = await holderCookieFor(app, database.db, travel.policyId);
    const view = await call('GET', `${POLICY}/${home.policyId}/insured-address`, undefined, strangers);
    expect(view.statusCode).toBe(404);
    expect(view.body).not.toContain('Tampines');
    const quote = await call(
      'POST',
      `${POLICY}/${home.policyId}/insured-address/quote`,
      SAME_KIND_OF_FLAT,
      strangers,
    );
    expect(quote.statusCode).toBe(404);
  });

  it('flags every bad field at once (400), and a change that changes nothing (409)', async () => {
    const empty = await call('POST', `${POLICY}/${home.policyId}/insured-address/quote`, {
      blockOrHouseNo: '',
      streetName: ' ',
      postalCode: '12345',
      dwellingType: 'HDB',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'blockOrHouseNo',
      'streetName',
      'postalCode',
      'hdbFlatType',
    ]);
    expect(empty.json()).toMatchObject({ field: 'blockOrHouseNo', messageKey: MESSAGE_KEYS.required });
    const same = await call('POST', `${POLICY}/${home.policyId}/insured-address/quote`, {
      blockOrHouseNo: '123',
      streetName: 'tampines street  11',
      unitNo: '#08-123',
      postalCode: '521123',
      dwellingType: 'HDB',
      hdbFlatType: '4_ROOM',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().messageKey).toBe(INSURED_ADDRESS_MESSAGE_KEYS.unchanged);
  });

  it('re-rates a landed house on the tables sold: the rise for the whole period left, refused online with its figures', async () => {
    const quote = await call('POST', `${POLICY}/${home.policyId}/insured-address/quote`, LANDED_HOUSE);
    expect(quote.statusCode).toBe(200);
    const answer = quote.json();
    expect(answer).toMatchObject({
      outcome: 'collect',
      currency: 'SGD',
      from: '26/11/2026',
      daysLeft: 365,
      termDays: 365,
    });
    // Cover starts tomorrow: the whole year is left, so the difference is the year's.
    expect(answer.differenceCents).toBe(answer.annualCents - home.row.totalCents!);
    expect(answer.differenceCents).toBeGreaterThan(0);
    const refused = await call('POST', `${POLICY}/${home.policyId}/insured-address`, {
      ...LANDED_HOUSE,
      expectedDifferenceCents: answer.differenceCents,
      stepUpCode: '000000',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      messageKey: INSURED_ADDRESS_MESSAGE_KEYS.premiumChanges,
      values: { days: 365 },
    });
    expect((await rowOf(home.policyId)).document).toEqual(home.row.document);
  });

  it('the difference is the rule in the domain, on the figures the tables give', async () => {
    // The same figures through the domain's rule: a mistake planted in either side shows here.
    const quote = (
      await call('POST', `${POLICY}/${home.policyId}/insured-address/quote`, LANDED_HOUSE)
    ).json();
    const ratio = quote.annualCents / home.row.totalCents!;
    const expected = endorsementQuote({
      paidCents: home.row.totalCents!,
      oldRatedCents: 100_000,
      newRatedCents: Math.round(100_000 * ratio),
      start: localDate(2026, 11, 26),
      end: localDate(2027, 11, 25),
      today,
    });
    expect(Math.abs(expected.differenceCents - quote.differenceCents)).toBeLessThanOrEqual(1);
  });

  it('endorses a move that keeps the premium only with the step-up code and the difference shown, once', async () => {
    const url = `${POLICY}/${home.policyId}/insured-address`;
    const quote = (await call('POST', `${url}/quote`, SAME_KIND_OF_FLAT)).json();
    expect(quote).toMatchObject({ outcome: 'none', differenceCents: 0, annualCents: home.row.totalCents });

    const noCode = await call('POST', url, { ...SAME_KIND_OF_FLAT, expectedDifferenceCents: 0 });
    expect(noCode.statusCode).toBe(403);
    const code = await codeFor(home.policyId);
    const otherFigure = await call('POST', url, {
      ...SAME_KIND_OF_FLAT,
      expectedDifferenceCents: 1,
      stepUpCode: code,
    });
    expect(otherFigure.statusCode).toBe(409);
    expect(otherFigure.json().messageKey).toBe(INSURED_ADDRESS_MESSAGE_KEYS.quoteChanged);

    const eventsBefore = await database.db
      .select()
      .from(policyEvents)
      .where(eq(policyEvents.policyId, home.policyId));
    const logsBefore = logs.length;
    const [first, second] = await Promise.all([
      call('POST', url, { ...SAME_KIND_OF_FLAT, expectedDifferenceCents: 0, stepUpCode: code }),
      call('POST', url, { ...SAME_KIND_OF_FLAT, expectedDifferenceCents: 0, stepUpCode: code }),
    ]);
    // Of two posts with one code, one endorses; the other finds the code spent or the address the same.
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const ok = first.statusCode === 200 ? first : second;
    expect(ok.json()).toMatchObject({ policyNumber: home.policyNumber, endorsedFrom: '26/11/2026' });

    const row = await rowOf(home.policyId);
    const after = row.document as TPolicy;
    expect(after.policyHome).toMatchObject(SAME_KIND_OF_FLAT);
    // Only the address moved: the price, the plan and the person are as sold.
    const before = home.row.document as TPolicy;
    expect({ ...after.policyHome, blockOrHouseNo: 0, streetName: 0, unitNo: 0, postalCode: 0 }).toEqual({
      ...before.policyHome,
      blockOrHouseNo: 0,
      streetName: 0,
      unitNo: 0,
      postalCode: 0,
    });
    expect(row.totalCents).toBe(home.row.totalCents);
    const events = await database.db
      .select()
      .from(policyEvents)
      .where(eq(policyEvents.policyId, home.policyId));
    expect(events.length).toBe(eventsBefore.length + 1);
    expect(events.at(-1)!.detail).toMatchObject({
      endorsement: 'insured-address',
      from: '2026-11-26',
      differenceCents: 0,
    });
    expect(JSON.stringify(events.at(-1)!.detail)).not.toContain('Bedok');

    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.policyId, home.policyId));
    const endorsed = mails.filter((mail) => mail.kind === 'policy-endorsed');
    expect(endorsed).toHaveLength(1);
    await app.services.documents.deliverMail(20);
    const message = sent.findLast((mail) => mail.subject.includes('insured address changed'));
    expect(message?.subject).toBe(`Your Lionrock home policy ${home.policyNumber}: insured address changed`);
    expect(message?.text).toContain('changed from 26/11/2026');
    const schedule = pdfText(message!.attachments![0]!.content as Buffer);
    expect(schedule).toContain('456 Bedok North Avenue 3, #11-42, Singapore 460456');
    expect(schedule).not.toContain('Tampines');

    // The address, the ID number and the e-mail address never reach a log.
    const written = logs.slice(logsBefore).join('\n');
    expect(written).toContain('insured address endorsed');
    for (const secret of ['Bedok', '460456', 'S8512345I', 'WEIMING.TAN', 'weiming.tan'])
      expect(written).not.toContain(secret);

    // The code is spent: a second change needs a new one.
    const again = await call('POST', url, {
      ...SAME_KIND_OF_FLAT,
      blockOrHouseNo: '458',
      expectedDifferenceCents: 0,
      stepUpCode: code,
    });
    expect(again.statusCode).toBe(403);
  });

  it('Hong Kong: a district checked, a flat in another district of the same bands endorsed, the mail in Chinese', async () => {
    const hkCookie = await holderCookieFor(app, database.db, hongKong.policyId);
    const url = `${POLICY}/${hongKong.policyId}/insured-address`;
    const bad = await call(
      'POST',
      `${url}/quote`,
      { blockOrHouseNo: 'Flat 3B', streetName: '1 Tai Koo Road' },
      hkCookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'district',
      'floorArea',
      'buildingAge',
    ]);
    const move = {
      blockOrHouseNo: 'Flat 3B, 20/F',
      streetName: '1 Tai Koo Shing Road',
      district: 'EA',
      floorArea: '500_799',
      buildingAge: '20_TO_39',
    };
    const quote = (await call('POST', `${url}/quote`, move, hkCookie)).json();
    expect(quote).toMatchObject({ outcome: 'none', currency: 'HKD', differenceCents: 0 });
    const code = await stepUpCode(app, sent, {
      cookie: hkCookie,
      policyId: hongKong.policyId,
      purpose: 'insured-address',
      language: 'zh',
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
    const done = await call('POST', url, { ...move, expectedDifferenceCents: 0, stepUpCode: code }, hkCookie);
    expect(done.statusCode, done.body).toBe(200);
    await app.services.documents.deliverMail(20);
    const message = sent.findLast((mail) => mail.subject.includes(hongKong.policyNumber));
    expect(message?.subject).toContain('受保地址已更改');
    // An older building is a different band: re-rated, not the same premium.
    const older = (await call('POST', `${url}/quote`, { ...move, buildingAge: '40_PLUS' }, hkCookie)).json();
    expect(older.outcome).toBe('collect');
  });
});
