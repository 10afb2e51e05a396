import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithService } from './helpers/services.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, type TTestDatabase } from './helpers/test-database.ts';

// Needs a Redis server named by TEST_REDIS_URL (.ci/run sets it when Redis answers at 127.0.0.1:6379).
// Without it this suite is reported skipped by `npm test`, and fails where Redis is required (CI).
describeWithService('redis', 'rate limits shared through Redis between two instances', (REDIS_URL) => {
  let database: TTestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    // Each run gets its own counters: the client-log limit is keyed per address, which app.inject
    // (127.0.0.1) forwards as a trusted proxy would.
    const env = { REDIS_URL, TRUSTED_PROXIES: '127.0.0.1' };
    first = await buildTestApp(database, { env });
    second = await buildTestApp(database, { env });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
  });

  it('counts requests to both instances against one limit', async () => {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const send = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/b2c-server/b2c/log/info',
        headers: { 'session-name': SESSION, 'x-forwarded-for': address },
        payload: { data: `shared limit ${randomUUID()}` },
      });
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1)
      statuses.push((await send(index % 2 === 0 ? first : second)).statusCode);
    expect(statuses.every((status) => status === 204)).toBe(true);
    // The 31st request is over the limit of 30 a minute, whichever instance answers it.
    expect((await send(first)).statusCode).toBe(429);
    expect((await send(second)).statusCode).toBe(429);
  });

  it('counts wrong promo codes on both instances against one limit', async () => {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
    const headers = { 'session-name': SESSION, 'x-forwarded-for': address };
    const campaign = await first.inject({
      method: 'POST',
      url: '/b2c-server/rest/campaign/getCampaign',
      headers,
      payload: { country: 'SGP', campaign: { campaignCode: 'YEAREND' } },
    });
    const id = campaign.json().campaignId as number;
    // The same wrong codes each run: the campaign's own count does not grow from run to run.
    const guess = (app: FastifyInstance, code: string) =>
      app.inject({ url: `/b2c-server/rest/campaign/validatePromoCode/YEAREND/${code}/${id}`, headers });
    for (let index = 0; index < 10; index += 1)
      expect((await guess(index % 2 === 0 ? first : second, `REDIS${index}`)).body).toBe('N');
    expect((await guess(first, 'NEWS2026')).statusCode).toBe(429);
    expect((await guess(second, 'NEWS2026')).statusCode).toBe(429);
  });
});
