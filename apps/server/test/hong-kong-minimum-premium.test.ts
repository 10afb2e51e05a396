import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);

/**
 * "Minimum premium per policy HK$380 (lower discounted premiums are adjusted up)" (travel-flow section 9;
 * decision 003) through the API: the seeded HKWINTER campaign takes 20 % off Hong Kong travel. The
 * figures are the spec's HK$380.00 and the rate table's prices worked out by hand.
 */
describeEachDriver('the HK$380 minimum premium through the API', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const post = (call: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: `/b2c-server/rest/policy/${call}`,
      headers: { 'session-name': SESSION },
      payload: payload as object,
    });

  /** A Hong Kong single trip of `days` days in Asia Pacific, one adult, with the winter campaign. */
  const trip = (days: number) => {
    const policy = buildTravelPolicy(today, {
      country: 'HKG',
      campaign: { campaignCode: 'HKWINTER' },
    } as Partial<TPolicyInput>);
    const [day, month, year] = policy.policyTravel!.deptDate!.split('/').map(Number);
    const back = new Date(Date.UTC(year!, month! - 1, day! + days - 1));
    const returnDate = `${String(back.getUTCDate()).padStart(2, '0')}/${String(back.getUTCMonth() + 1).padStart(2, '0')}/${back.getUTCFullYear()}`;
    return { ...policy, policyTravel: { ...policy.policyTravel, returnDate } } as TPolicyInput;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => new Date('2026-11-23T02:00:00Z') });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('quotes HK$380.00 for a trip the discount would take below it, and rates the chosen plan at it', async () => {
    // 40 days: HK$386.00 less 20 % is HK$308.80; 60 days: HK$474.00 less 20 % is HK$379.20.
    for (const days of [40, 60]) {
      const quoted = await post('multirate', trip(days));
      expect(quoted.statusCode).toBe(200);
      const standard = quoted.json().policyTravel.premiumItems[0];
      expect(standard.planName).toBe('STANDARD');
      expect(standard.premium).toBe(380);
      expect(standard.totalPremium).toBeCloseTo(380 + standard.levy, 2);
      const rated = await post('rate', {
        ...trip(days),
        policyTravel: { ...trip(days).policyTravel, policyPremium: standard },
      });
      expect(rated.statusCode).toBe(200);
      expect(rated.json().policyTravel.policyPremium.premium).toBe(380);
    }
  });

  it('leaves a discounted premium above HK$380 as the discount makes it', async () => {
    // 75 days: HK$554.00 less 20 % is HK$443.20; the dearer plan at 40 days: HK$568.00 less 20 % is HK$454.40.
    const [standard] = (await post('multirate', trip(75))).json().policyTravel.premiumItems;
    expect(standard.premium).toBe(443.2);
    const [, superPlan] = (await post('multirate', trip(40))).json().policyTravel.premiumItems;
    expect(superPlan.premium).toBe(454.4);
  });
});
