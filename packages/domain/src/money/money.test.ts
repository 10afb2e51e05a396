import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  basisPointsOfTyped,
  centsOfTyped,
  divideHalfUp,
  formatAmount,
  formatMoney,
  formatPlainAmount,
  fromCents,
  toCents,
  typedPercent,
} from './money.ts';

describe('money', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123450, '1,234.50'],
    [100000000, '1,000,000.00'],
    [-123450, '-1,234.50'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatAmount(cents)).toBe(text);
  });

  it('formats with the market currency symbol', () => {
    expect(formatMoney(123450, 'SGP')).toBe('S$1,234.50');
    expect(formatMoney(38000, 'HKG')).toBe('HK$380.00');
    expect(formatMoney(-500, 'HKG')).toBe('-HK$5.00');
    expect(formatPlainAmount(123450)).toBe('1234.50');
  });

  it('converts wire amounts to cents exactly, refusing more than two decimals', () => {
    expect(toCents(45.5)).toBe(4550);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.56)).toBe(123456);
    expect(() => toCents(12.345)).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(fromCents(4550)).toBe(45.5);
  });

  it('rounds half up, once', () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
    expect(divideHalfUp(15, 10)).toBe(2);
    expect(divideHalfUp(-15, 10)).toBe(-2);
    // 9 % GST on S$45.50 = 4.095 → 4.10
    expect(applyBasisPoints(4550, 900)).toBe(410);
    // 0.1 % levy on HK$380.00 = 0.38
    expect(applyBasisPoints(38000, 10)).toBe(38);
  });

  it('round-trips every cent amount through the wire form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => toCents(fromCents(cents)) === cents),
    );
  });

  it('never lets a percentage of an amount exceed the amount for rates up to 100 %', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, bp) => {
          const part = applyBasisPoints(cents, bp);
          return part >= 0 && part <= cents && Math.abs(part - (cents * bp) / 10_000) <= 0.5;
        },
      ),
    );
  });

  it('reads a typed amount to the cent, and refuses what is not one rather than rounding it', () => {
    expect(centsOfTyped('450')).toBe(45_000);
    expect(centsOfTyped(' 450.5 ')).toBe(45_050);
    expect(centsOfTyped('1,200.00')).toBe(120_000);
    expect(centsOfTyped('0.07')).toBe(7);
    for (const wrong of ['300.005', '', 'abc', '-5', '+5', '1e3', '5.', '.5', '1234567890', 'NaN', '4 50'])
      expect(centsOfTyped(wrong), wrong).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        (cents) => centsOfTyped(formatAmount(cents)) === cents,
      ),
    );
  });

  it('reads a typed percentage to the basis point and types one back', () => {
    expect(basisPointsOfTyped('15')).toBe(1500);
    expect(basisPointsOfTyped('12.5')).toBe(1250);
    expect(basisPointsOfTyped('12.25')).toBe(1225);
    expect(basisPointsOfTyped('12.255')).toBeNull();
    expect(basisPointsOfTyped('15%')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (basisPoints) => {
        expect(basisPointsOfTyped(typedPercent(basisPoints))).toBe(basisPoints);
      }),
    );
  });
});
