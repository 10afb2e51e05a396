import { addDays, formatDmy, formatIso, localDate } from '@lionrock/domain/dates/local-date';
import { PA_RATE_TABLE } from '@lionrock/domain/rating/bundled-rate-tables';
import { buildPaPolicy } from '@lionrock/domain/schemas/fixtures';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { BACK_OFFICE, signedInAs } from './helpers/back-office.ts';
import { hongKongPaPolicy } from './helpers/hong-kong-pa-policy.ts';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 26);
const NOW = new Date('2026-11-26T03:00:00Z');
/** Underwriting's new table takes effect 30 days from today. */
const effective = addDays(today, 30);

// From the effective date, class 2's Plan A in Singapore costs S$150.00: the cheapest plan changes.
const cheaperClass2 = structuredClone(PA_RATE_TABLE);
cheaperClass2.markets.SGP.adultAnnual['02'].A = 15_000;

/**
 * The personal accident landing's "from" price (issue 29: "from S$9 a month" was no price the shop
 * offers): what `policy/rate-facts` answers is the cheapest plan multirate prices for the landing's
 * default case — one adult, no child, no optional cover, over the occupation classes covered — in the
 * table in force on the day, and it moves with the table: a figure typed into a page would not.
 */
describeEachDriver('the PA landing’s "from" price, from the rates in force', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => NOW });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const fromPrice = async (country: 'SGP' | 'HKG', on: string) => {
    const answer = await app.inject({
      method: 'GET',
      url: `/b2c-server/rest/policy/rate-facts?product=PAN&country=${country}&on=${on}`,
      headers: { 'session-name': 'from-price-test-session' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { fromPremiumCents: number }).fromPremiumCents;
  };

  /** The cheapest total multirate answers for one adult of each covered class, cover starting `on`. */
  const cheapestQuoted = async (country: 'SGP' | 'HKG', on: string) => {
    const totals: number[] = [];
    for (const occupation of ['01', '02', '03']) {
      const base = country === 'HKG' ? hongKongPaPolicy(today) : buildPaPolicy(today);
      const policy = {
        ...base,
        policyPAN: {
          ...base.policyPAN!,
          effectiveDate: on,
          insured: { adult1: { ...base.policyPAN!.insured!.adult1!, occupation }, children: [] },
        },
      };
      const answer = await postRest(app, 'policy/multirate', policy);
      expect(answer.statusCode, answer.body).toBe(200);
      for (const item of answer.json().policyPAN.premiumItems as { totalPremium: number }[])
        totals.push(Math.round(item.totalPremium * 100));
    }
    return Math.min(...totals);
  };

  it('is the cheapest plan multirate prices for the landing’s default case, in each market', async () => {
    const tomorrow = formatDmy(addDays(today, 1));
    for (const country of ['SGP', 'HKG'] as const)
      expect(await fromPrice(country, tomorrow), country).toBe(await cheapestQuoted(country, tomorrow));
    // Singapore: S$183.12 a year, GST included (S$15.26 a month), not S$9.
    expect(await fromPrice('SGP', tomorrow)).toBe(18_312);
  });

  it('moves with the rate table underwriting activates, from its effective day', async () => {
    const underwriter = await signedInAs(app, 'underwriting', { at: NOW });
    const uploaded = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/admin/underwriting/rate-tables`,
      headers: underwriter.headers,
      payload: {
        product: 'PAN',
        country: 'ALL',
        kind: 'rates',
        version: '2027.1-from-price',
        effectiveDate: formatIso(effective),
        data: cheaperClass2,
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const activated = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/admin/underwriting/rate-tables/${uploaded.json().id}/activate`,
      headers: underwriter.headers,
      payload: {},
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const then = formatDmy(effective);
    // S$150.00 and GST from the effective day (every instance drops its tables on the change).
    await vi.waitFor(async () => expect(await fromPrice('SGP', then)).toBe(16_350), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await fromPrice('SGP', then)).toBe(await cheapestQuoted('SGP', then));
    // The day before, the table in force then.
    const dayBefore = formatDmy(addDays(effective, -1));
    expect(await fromPrice('SGP', dayBefore)).toBe(18_312);
    expect(await fromPrice('SGP', dayBefore)).toBe(await cheapestQuoted('SGP', dayBefore));
  });
});
