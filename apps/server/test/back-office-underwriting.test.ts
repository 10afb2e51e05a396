import { addDays, formatIso, localDate, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { TRAVEL_RATE_TABLES } from '@lionrock/domain/rating/bundled-rate-tables';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { auditLog, rateTables } from '../src/db/schema.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const UW = `${BACK_OFFICE}/admin/underwriting`;
const today = localDate(2026, 11, 25);
const at = new Date('2026-11-25T03:00:00Z');
/** The uploaded version takes effect 20 days from today. */
const effective = addDays(today, 20);

/** A Singapore 7-day Asia Pacific single trip for one adult departing on `departure` (the fixture departs 14 days after its "today"). */
const tripDeparting = (departure: TLocalDate, overrides = {}) =>
  buildTravelPolicy(addDays(departure, -14), overrides);

/** The list price (before the direct discount) of each plan, in cents, as the shop quotes the trip. */
async function listPrices(app: FastifyInstance, departure: TLocalDate): Promise<Record<string, number>> {
  const response = await postRest(app, 'policy/multirate', tripDeparting(departure));
  expect(response.statusCode).toBe(200);
  const items = response.json().policyTravel.premiumItems as {
    planName: string;
    premiumWithoutDiscount: number;
  }[];
  return Object.fromEntries(
    items.map((item) => [item.planName, Math.round(item.premiumWithoutDiscount * 100)]),
  );
}

/**
 * Underwriting in the back office (issue 18, decision 085): the blacklist takes effect on the next
 * quote, an uploaded rate table prices nothing until activated, its diff matches the quotes, and once
 * active it prices the trips that start on or after its effective date only.
 */
describeEachDriver('back office: underwriting', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let underwriter: TSignedIn;
  let readOnly: TSignedIn;
  let marketing: TSignedIn;
  let draftId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => at });
    underwriter = await signedInAs(app, 'underwriting', { at });
    readOnly = await signedInAs(app, 'read_only', { at });
    marketing = await signedInAs(app, 'marketing', { at });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('lets underwriting change the blacklist, read-only only read it, and others neither', async () => {
    const list = (who: TSignedIn) =>
      app.inject({ method: 'GET', url: `${UW}/blacklist`, headers: who.headers });
    expect((await list(marketing)).statusCode).toBe(403);
    expect((await list(readOnly)).statusCode).toBe(200);
    const add = (who: TSignedIn) =>
      app.inject({
        method: 'POST',
        url: `${UW}/blacklist`,
        headers: who.headers,
        payload: { idNumber: 'S1234567D', reason: 'Test entry' },
      });
    expect((await add(readOnly)).statusCode).toBe(403);
    expect((await add(marketing)).statusCode).toBe(403);
  });

  it('refuses a quote right after an ID is blacklisted, with the number masked and the change audited, and accepts it after removal', async () => {
    expect(
      (await postRest(app, 'policy/multirate', tripDeparting(addDays(today, 14)))).json().errorMessage,
    ).toBeUndefined();
    const added = await app.inject({
      method: 'POST',
      url: `${UW}/blacklist`,
      headers: underwriter.headers,
      payload: { idNumber: ' s8512345i ', reason: 'Sanctions screening match' },
    });
    expect(added.statusCode).toBe(201);
    const { key } = added.json() as { key: string };
    const again = await app.inject({
      method: 'POST',
      url: `${UW}/blacklist`,
      headers: underwriter.headers,
      payload: { idNumber: 'S8512345I', reason: 'Twice' },
    });
    expect(again.statusCode).toBe(409);

    await vi.waitFor(async () => {
      const refused = await postRest(app, 'policy/multirate', tripDeparting(addDays(today, 14)));
      expect(refused.json().errorMessage).toBe('Decline: Underwriting/Compliance.');
    });

    const listed = (
      await app.inject({ method: 'GET', url: `${UW}/blacklist`, headers: readOnly.headers })
    ).json().entries as { key: string; idNumber: string; reason: string }[];
    const entry = listed.find((row) => row.key === key)!;
    expect(entry.reason).toBe('Sanctions screening match');
    expect(entry.idNumber).not.toContain('8512345');
    expect(JSON.stringify(listed)).not.toContain('S8512345I');

    // Read-only may not reveal; underwriting may, and it is audited.
    expect(
      (await app.inject({ method: 'POST', url: `${UW}/blacklist/${key}/reveal`, headers: readOnly.headers }))
        .statusCode,
    ).toBe(403);
    const revealed = await app.inject({
      method: 'POST',
      url: `${UW}/blacklist/${key}/reveal`,
      headers: underwriter.headers,
    });
    expect(revealed.json()).toEqual({ idNumber: 'S8512345I' });

    const removeWithout = await app.inject({
      method: 'POST',
      url: `${UW}/blacklist/${key}/remove`,
      headers: underwriter.headers,
      payload: { reason: '' },
    });
    expect(removeWithout.statusCode).toBe(400);
    const removed = await app.inject({
      method: 'POST',
      url: `${UW}/blacklist/${key}/remove`,
      headers: underwriter.headers,
      payload: { reason: 'Cleared by compliance' },
    });
    expect(removed.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const accepted = await postRest(app, 'policy/multirate', tripDeparting(addDays(today, 14)));
      expect(accepted.json().errorMessage).toBeUndefined();
    });

    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'underwriting_blacklist'), eq(auditLog.entityId, key)));
    expect(trail.map((row) => row.action).sort()).toEqual(['blacklist.add', 'blacklist.remove', 'reveal']);
    expect(trail.every((row) => row.actor === underwriter.username)).toBe(true);
    expect(JSON.stringify(trail)).not.toContain('S8512345I');
    expect(trail.find((row) => row.action === 'blacklist.remove')!.note).toBe('Cleared by compliance');
  });

  // The Singapore travel table with the 6–10 day Asia Pacific prices raised: S$36 → S$50 (Standard),
  // S$58 → S$80 (Super). Everything else as the version in force.
  const raised = structuredClone(TRAVEL_RATE_TABLES.SGP) as {
    single: { areas: Record<string, Record<string, number[]>> };
  };
  raised.single.areas['6']!.STANDARD![1] = 5000;
  raised.single.areas['6']!.SUPER![1] = 8000;
  const upload = (who: TSignedIn, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `${UW}/rate-tables`,
      headers: who.headers,
      payload: {
        product: 'PTR',
        country: 'SGP',
        kind: 'rates',
        version: '2027.1-test',
        effectiveDate: formatIso(effective),
        data: raised,
        ...body,
      },
    });

  it('validates an upload with the engine schema, refuses a past date and a used version label', async () => {
    expect((await upload(readOnly, {})).statusCode).toBe(403);
    const broken = await upload(underwriter, { data: { ...raised, annual: { '6': { STANDARD: -1 } } } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().field).toBe('data');
    const past = await upload(underwriter, { effectiveDate: formatIso(addDays(today, -1)) });
    expect(past.statusCode).toBe(400);
    expect(past.json().field).toBe('effectiveDate');
    const used = await upload(underwriter, { version: TRAVEL_RATE_TABLES.SGP.version });
    expect(used.statusCode).toBe(409);
    const unknown = await upload(underwriter, { country: 'MYS' });
    expect(unknown.statusCode).toBe(400);
  });

  it('stores a draft that changes no price, with a diff that matches the quotes under each version', async () => {
    const uploaded = await upload(underwriter, {});
    expect(uploaded.statusCode).toBe(201);
    draftId = uploaded.json().id;
    expect(uploaded.json().status).toBe('draft');

    // A trip starting on the effective date is still priced by the version in force.
    expect(await listPrices(app, effective)).toEqual({ STANDARD: 3600, SUPER: 5800 });

    const diff = await app.inject({
      method: 'GET',
      url: `${UW}/rate-tables/${draftId}/diff`,
      headers: readOnly.headers,
    });
    expect(diff.statusCode).toBe(200);
    const body = diff.json() as {
      inForceVersion: string;
      samples: {
        label: string;
        plans: { planName: string; before: { premium: number }; after: { premium: number } }[];
      }[];
    };
    expect(body.inForceVersion).toBe(TRAVEL_RATE_TABLES.SGP.version);
    const week = body.samples.find((sample) => sample.label.includes('7 days, Asia Pacific'))!;
    expect(week.plans.map((plan) => [plan.planName, plan.before.premium, plan.after.premium])).toEqual([
      ['STANDARD', 3600, 5000],
      ['SUPER', 5800, 8000],
    ]);
    // Worldwide is not changed by this version.
    const world = body.samples.find((sample) => sample.label.includes('Worldwide'))!;
    expect(world.plans.every((plan) => plan.before.premium === plan.after.premium)).toBe(true);

    const [row] = await database.db.select().from(rateTables).where(eq(rateTables.id, draftId));
    expect(row!.status).toBe('draft');
  });

  it('prices trips from the effective date by the activated version, and earlier ones by the old', async () => {
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${UW}/rate-tables/${draftId}/activate`,
          headers: readOnly.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    const activated = await app.inject({
      method: 'POST',
      url: `${UW}/rate-tables/${draftId}/activate`,
      headers: underwriter.headers,
      payload: {},
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().status).toBe('active');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${UW}/rate-tables/${draftId}/activate`,
          headers: underwriter.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(409);

    await vi.waitFor(async () => {
      expect(await listPrices(app, effective)).toEqual({ STANDARD: 5000, SUPER: 8000 });
    });
    expect(await listPrices(app, addDays(effective, 3))).toEqual({ STANDARD: 5000, SUPER: 8000 });
    expect(await listPrices(app, addDays(effective, -1))).toEqual({ STANDARD: 3600, SUPER: 5800 });

    const listing = (
      await app.inject({ method: 'GET', url: `${UW}/rate-tables`, headers: readOnly.headers })
    ).json().versions as {
      id: number;
      status: string;
      inForce: boolean;
      version: string;
      country: string;
      product: string;
    }[];
    const ours = listing.find((version) => version.id === draftId)!;
    // Active, but not yet in force today.
    expect(ours).toMatchObject({ status: 'active', inForce: false });
    expect(
      listing.find((version) => version.product === 'PTR' && version.country === 'SGP' && version.inForce)!
        .version,
    ).toBe(TRAVEL_RATE_TABLES.SGP.version);

    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'rate_tables'), eq(auditLog.entityId, String(draftId))));
    expect(trail.map((row) => row.action).sort()).toEqual(['rate-table.activate', 'rate-table.upload']);
  });

  it('keeps an uploaded version when the seed loads the bundled tables again at start', async () => {
    await seedDatabase(database.db);
    const rows = await database.db
      .select()
      .from(rateTables)
      .where(and(eq(rateTables.product, 'PTR'), eq(rateTables.country, 'SGP')));
    expect(rows.filter((row) => row.version === '2027.1-test')).toHaveLength(1);
    expect(rows.find((row) => row.version === '2027.1-test')!.status).toBe('active');
    expect(rows.filter((row) => row.version === TRAVEL_RATE_TABLES.SGP.version)).toHaveLength(1);
  });
});
