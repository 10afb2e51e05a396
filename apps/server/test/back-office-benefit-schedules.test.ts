import { notHongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import { addDays, formatIso, localDate } from '@lionrock/domain/dates/local-date';
import { formatMoney } from '@lionrock/domain/money/money';
import { TRAVEL_BENEFITS } from '@lionrock/domain/rating/benefits/benefit-schedules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buyTravelPolicy } from './helpers/purchase.ts';
import { buildTestApp, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const UW = `${BACK_OFFICE}/admin/underwriting`;
const today = localDate(2026, 11, 25);
/** The new schedule takes effect 20 days from today; the fixture's trips depart 14 days after their "today". */
const effective = addDays(today, 20);

// Singapore's Standard medical limit (S$500,000 in force) becomes S$543,210 from the effective date;
// nothing else changes.
const OLD = formatMoney(50_000_000, 'SGP');
const NEW = formatMoney(54_321_000, 'SGP');
const changed = structuredClone(TRAVEL_BENEFITS) as {
  groups: { rows: { key: string; labelEn: string; values: { SGP: { STANDARD: number } } }[] }[];
};
const medical = changed.groups[0]!.rows.find((row) => row.key === 'medical')! as unknown as {
  labelEn: string;
  values: { SGP: { STANDARD: number } };
};
const wasInForce = medical.values.SGP.STANDARD;
medical.values.SGP.STANDARD = 54_321_000;

/**
 * Benefit schedules take effect (decision 091): a schedule uploaded and activated with a future date
 * changes the documents of policies whose cover starts from that date — the schedule PDF by link and
 * by mail — and not of those starting before, nor of those sold before it was activated (decision 098); the generic wording follows the version in force today;
 * the diff lists the changed limit.
 */
describeEachDriver('back office: benefit schedules take effect', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let underwriter: TSignedIn;
  let readOnly: TSignedIn;
  let clock = new Date('2026-11-25T03:00:00Z');
  const { sent, mailer } = recordingMailer();
  let draftId: number;

  beforeAll(async () => {
    expect(wasInForce).toBe(50_000_000);
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, mailer });
    underwriter = await signedInAs(app, 'underwriting', { at: clock });
    readOnly = await signedInAs(app, 'read_only', { at: clock });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const wording = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/b2c-server/rest/document/get/travel-policyWording?country=SGP',
    });
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload);
  };

  /** The schedule of an issued policy through its signed link. */
  async function byLink(policyId: string, policyNumber: string): Promise<string> {
    const link = new URL(await app.services.documents.scheduleLink(policyId, policyNumber));
    const response = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload);
  }

  /** The schedule attached to the policy's mail, once the outbox has sent it. */
  async function byMail(policyNumber: string): Promise<string> {
    await app.services.documents.deliverMail();
    const mail = sent.find((message) => message.subject.includes(policyNumber));
    return pdfText(mail!.attachments![0]!.content as Buffer);
  }

  it('lists the changed limit in the diff, per plan, in force against the draft', async () => {
    const uploaded = await app.inject({
      method: 'POST',
      url: `${UW}/rate-tables`,
      headers: underwriter.headers,
      payload: {
        product: 'PTR',
        country: 'ALL',
        kind: 'benefits',
        version: '2027.1-benefits-test',
        effectiveDate: formatIso(effective),
        data: changed,
      },
    });
    expect(uploaded.statusCode).toBe(201);
    draftId = uploaded.json().id;
    const diff = await app.inject({
      method: 'GET',
      url: `${UW}/rate-tables/${draftId}/diff`,
      headers: readOnly.headers,
    });
    expect(diff.statusCode).toBe(200);
    const body = diff.json() as {
      inForceVersion: string;
      benefitLines: {
        market: string;
        section: string;
        benefit: string;
        plan: string;
        inForce: string;
        draft: string;
        changed: boolean;
      }[];
    };
    expect(body.inForceVersion).toBe(TRAVEL_BENEFITS.version);
    const lines = body.benefitLines.filter((line) => line.changed);
    // The individual Standard line; the family plan has its own medical limit where the schedule says so.
    expect(lines).toContainEqual({
      market: 'SGP',
      section: 'Personal covers',
      benefit: medical.labelEn,
      plan: 'Standard',
      inForce: OLD,
      draft: NEW,
      changed: true,
    });
    expect(lines.every((line) => line.market === 'SGP' && line.benefit === medical.labelEn)).toBe(true);
    // Every other line is listed too, unchanged: Super keeps its limit.
    expect(
      body.benefitLines.find(
        (line) =>
          line.market === 'SGP' &&
          line.section === 'Personal covers' &&
          line.benefit === medical.labelEn &&
          line.plan === 'Super',
      ),
    ).toMatchObject({ changed: false });
  });

  it('prints the new limit in the schedules of policies starting from the effective date, and the old before it', async () => {
    // A draft changes nothing.
    const early = await buyTravelPolicy(app, database.db, { today: addDays(today, 10) });
    expect(await byLink(early.policyId, early.policyNumber)).toContain(`${medical.labelEn} ${OLD}`);

    const activated = await app.inject({
      method: 'POST',
      url: `${UW}/rate-tables/${draftId}/activate`,
      headers: underwriter.headers,
      payload: {},
    });
    expect(activated.statusCode).toBe(200);

    // Departing on the effective day + 4 (bought with the clock still at today) and 6 days before it.
    const after = await buyTravelPolicy(app, database.db, { today: addDays(today, 10) });
    const before = await buyTravelPolicy(app, database.db, { today });
    // Every instance drops its schedules on the table's change notification (PostgreSQL: LISTEN).
    await vi.waitFor(
      async () =>
        expect(await byLink(after.policyId, after.policyNumber)).toContain(`${medical.labelEn} ${NEW}`),
      { timeout: 15_000, interval: 200 },
    );
    expect(await byMail(after.policyNumber)).toContain(`${medical.labelEn} ${NEW}`);
    const kept = await byLink(before.policyId, before.policyNumber);
    expect(kept).toContain(`${medical.labelEn} ${OLD}`);
    expect(kept).not.toContain(NEW);
    const keptByMail = await byMail(before.policyNumber);
    expect(keptByMail).toContain(`${medical.labelEn} ${OLD}`);
    expect(keptByMail).not.toContain(NEW);
    // Sold before the activation, starting after the effective date: its contract is the old limit,
    // whenever its schedule is drawn again (decision 098).
    const sold = await byLink(early.policyId, early.policyNumber);
    expect(sold).toContain(`${medical.labelEn} ${OLD}`);
    expect(sold).not.toContain(NEW);
  });

  it('answers the quote pages the version in force on the day the cover starts (decision 099)', async () => {
    const benefits = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/b2c-server/rest/policy/benefits?${query}`,
        headers: { 'session-name': 'benefits-test-session' },
      });
    const medicalOf = (body: typeof changed) =>
      body.groups[0]!.rows.find((row) => row.key === 'medical')!.values.SGP.STANDARD;
    const dmy = (date: typeof today) => formatIso(date).split('-').reverse().join('/');
    // The day before the new version takes effect, and the day it does (it is active since the last test).
    const dayBefore = await benefits(`country=SGP&product=PTR&on=${dmy(addDays(effective, -1))}`);
    expect(dayBefore.statusCode).toBe(200);
    expect(medicalOf(dayBefore.json())).toBe(50_000_000);
    const fromThen = await vi.waitFor(
      async () => {
        const answer = await benefits(`country=SGP&product=PTR&on=${dmy(effective)}`);
        expect(medicalOf(answer.json())).toBe(54_321_000);
        return answer;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(fromThen.json()).toMatchObject({ product: 'PTR', version: '2027.1-benefits-test' });
    // Without a day, today in the market: the old version still.
    expect(medicalOf((await benefits('country=SGP&product=PTR')).json())).toBe(50_000_000);
    // Each product its own schedule.
    expect((await benefits('country=HKG&product=PAN')).json()).toMatchObject({ product: 'PAN' });
    expect((await benefits('country=HKG&product=PHM')).json()).toMatchObject({ product: 'PHM' });
    // Hong Kong reads the labels in its own characters; Singapore in Simplified as written (decision 110).
    for (const product of ['PTR', 'PAN', 'PHM']) {
      const hongKong = JSON.stringify((await benefits(`country=HKG&product=${product}`)).json());
      expect(notHongKongChinese(hongKong), product).toEqual([]);
      const singapore = JSON.stringify((await benefits(`country=SGP&product=${product}`)).json());
      expect(notHongKongChinese(singapore).length, product).toBeGreaterThan(0);
    }
    const paLabels = (country: string) =>
      benefits(`country=${country}&product=PAN`).then((answer) => answer.json().labels.burns);
    expect(await paLabels('HKG')).toEqual(['Burns', '燒傷']);
    expect(await paLabels('SGP')).toEqual(['Burns', '烧伤']);
    // A day that is not a date, or before every version, is refused naming the field.
    for (const [query, status] of [
      ['country=SGP&product=PTR&on=31/02/2027', 400],
      ['country=SGP&product=PTR&on=2027-01-01', 400],
      ['country=SGP&product=XYZ', 400],
      ['country=SGP&product=PTR&on=01/01/1990', 404],
    ] as const) {
      const refused = await benefits(query);
      expect(refused.statusCode, query).toBe(status);
      expect(refused.json().field, query).toBe(query.includes('XYZ') ? 'product' : 'on');
    }
  });

  it('writes the generic wording from the version in force today in the market', async () => {
    expect(await wording()).not.toContain(NEW);
    clock = new Date(`${formatIso(effective)}T01:00:00Z`);
    const text = await wording();
    expect(text).toContain(NEW);
    expect(text).toContain('edition 2027.1-benefits-test');
  });
});
