import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { funnelCounts } from '../src/db/schema.ts';
import { createFunnelCounter } from '../src/modules/funnel/funnel-counter.ts';
import { createFunnelRepository } from '../src/modules/funnel/funnel-repository.ts';
import { BACK_OFFICE, signedInAs } from './helpers/back-office.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Lionrock</title></head><body><div id="root"></div></body></html>';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const BEACON = '/b2c-server/rest/funnel/quote-form';

/**
 * The funnel's visit counts (decision 090): landing documents served and quote pages reached, counted
 * per market-local day, product and market, in memory, then added to the table in one upsert.
 */
describeEachDriver('funnel visit counts', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  // 17:00 UTC is 01:00 the next day in Singapore and Hong Kong: the market's day counts.
  const clock = new Date('2026-11-24T17:00:00.000Z');
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-funnel-'));

  const rows = async () =>
    (await database.db.select().from(funnelCounts)).map((row) => ({ ...row, count: Number(row.count) }));
  const open = (url: string, userAgent = BROWSER, method: 'GET' | 'HEAD' = 'GET', host?: string) =>
    app.inject({
      method,
      url,
      headers: { 'user-agent': userAgent, ...(host ? { host } : {}) },
    });
  const beacon = (payload: unknown, userAgent = BROWSER) =>
    app.inject({
      method: 'POST',
      url: BEACON,
      headers: { 'user-agent': userAgent, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { webDistDir: dist, now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('counts landing documents by product and resolved market; never a bot, a HEAD or a later page', async () => {
    for (const url of [
      '/travel',
      '/travel/partner/AG1001/sub/S01',
      '/travel?country=HKG',
      '/pa/partner/AG1001/lang/zh',
      '/home',
    ])
      expect((await open(url)).statusCode).toBe(200);
    await open('/home', BROWSER, 'GET', 'hk-shop.example.com');
    // Not visits: a crawler, a HEAD, no user agent, a later page, the desk.
    await open('/travel', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await open('/travel', BROWSER, 'HEAD');
    await open('/travel', '');
    await open('/travel/quote');
    await open('/pa/occupation');
    await open('/agent');
    // Nothing is written until the flush: one batch, whatever the number of requests.
    expect(await rows()).toEqual([]);
    expect(app.services.funnel.pending()).toBe(6);
    await app.services.funnel.flush();
    expect(app.services.funnel.pending()).toBe(0);
    const landing = (await rows()).filter((row) => row.step === 'landing');
    const byKey = Object.fromEntries(landing.map((row) => [`${row.product}/${row.market}`, row.count]));
    expect(byKey).toEqual({ 'PTR/SGP': 2, 'PTR/HKG': 1, 'PAN/SGP': 1, 'PHM/SGP': 1, 'PHM/HKG': 1 });
    expect(new Set(landing.map((row) => row.day))).toEqual(new Set(['2026-11-25']));
  });

  it('adds a later batch to the rows, as a second instance on the same database does', async () => {
    await open('/travel');
    await app.services.funnel.flush();
    // Another instance's counter on the same database adds to the same row.
    const other = createFunnelCounter({
      repository: createFunnelRepository(database.db),
      log: app.log,
      now: () => clock,
      flushMs: 60_000,
    });
    other.count('landing', 'PTR', 'SGP');
    other.count('landing', 'PTR', 'SGP');
    await other.close();
    const row = (await rows()).find(
      (entry) => entry.step === 'landing' && entry.product === 'PTR' && entry.market === 'SGP',
    );
    expect(row?.count).toBe(5);
  });

  it('counts a quote page reached by beacon, without a session, and refuses bad input', async () => {
    expect((await beacon({ product: 'PAN', market: 'HKG' })).statusCode).toBe(204);
    expect((await beacon({ product: 'PTR', market: 'SGP' })).statusCode).toBe(204);
    // A bot's beacon is answered but not counted.
    expect((await beacon({ product: 'PTR', market: 'SGP' }, 'python-requests/2.31')).statusCode).toBe(204);
    for (const bad of [
      { product: 'CAR', market: 'SGP' },
      { product: 'PTR', market: 'MYS' },
      { product: 'PTR' },
      { product: 'PTR', market: 'SGP', email: 'someone@example.com' },
    ]) {
      const answer = await beacon(bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().field).toBeTruthy();
    }
    await app.services.funnel.flush();
    const quoteForm = (await rows()).filter((row) => row.step === 'quoteForm');
    expect(quoteForm.map((row) => `${row.product}/${row.market}=${row.count}`).sort()).toEqual([
      'PAN/HKG=1',
      'PTR/SGP=1',
    ]);
  });

  it('limits the beacon per client', async () => {
    let limited = 0;
    for (let index = 0; index < 25; index += 1)
      if ((await beacon({ product: 'PHM', market: 'SGP' })).statusCode === 429) limited += 1;
    expect(limited).toBeGreaterThan(0);
    await app.services.funnel.flush();
  });

  it('keeps counts whose write failed for the next flush', async () => {
    const failing = {
      insert: () => {
        throw new Error('database did not answer');
      },
    };
    const warnings: unknown[] = [];
    const counter = createFunnelCounter({
      repository: createFunnelRepository(failing as never),
      log: { warn: (entry: unknown) => warnings.push(entry) } as never,
      now: () => clock,
      flushMs: 60_000,
    });
    counter.count('quoteForm', 'PHM', 'HKG');
    await counter.flush();
    expect(counter.pending()).toBe(1);
    expect(warnings).toHaveLength(1);
    await counter.close().catch(() => {});
  });

  it('starts the dashboard funnel at the landing, per product', async () => {
    const marketing = await signedInAs(app, 'marketing', { at: clock });
    const answer = await app.inject({
      method: 'GET',
      url: `${BACK_OFFICE}/admin/dashboard?from=2026-11-20&to=2026-11-26`,
      headers: marketing.headers,
    });
    expect(answer.statusCode).toBe(200);
    const funnel = answer.json().funnel as { product: string; steps: { step: string; count: number }[] }[];
    const steps = (product: string) =>
      Object.fromEntries(
        funnel.find((entry) => entry.product === product)!.steps.map((step) => [step.step, step.count]),
      );
    expect(funnel.find((entry) => entry.product === 'PTR')!.steps.map((step) => step.step)).toEqual([
      'landing',
      'quoteForm',
      'quoted',
      'toPayment',
      'paymentAnswered',
      'issued',
    ]);
    // The visit counts of the range; the later steps follow the range's quotes (none stored here).
    expect(steps('PTR')).toEqual({
      landing: 6,
      quoteForm: 1,
      quoted: 0,
      toPayment: 0,
      paymentAnswered: 0,
      issued: 0,
    });
    expect(steps('PAN')).toMatchObject({ landing: 1, quoteForm: 1, quoted: 0 });
    const hongKong = (
      await app.inject({
        method: 'GET',
        url: `${BACK_OFFICE}/admin/dashboard?from=2026-11-20&to=2026-11-26&market=HKG&product=PHM`,
        headers: marketing.headers,
      })
    ).json();
    expect(hongKong.funnel).toEqual([
      {
        product: 'PHM',
        label: 'Home',
        steps: [
          { step: 'landing', count: 1 },
          { step: 'quoteForm', count: 0 },
          { step: 'quoted', count: 0 },
          { step: 'toPayment', count: 0 },
          { step: 'paymentAnswered', count: 0 },
          { step: 'issued', count: 0 },
        ],
      },
    ]);
  });
});
