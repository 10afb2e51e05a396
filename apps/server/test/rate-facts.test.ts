import { addDays, formatDmy, formatIso, localDate } from '@lionrock/domain/dates/local-date';
import { HOME_RATE_TABLE, PA_RATE_TABLE } from '@lionrock/domain/rating/bundled-rate-tables';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const UW = `${BACK_OFFICE}/admin/underwriting`;
const today = localDate(2026, 11, 25);
/** The new tables take effect 20 days from today. */
const effective = addDays(today, 20);

// In Singapore from the effective date: a family covers 4 children free (3 in force), Temporary Total
// Disablement adds 21.5 % (18 %), Essential includes S$35,000 of contents (S$30,000). Hong Kong keeps its figures.
const paChanged = structuredClone(PA_RATE_TABLE);
paChanged.markets.SGP.freeChildren = 4;
paChanged.markets.SGP.optionalCovers.TTD!.basisPoints = 2150;
const homeChanged = structuredClone(HOME_RATE_TABLE);
homeChanged.markets.SGP.includedContentsCents.ESSENTIAL = 3_500_000;

/**
 * Rate facts (decision 114): the figures the PA and home pages state come from the rate table in force
 * on the day the cover starts — a version underwriting activates with a future date changes them from
 * that date, not before, and not while it is a draft; without a day, today in the market.
 */
describeEachDriver('policy/rate-facts: the figures of the rate table in force', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let underwriter: TSignedIn;
  let clock = new Date('2026-11-25T03:00:00Z');
  const drafts: number[] = [];

  beforeAll(async () => {
    // The figures this test changes are the bundled ones.
    expect(PA_RATE_TABLE.markets.SGP.freeChildren).toBe(3);
    expect(PA_RATE_TABLE.markets.SGP.optionalCovers.TTD!.basisPoints).toBe(1800);
    expect(HOME_RATE_TABLE.markets.SGP.includedContentsCents.ESSENTIAL).toBe(3_000_000);
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    underwriter = await signedInAs(app, 'underwriting', { at: clock });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const facts = (query: string) =>
    app.inject({
      method: 'GET',
      url: `/b2c-server/rest/policy/rate-facts?${query}`,
      headers: { 'session-name': 'rate-facts-test-session' },
    });
  const pa = async (query: string) => {
    const answer = await facts(`product=PAN&${query}`);
    expect(answer.statusCode, query).toBe(200);
    return answer.json() as {
      version: string;
      freeChildren: number;
      optionalCoverPercent: Record<string, number>;
    };
  };
  const home = async (query: string) => {
    const answer = await facts(`product=PHM&${query}`);
    expect(answer.statusCode, query).toBe(200);
    return answer.json() as { version: string; includedContentsCents: Record<string, number> };
  };
  const dayBefore = `on=${formatDmy(addDays(effective, -1))}`;
  const fromThen = `on=${formatDmy(effective)}`;

  it('answers the bundled figures as the seed loads them, per market', async () => {
    expect(await pa('country=SGP')).toEqual({
      product: 'PAN',
      country: 'SGP',
      version: PA_RATE_TABLE.version,
      freeChildren: 3,
      optionalCoverPercent: { PRX: 12, TTD: 18 },
      // The landing's "from" price: Plan A for class 1, S$168.00 and GST (landing-from-price.test.ts).
      fromPremiumCents: 18_312,
    });
    expect(await home('country=HKG')).toEqual({
      product: 'PHM',
      country: 'HKG',
      version: HOME_RATE_TABLE.version,
      includedContentsCents: HOME_RATE_TABLE.markets.HKG.includedContentsCents,
    });
  });

  it('changes nothing while the new versions are drafts', async () => {
    for (const [product, data] of [
      ['PAN', paChanged],
      ['PHM', homeChanged],
    ] as const) {
      const uploaded = await app.inject({
        method: 'POST',
        url: `${UW}/rate-tables`,
        headers: underwriter.headers,
        payload: {
          product,
          country: 'ALL',
          kind: 'rates',
          version: `2027.1-facts-${product}`,
          effectiveDate: formatIso(effective),
          data,
        },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      drafts.push(uploaded.json().id);
    }
    expect((await pa(`country=SGP&${fromThen}`)).freeChildren).toBe(3);
    expect((await home(`country=SGP&${fromThen}`)).includedContentsCents.ESSENTIAL).toBe(3_000_000);
  });

  it('answers the new figures on and after the effective day once activated, the old the day before', async () => {
    for (const id of drafts) {
      const activated = await app.inject({
        method: 'POST',
        url: `${UW}/rate-tables/${id}/activate`,
        headers: underwriter.headers,
        payload: {},
      });
      expect(activated.statusCode, activated.body).toBe(200);
    }
    // Every instance drops its tables on the table's change notification (PostgreSQL: LISTEN).
    await vi.waitFor(async () => expect((await pa(`country=SGP&${fromThen}`)).freeChildren).toBe(4), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await pa(`country=SGP&${fromThen}`)).toMatchObject({
      version: '2027.1-facts-PAN',
      optionalCoverPercent: { PRX: 12, TTD: 21.5 },
    });
    expect((await pa(`country=SGP&on=${formatDmy(addDays(effective, 40))}`)).freeChildren).toBe(4);
    await vi.waitFor(
      async () =>
        expect((await home(`country=SGP&${fromThen}`)).includedContentsCents.ESSENTIAL).toBe(3_500_000),
      { timeout: 15_000, interval: 200 },
    );
    expect((await home(`country=SGP&${fromThen}`)).version).toBe('2027.1-facts-PHM');
    // The day before: the version in force then.
    expect(await pa(`country=SGP&${dayBefore}`)).toMatchObject({
      version: PA_RATE_TABLE.version,
      freeChildren: 3,
      optionalCoverPercent: { PRX: 12, TTD: 18 },
    });
    expect((await home(`country=SGP&${dayBefore}`)).includedContentsCents.ESSENTIAL).toBe(3_000_000);
    // Hong Kong's figures are those of the same new version, unchanged.
    expect(await pa(`country=HKG&${fromThen}`)).toMatchObject({
      version: '2027.1-facts-PAN',
      freeChildren: PA_RATE_TABLE.markets.HKG.freeChildren,
      optionalCoverPercent: { TTD: PA_RATE_TABLE.markets.HKG.optionalCovers.TTD!.basisPoints / 100 },
    });
    // Without a day: today in the market, still the old version until the effective day.
    expect((await pa('country=SGP')).freeChildren).toBe(3);
    expect((await home('country=SGP')).includedContentsCents.ESSENTIAL).toBe(3_000_000);
    clock = new Date(`${formatIso(effective)}T01:00:00Z`);
    expect((await pa('country=SGP')).freeChildren).toBe(4);
    expect((await home('country=SGP')).includedContentsCents.ESSENTIAL).toBe(3_500_000);
  });

  it('refuses a day that is not a date, or an unknown market or product, naming the field', async () => {
    for (const [query, status, field] of [
      ['country=SGP&product=PAN&on=31/02/2027', 400, 'on'],
      ['country=SGP&product=PAN&on=2027-01-01', 400, 'on'],
      ['country=SGP&product=PHM&on=1/3/2027x', 400, 'on'],
      ['country=MYS&product=PAN', 400, 'country'],
      ['product=PAN', 400, 'country'],
      ['country=SGP&product=PTR', 400, 'product'],
      ['country=SGP&product=XYZ', 400, 'product'],
      ['country=SGP&product=PAN&on=01/01/1990', 404, 'on'],
    ] as const) {
      const refused = await facts(query);
      expect(refused.statusCode, query).toBe(status);
      expect(refused.json().field, query).toBe(field);
    }
  });
});
