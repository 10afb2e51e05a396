import { describe, expect, it } from 'vitest';
import { PA_RATE_TABLE } from './bundled-rate-tables.ts';
import { paPlanLabel, ratePersonalAccident, type TPaRatingInput, ZPaRateTableSchema } from './pa-rating.ts';
import type { TPremiumItem } from './premium-item.ts';

const adult = (occupationClass: '01' | '02' | '03' | '04' = '01', optionalCovers: string[] = []) => ({
  occupationClass,
  optionalCovers,
});
const base: TPaRatingInput = { country: 'SGP', adults: [adult()], children: 0, discounts: {} };
const rate = (input: Partial<TPaRatingInput>) =>
  ratePersonalAccident(PA_RATE_TABLE, { ...base, ...input }) as TPremiumItem[];

describe('personal accident rating (pa-home-payments sections 3, 5, 9)', () => {
  it('prices Singapore class 01 plan A between S$100 and S$350 a year, GST on top', () => {
    const [planA] = rate({});
    expect(planA!.planName).toBe('A');
    expect(planA!.totalPremium).toBeGreaterThanOrEqual(10000);
    expect(planA!.totalPremium).toBeLessThanOrEqual(35000);
    expect(planA!.gst).toBe(1512);
  });

  it('raises the price with the plan and the occupation class, and drops plan D for class 03', () => {
    const class1 = rate({});
    expect(class1.map((item) => item.planName)).toEqual(['A', 'B', 'C', 'D']);
    for (let index = 1; index < 4; index += 1)
      expect(class1[index]!.totalPremium).toBeGreaterThan(class1[index - 1]!.totalPremium);
    expect(rate({ adults: [adult('02')] })[0]!.totalPremium).toBeGreaterThan(class1[0]!.totalPremium);
    const class3 = rate({ adults: [adult('03')] });
    expect(class3.map((item) => item.planName)).toEqual(['A', 'B', 'C']);
    expect(class3[0]!.premiumWithoutDiscount).toBeGreaterThanOrEqual(2 * class1[0]!.premiumWithoutDiscount);
    expect(rate({ adults: [adult('01'), adult('03')] }).map((item) => item.planName)).toEqual([
      'A',
      'B',
      'C',
    ]);
  });

  it('declines class 04 and refuses impossible families', () => {
    expect(ratePersonalAccident(PA_RATE_TABLE, { ...base, adults: [adult('04')] })).toEqual({
      error: 'OCCUPATION_DECLINED',
    });
    expect(ratePersonalAccident(PA_RATE_TABLE, { ...base, adults: [] })).toEqual({ error: 'NO_ADULT' });
    expect(ratePersonalAccident(PA_RATE_TABLE, { ...base, adults: [adult(), adult(), adult()] })).toEqual({
      error: 'TOO_MANY_ADULTS',
    });
  });

  it('covers up to 3 children free with a 10 % family discount, then charges a child rate on the lower parent plan', () => {
    const single = rate({})[0]!;
    const withChild = rate({ children: 3 })[0]!;
    expect(withChild.premiumWithoutDiscount).toBe(single.premiumWithoutDiscount);
    expect(withChild.groupDiscount).toBe(1680);
    const fourChildren = rate({ adults: [adult('02'), adult('01')], children: 4 })[0]!;
    expect(fourChildren.premiumWithoutDiscount).toBe(22700 + 16800 + 6720);
  });

  it('adds optional covers and labels the plan code', () => {
    const covered = rate({ adults: [adult('01', ['PRX', 'TTD'])] })[0]!;
    expect(covered.premiumWithoutDiscount).toBe(16800 + 2016 + 3024);
    expect(covered.planCode).toBe('Plan-A-PRX');
    expect(rate({})[1]!.planCode).toBe('Plan-B-');
    expect(paPlanLabel('D', [adult(), adult('01', ['PRX'])])).toBe('Plan-D-PRX');
    expect(rate({ adults: [adult('01', ['UNKNOWN'])] })[0]!.premiumWithoutDiscount).toBe(16800);
  });

  it('prices Hong Kong class I within HK$620–1,240 for plans A to C, with the IA levy', () => {
    const items = rate({ country: 'HKG' });
    expect(items[0]!.premium).toBe(62000);
    expect(items[2]!.premium).toBe(124000);
    expect(items[0]!.levy).toBe(62);
  });

  it('validates the table it is given', () => {
    expect(() => ZPaRateTableSchema.parse({ ...PA_RATE_TABLE, product: 'PTR' })).toThrow();
  });
});
