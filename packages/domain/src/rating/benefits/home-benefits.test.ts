import { describe, expect, it } from 'vitest';
import { HOME_PLANS } from '../../home/home-model.ts';
import { HOME_RATE_TABLE } from '../bundled-rate-tables.ts';
import { HOME_RATE_DATA } from '../home-rate-table.ts';
import { HOME_BENEFITS, homeCoverLimits, homeCoverTable } from './home-benefits.ts';
import { ZHomeBenefitsSchema } from './home-benefits-schema.ts';

const table = (choice: Partial<Parameters<typeof homeCoverTable>[3]> = {}, country: 'SGP' | 'HKG' = 'SGP') =>
  homeCoverTable(HOME_BENEFITS, HOME_RATE_TABLE, country, {
    ownership: 'TENANT',
    optionalCovers: [],
    contentsSumInsuredCents: 0,
    ...choice,
  });
const row = (groups: ReturnType<typeof table>, key: string) =>
  groups.flatMap((group) => group.rows).find((candidate) => candidate.key === key)!;

describe('home benefit schedule (decision 057)', () => {
  it('is data of the shape its schema describes, named in both languages', () => {
    expect(ZHomeBenefitsSchema.parse(HOME_BENEFITS)).toEqual(HOME_BENEFITS);
    // The pages' copy of the rate table (no zod) is the table the server parses.
    expect(HOME_RATE_DATA).toEqual(HOME_RATE_TABLE);
    expect(() => ZHomeBenefitsSchema.parse({ ...HOME_BENEFITS, groups: [{ key: 'other' }] })).toThrow();
    for (const group of table()) {
      expect(group.titleZh.length).toBeGreaterThan(0);
      for (const line of group.rows) expect(line.labelZh.length, line.key).toBeGreaterThan(0);
    }
  });

  it('shows the contents each plan includes, or the larger sum chosen', () => {
    expect(row(table(), 'contents')).toMatchObject({
      ESSENTIAL: 3_000_000,
      ENHANCED: 6_000_000,
      PRESTIGE: 10_000_000,
    });
    expect(row(table({ contentsSumInsuredCents: 8_000_000 }), 'contents')).toMatchObject({
      ESSENTIAL: 8_000_000,
      ENHANCED: 8_000_000,
      PRESTIGE: 10_000_000,
    });
    expect(row(table({}, 'HKG'), 'contents')).toMatchObject({ ESSENTIAL: 20_000_000 });
  });

  it('covers the building for owners and landlords only, loss of rent for landlords only', () => {
    expect(row(table(), 'building').ENHANCED).toBe('NOT_COVERED');
    expect(row(table({ ownership: 'OWNER' }), 'building').ENHANCED).toBe(12_000_000);
    expect(row(table({ ownership: 'OWNER' }), 'lossOfRent').ESSENTIAL).toBe('NOT_COVERED');
    expect(row(table({ ownership: 'LANDLORD' }), 'lossOfRent').ESSENTIAL).toBe(500_000);
    expect(row(table({ ownership: 'LANDLORD' }), 'accommodation').ESSENTIAL).toBe('NOT_COVERED');
  });

  it('raises or brings in a limit when its optional cover is added', () => {
    expect(row(table(), 'valuables').PRESTIGE).toBe('NOT_COVERED');
    expect(row(table(), 'valuables').optional).toBe(true);
    expect(row(table(), 'renovation').optional).toBeUndefined();
    expect(row(table({ optionalCovers: ['PORTABLE_VALUABLES'] }), 'valuables').PRESTIGE).toBe(800_000);
    expect(row(table({ optionalCovers: ['LIABILITY_TOP_UP'] }, 'HKG'), 'personalLiability').PRESTIGE).toBe(
      2_000_000_000,
    );
    expect(row(table({}, 'HKG'), 'personalLiability').ESSENTIAL).toBe(500_000_000);
    expect(homeCoverLimits(HOME_BENEFITS, 'SGP', 'HELPER_LIABILITY')).toEqual({
      ESSENTIAL: 1_000_000,
      ENHANCED: 2_000_000,
      PRESTIGE: 3_000_000,
    });
  });

  it('never gives a higher plan a lower limit', () => {
    for (const country of ['SGP', 'HKG'] as const)
      for (const line of table(
        { ownership: 'LANDLORD', optionalCovers: ['PORTABLE_VALUABLES'] },
        country,
      ).flatMap((group) => group.rows)) {
        const values = HOME_PLANS.map((plan) => line[plan]);
        const numbers = values.filter((value): value is number => typeof value === 'number');
        expect(
          [...numbers].sort((a, b) => a - b),
          `${country} ${line.key}`,
        ).toEqual(numbers);
      }
  });
});
