import type { TLocalDate } from '../dates/local-date.ts';

/**
 * Singapore UEN check (travel-flow section 5, corporate applicant), in its three formats:
 * business (ROB) nnnnnnnnX, local company (ROC) yyyynnnnnX, and others TyyPQnnnnX (R/S/T for the
 * century, two-letter entity type, four digits), each with its own weights and check-letter table.
 * The last two carry their year of issue, so a number from a year still to come cannot exist.
 */
export const UEN_ENTITY_TYPES = [
  'CC',
  'CD',
  'CH',
  'CL',
  'CM',
  'CP',
  'CS',
  'CX',
  'DP',
  'FB',
  'FC',
  'FM',
  'FN',
  'GA',
  'GB',
  'GS',
  'HS',
  'LL',
  'LP',
  'MB',
  'MC',
  'MD',
  'MH',
  'MM',
  'MQ',
  'NB',
  'NR',
  'PA',
  'PB',
  'PF',
  'RF',
  'RP',
  'SM',
  'SS',
  'TC',
  'TU',
  'VH',
  'XL',
] as const;

const OTHERS_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWX0123456789';

const weighted = (values: number[], weights: readonly number[]) =>
  values.reduce((total, value, index) => total + value * weights[index]!, 0);

export function businessUenCheckLetter(digits: string): string {
  return 'XMKECAWLJDB'[weighted([...digits].map(Number), [10, 4, 9, 3, 8, 2, 7, 1]) % 11]!;
}

export function localCompanyUenCheckLetter(digits: string): string {
  return 'ZKCMDNERGWH'[weighted([...digits].map(Number), [10, 8, 6, 4, 9, 7, 5, 3, 1]) % 11]!;
}

export function otherUenCheckLetter(body: string): string {
  const sum = weighted(
    [...body].map((character) => OTHERS_ALPHABET.indexOf(character)),
    [4, 3, 5, 3, 10, 2, 2, 5, 7],
  );
  return OTHERS_ALPHABET[(((sum - 5) % 11) + 11) % 11]!;
}

const CENTURIES: Record<string, number> = { R: 1800, S: 1900, T: 2000 };

/** The year a UEN was issued in: ROC and "others" numbers carry it; business (ROB) numbers do not (null). */
export function uenYear(uen: string): number | null {
  if (/^\d{9}[A-Z]$/.test(uen)) return Number(uen.slice(0, 4));
  const other = /^([RST])(\d{2})/.exec(uen);
  return other ? CENTURIES[other[1]!]! + Number(other[2]) : null;
}

/** A well-formed UEN with the right check letter, issued no later than `today`'s year. */
export function isValidUen(value: string, today: TLocalDate): boolean {
  const uen = value.trim().toUpperCase();
  if (/^\d{8}[A-Z]$/.test(uen)) return businessUenCheckLetter(uen.slice(0, 8)) === uen[8];
  const year = uenYear(uen);
  if (year !== null && year > today.year) return false;
  if (/^\d{9}[A-Z]$/.test(uen)) return localCompanyUenCheckLetter(uen.slice(0, 9)) === uen[9];
  const other = /^([RST]\d{2})([A-Z]{2})(\d{4})([A-Z0-9])$/.exec(uen);
  if (!other || !(UEN_ENTITY_TYPES as readonly string[]).includes(other[2]!)) return false;
  return otherUenCheckLetter(uen.slice(0, 9)) === other[4];
}
