/**
 * Hong Kong HKID check: one or two prefix letters, six digits and a check digit shown in brackets,
 * e.g. A123456(3). Letters count A=10 … Z=35 and a missing first letter 36; the eight characters are
 * weighted 9 … 2; the check is 11 − (sum mod 11), with 11 → 0 and 10 → A.
 */
const PATTERN = /^([A-Z]{1,2})(\d{6})\(?([0-9A])\)?$/;

export function hkidCheckCharacter(letters: string, digits: string): string {
  const padded =
    letters.length === 1 ? [36, letterValue(letters)] : [letterValue(letters[0]!), letterValue(letters[1]!)];
  const values = [...padded, ...[...digits].map(Number)];
  const sum = values.reduce((total, value, index) => total + value * (9 - index), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'A' : String(check);
}

export function isValidHkid(value: string): boolean {
  const match = PATTERN.exec(value.replace(/\s/g, '').toUpperCase());
  if (!match) return false;
  return hkidCheckCharacter(match[1]!, match[2]!) === match[3];
}

/** The form an HKID is stored and shown in: upper case, check digit in brackets. */
export function normaliseHkid(value: string): string {
  const match = PATTERN.exec(value.replace(/\s/g, '').toUpperCase());
  return match ? `${match[1]}${match[2]}(${match[3]})` : value.trim().toUpperCase();
}

function letterValue(letter: string): number {
  return letter.charCodeAt(0) - 55;
}
