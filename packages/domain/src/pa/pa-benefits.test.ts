import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { PA_BENEFITS, paPlanBenefits } from '../rating/benefits/benefit-schedules.ts';
import { ZPaBenefitsSchema } from '../rating/benefits/benefit-schedules-schema.ts';
import { paBenefitRows } from './pa-benefits.ts';

const on = localDate(2026, 11, 24);
const amounts = (rows: ReturnType<typeof paBenefitRows>) =>
  Object.fromEntries(rows.map((row) => [row.key, row.amount]));

describe('personal accident benefit rows per person (pa-home-payments sections 5 and 9, decision 054)', () => {
  it('reads the data the schema describes', () => {
    expect(ZPaBenefitsSchema.parse(PA_BENEFITS)).toEqual(PA_BENEFITS);
  });

  it('gives an adult of 40 the plan as written, weekly disablement only with TTD', () => {
    const rows = amounts(
      paBenefitRows(PA_BENEFITS, 'SGP', 'B', { role: 'adult', dateOfBirth: '24/11/1986' }, on),
    );
    expect(rows).toEqual({
      accidentalDeath: 20_000_000,
      burns: 10_000_000,
      medicalExpenses: 350_000,
      hospitalCashPerDay: 15_000,
      brokenBones: 300_000,
      coma: 10_000_000,
      educationFund: 1_000_000,
      doubleIndemnity: 20_000_000,
      ttdWeekly: 'NOT_COVERED',
    });
    const withCovers = amounts(
      paBenefitRows(PA_BENEFITS, 'SGP', 'B', { role: 'adult', optionalCovers: ['TTD', 'PRX'] }, on),
    );
    expect(withCovers.ttdWeekly).toBe(30_000);
    // PRX doubles the hospital allowance: S$150 a day becomes S$300.
    expect(withCovers.hospitalCashPerDay).toBe(30_000);
  });

  it('halves accidental death, disablement and medical expenses for an adult of 65 to 70, in both markets', () => {
    // 65 on the effective date (birthday that day) and 70 the day before turning 71.
    for (const dateOfBirth of ['24/11/1961', '25/11/1955']) {
      const rows = paBenefitRows(PA_BENEFITS, 'HKG', 'D', { role: 'adult', dateOfBirth }, on);
      expect(amounts(rows), dateOfBirth).toMatchObject({
        accidentalDeath: 50_000_000,
        doubleIndemnity: 50_000_000,
        medicalExpenses: 2_000_000,
        burns: 50_000_000,
        hospitalCashPerDay: 50_000,
      });
      expect(rows.filter((row) => row.reduced).map((row) => row.key)).toEqual([
        'accidentalDeath',
        'medicalExpenses',
        'doubleIndemnity',
      ]);
    }
    // 64 (turning 65 tomorrow): the full plan.
    const young = amounts(
      paBenefitRows(PA_BENEFITS, 'SGP', 'A', { role: 'adult', dateOfBirth: '25/11/1961' }, on),
    );
    expect(young).toMatchObject({ accidentalDeath: 10_000_000, medicalExpenses: 200_000 });
    const senior = amounts(
      paBenefitRows(PA_BENEFITS, 'SGP', 'A', { role: 'adult', dateOfBirth: '24/11/1961' }, on),
    );
    expect(senior).toMatchObject({ accidentalDeath: 5_000_000, medicalExpenses: 100_000 });
    expect(paPlanBenefits(PA_BENEFITS, 'SGP', 'A', true)).toMatchObject({
      accidentalDeath: 5_000_000,
      medicalExpenses: 100_000,
    });
  });

  it('gives a child half the death and disablement cover and no education fund or weekly benefit', () => {
    const rows = amounts(
      paBenefitRows(
        PA_BENEFITS,
        'SGP',
        'D',
        { role: 'child', dateOfBirth: '01/01/2018', optionalCovers: ['TTD'] },
        on,
      ),
    );
    // Singapore's child cover: S$250,000 permanent disablement (pa-home-payments section 9).
    expect(rows.accidentalDeath).toBe(25_000_000);
    expect(rows.medicalExpenses).toBe(750_000);
    expect(rows.educationFund).toBe('NOT_COVERED');
    expect(rows.ttdWeekly).toBe('NOT_COVERED');
  });

  it('holds the market limits: HK$1,000,000 top death cover, S$500 a week top disablement benefit', () => {
    const top = (country: 'SGP' | 'HKG', key: 'accidentalDeath' | 'ttdWeekly') =>
      Math.max(...(['A', 'B', 'C', 'D'] as const).map((plan) => PA_BENEFITS.markets[country][plan][key]));
    expect(top('HKG', 'accidentalDeath')).toBe(100_000_000);
    expect(top('SGP', 'ttdWeekly')).toBe(50_000);
    for (const country of ['SGP', 'HKG'] as const)
      for (const key of Object.keys(
        PA_BENEFITS.markets[country].A,
      ) as (keyof typeof PA_BENEFITS.markets.SGP.A)[])
        for (const [lower, higher] of [
          ['A', 'B'],
          ['B', 'C'],
          ['C', 'D'],
        ] as const)
          expect(PA_BENEFITS.markets[country][higher][key], `${country} ${key} ${higher}`).toBeGreaterThan(
            PA_BENEFITS.markets[country][lower][key],
          );
  });

  it('labels every row in both languages', () => {
    for (const row of paBenefitRows(PA_BENEFITS, 'HKG', 'A', { role: 'adult' }, null)) {
      expect(row.labelEn).not.toBe(row.key);
      expect(row.labelZh).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
