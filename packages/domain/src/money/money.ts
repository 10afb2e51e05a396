import { MARKETS, type TCountry } from '../market/market.ts';

/**
 * Money is an integer number of cents everywhere inside the shop (design section 7).
 * On the wire amounts travel as decimal numbers with at most two places (e.g. 45.5 for S$45.50);
 * convert exactly once at the boundary with `toCents` / `fromCents`.
 */
export type TCents = number;

/** 12.345 → 1235 is NOT done here: a wire amount with more than 2 decimals is invalid input. */
export function toCents(amount: number): TCents {
  const cents = Math.round(amount * 100);
  if (!Number.isFinite(amount) || Math.abs(cents - amount * 100) > 1e-6) {
    throw new RangeError(`amount has more than two decimals: ${amount}`);
  }
  return cents;
}

/**
 * An amount as a person types it ("450", "450.5", "1,200.00") to integer cents; null when it is not an
 * amount to the cent: more than two decimals ("300.005") is refused, never rounded, and so are signs,
 * exponents and more than 9 whole digits. The one reading of a typed amount (a customer's claim, a
 * claims officer's approval).
 */
export function centsOfTyped(text: string): TCents | null {
  const plain = text.replace(/,/g, '').trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  const [whole = '0', fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A percentage as a person types it ("15", "12.5", "12.25") to basis points (1 bp = 0.01 %); null when
 * it is not one to the basis point, as `centsOfTyped` reads money.
 */
export function basisPointsOfTyped(text: string): number | null {
  return centsOfTyped(text);
}

/** Basis points as a percentage is typed back: 1500 → "15", 1250 → "12.5", 1225 → "12.25". */
export function typedPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

export function fromCents(cents: TCents): number {
  return Math.round(cents) / 100;
}

/** Divide a non-negative integer by a positive integer, rounding half up. */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (numerator < 0) return -divideHalfUp(-numerator, denominator);
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** cents × rate in basis points (1 bp = 0.01 %), rounded once, half up, to the cent. 900 bp = 9 %. */
export function applyBasisPoints(cents: TCents, basisPoints: number): TCents {
  return divideHalfUp(cents * basisPoints, 10_000);
}

/** "1,234.50": two decimals with thousands commas (travel-flow section 9). */
export function formatAmount(cents: TCents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** "S$1,234.50" / "HK$1,234.50" (brand.md, Money). */
export function formatMoney(cents: TCents, country: TCountry): string {
  const formatted = formatAmount(cents);
  const symbol = MARKETS[country].currencySymbol;
  return formatted.startsWith('-') ? `-${symbol}${formatted.slice(1)}` : `${symbol}${formatted}`;
}

/** "45.50": the form a card gateway and the SGQR payload want. */
export function formatPlainAmount(cents: TCents): string {
  return formatAmount(cents).replaceAll(',', '');
}
