import { type TCents, toCents } from '../money/money.ts';

/**
 * Wire amounts (decimal dollars, at most two places) to and from cents, kept apart from the zod
 * schemas so a rule that converts an amount does not load the schema library (decision 015).
 */
export function centsToWire(cents: TCents): number {
  return Math.round(cents) / 100;
}

export function wireToCents(amount: number): TCents {
  return toCents(amount);
}
