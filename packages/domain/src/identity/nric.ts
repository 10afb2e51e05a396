/**
 * Singapore NRIC/FIN check (travel-flow section 5, ID): nine characters, prefix S, T, F, G or M, seven
 * digits weighted 2,7,6,5,4,3,2, an offset by prefix (T and G +4, M +3), and a check letter from the
 * prefix's table indexed by the sum modulo 11 (the M table differs from F/G in one letter).
 */
const WEIGHTS = [2, 7, 6, 5, 4, 3, 2] as const;

const SERIES = {
  S: { offset: 0, letters: 'JZIHGFEDCBA' },
  T: { offset: 4, letters: 'JZIHGFEDCBA' },
  F: { offset: 0, letters: 'XWUTRQPNMLK' },
  G: { offset: 4, letters: 'XWUTRQPNMLK' },
  M: { offset: 3, letters: 'XWUTRQPNJLK' },
} as const;

export type TNricPrefix = keyof typeof SERIES;

export function nricCheckLetter(prefix: TNricPrefix, digits: string): string {
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * WEIGHTS[index]!, 0);
  const series = SERIES[prefix];
  return series.letters[(sum + series.offset) % 11]!;
}

export function isValidNric(value: string): boolean {
  const match = /^([STFGM])(\d{7})([A-Z])$/.exec(value.trim().toUpperCase());
  if (!match) return false;
  const [, prefix, digits, check] = match as unknown as [string, TNricPrefix, string, string];
  return nricCheckLetter(prefix, digits) === check;
}
