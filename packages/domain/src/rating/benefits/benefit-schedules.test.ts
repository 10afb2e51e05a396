import { describe, expect, it } from 'vitest';
import {
  KEY_TRAVEL_BENEFITS,
  PA_BENEFITS,
  paPlanBenefits,
  TRAVEL_BENEFITS,
  travelCoverTable,
  travelKeyBenefits,
  travelPlusAdditions,
  travelTopLimit,
} from './benefit-schedules.ts';
import { ZPaBenefitsSchema, ZTravelBenefitsSchema } from './benefit-schedules-schema.ts';

describe('benefit schedules', () => {
  it('are data of the shape the schema describes', () => {
    expect(ZTravelBenefitsSchema.parse(TRAVEL_BENEFITS)).toEqual(TRAVEL_BENEFITS);
    expect(ZPaBenefitsSchema.parse(PA_BENEFITS)).toEqual(PA_BENEFITS);
  });

  it('has the four travel groups of the quote page, in both languages', () => {
    const table = travelCoverTable(TRAVEL_BENEFITS, 'SGP', 'ID');
    expect(table.map((group) => group.key)).toEqual(['personal', 'inconvenience', 'bonus', 'covid']);
    for (const group of table) {
      expect(group.titleZh.length).toBeGreaterThan(0);
      for (const row of group.rows) expect(row.labelZh.length, row.key).toBeGreaterThan(0);
    }
  });

  it('holds the spec limits (pa-home-payments section 9)', () => {
    const rows = Object.fromEntries(
      travelCoverTable(TRAVEL_BENEFITS, 'SGP', 'ID').flatMap((group) =>
        group.rows.map((row) => [row.key, row]),
      ),
    );
    expect(rows.medical).toMatchObject({ STANDARD: 50_000_000, SUPER: 100_000_000 });
    expect(rows.accidentalDeath).toMatchObject({ STANDARD: 12_500_000, SUPER: 25_000_000 });
    expect(rows.liability).toMatchObject({ STANDARD: 50_000_000, SUPER: 100_000_000 });
    expect(rows.mobilePhone).toMatchObject({ STANDARD: 10_000, SUPER: 25_000 });
    expect(rows.pregnancy).toMatchObject({ STANDARD: 400_000, SUPER: 800_000 });
    expect(rows.evacuation).toMatchObject({ STANDARD: 'UNLIMITED', SUPER: 'UNLIMITED' });
    expect(rows.baggage).toMatchObject({ SUPER: 600_000 });
  });

  it('differs for families and keeps per-person limits for couples', () => {
    const liability = (type: 'ID' | 'CP' | 'FM') =>
      travelCoverTable(TRAVEL_BENEFITS, 'SGP', type)[1]!.rows.find((row) => row.key === 'liability');
    expect(liability('FM')).toMatchObject({ STANDARD: 100_000_000, SUPER: 500_000_000 });
    expect(liability('CP')).toEqual(liability('ID'));
    expect(travelCoverTable(TRAVEL_BENEFITS, 'HKG', 'ID')[0]!.rows[0]).toMatchObject({ SUPER: 500_000_000 });
  });

  it('gives personal accident sums per plan, with the Hong Kong maximum and the Singapore reduction at 65–70', () => {
    expect(paPlanBenefits(PA_BENEFITS, 'HKG', 'D').accidentalDeath).toBe(100_000_000);
    const planB = paPlanBenefits(PA_BENEFITS, 'SGP', 'B');
    expect(planB.ttdWeekly).toBe(30_000);
    expect(paPlanBenefits(PA_BENEFITS, 'SGP', 'B', true).accidentalDeath).toBe(planB.accidentalDeath / 2);
    for (const plan of ['A', 'B', 'C'] as const) {
      const next = String.fromCharCode(plan.charCodeAt(0) + 1) as 'B' | 'C' | 'D';
      expect(paPlanBenefits(PA_BENEFITS, 'SGP', next).accidentalDeath).toBeGreaterThan(
        paPlanBenefits(PA_BENEFITS, 'SGP', plan).accidentalDeath,
      );
    }
    expect(() => ZTravelBenefitsSchema.parse({ ...TRAVEL_BENEFITS, groups: [{ key: 'other' }] })).toThrow();
  });
});

describe('Plus and the key covers', () => {
  it('lists what Plus raises or brings in, per market and plan, from the schedule', () => {
    for (const country of ['SGP', 'HKG'] as const)
      for (const plan of ['STANDARD', 'SUPER'] as const) {
        const added = travelPlusAdditions(TRAVEL_BENEFITS, country, 'ID', plan);
        expect(added.length, `${country} ${plan}`).toBeGreaterThan(0);
        for (const row of added) expect(row.with).not.toEqual(row.without);
      }
    const standard = travelPlusAdditions(TRAVEL_BENEFITS, 'SGP', 'ID', 'STANDARD');
    expect(standard.find((row) => row.key === 'doubleIndemnity')).toMatchObject({
      without: 'NOT_COVERED',
      with: 12_500_000,
    });
    expect(travelPlusAdditions(TRAVEL_BENEFITS, 'HKG', 'FM', 'SUPER').map((row) => row.key)).toContain(
      'medical',
    );
  });

  it('gives medical, cancellation, baggage and liability for a plan, with and without Plus', () => {
    const keys = travelKeyBenefits(TRAVEL_BENEFITS, 'HKG', 'FM', 'SUPER', false);
    expect(keys.map((row) => row.key)).toEqual([...KEY_TRAVEL_BENEFITS]);
    expect(keys[0]).toEqual({ key: 'medical', value: 500_000_000 });
    expect(travelKeyBenefits(TRAVEL_BENEFITS, 'HKG', 'FM', 'SUPER', true)[0]).toEqual({
      key: 'medical',
      value: 700_000_000,
    });
  });

  it('gives the highest limit of a cover in a market', () => {
    expect(travelTopLimit(TRAVEL_BENEFITS, 'SGP', 'medical')).toBe(150_000_000);
    expect(travelTopLimit(TRAVEL_BENEFITS, 'HKG', 'medical')).toBe(700_000_000);
    expect(travelTopLimit(TRAVEL_BENEFITS, 'HKG', 'terrorism')).toBe(0);
  });
});
