import { describe, expect, it } from 'vitest';
import { commissionBasisPoints, commissionCents, periodKey } from './commission-rules.ts';

describe("an agent's commission", () => {
  it('takes the rate the sale was priced with, else the product default', () => {
    expect(commissionBasisPoints('PTR', 1500)).toBe(1500);
    expect(commissionBasisPoints('PTR', null)).toBe(2500);
    expect(commissionBasisPoints('PAN')).toBe(3000);
    expect(commissionBasisPoints('PHM', 0)).toBe(2000);
    expect(commissionBasisPoints('XYZ')).toBe(0);
  });

  it('is the rate of the premium before tax, rounded half up to the cent', () => {
    // 15% of S$30.60 is S$4.59; 25% of S$49.30 is S$12.325, which rounds up to S$12.33.
    expect(commissionCents(3060, 1500)).toBe(459);
    expect(commissionCents(4930, 2500)).toBe(1233);
    expect(commissionCents(0, 2500)).toBe(0);
    expect(commissionCents(Number.NaN, 2500)).toBe(0);
  });

  it('groups by the day or the month of a date', () => {
    expect(periodKey('2026-11-25T03:00:00Z', 'day')).toBe('2026-11-25');
    expect(periodKey('2026-11-25', 'month')).toBe('2026-11');
  });
});
