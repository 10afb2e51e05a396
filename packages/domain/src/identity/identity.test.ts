import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { hkidCheckCharacter, isValidHkid, normaliseHkid } from './hkid.ts';
import { changeIdType, idTypesFor, normaliseIdForMatching, validateIdNumber } from './id-number.ts';
import { isLuhnValid, luhnCheckDigit } from './luhn.ts';
import { isValidNric, nricCheckLetter, type TNricPrefix } from './nric.ts';
import {
  businessUenCheckLetter,
  isValidUen,
  localCompanyUenCheckLetter,
  otherUenCheckLetter,
  UEN_ENTITY_TYPES,
  uenYear,
} from './uen.ts';

const today = localDate(2026, 11, 23);

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');

/** Every string that differs from `value` in exactly one position, within `alphabet`. */
function singleChanges(value: string, alphabet: string): string[] {
  const changes: string[] = [];
  for (let index = 0; index < value.length; index += 1) {
    for (const character of alphabet) {
      if (character !== value[index])
        changes.push(`${value.slice(0, index)}${character}${value.slice(index + 1)}`);
    }
  }
  return changes;
}

describe('NRIC/FIN (travel-flow section 5)', () => {
  it.each(['S1234567D', 'T1234567J', 'F1234567N', 'G1234567X', 'M1234567K', 's1234567d', ' S8888888Z '])(
    'accepts %s',
    (nric) => expect(isValidNric(nric)).toBe(true),
  );

  it.each(['S1234567A', 'M1234567L', 'M1234567I', 'A1234567D', 'S123456D', 'S12345678D', '', 'S1234567'])(
    'refuses %s',
    (nric) => expect(isValidNric(nric)).toBe(false),
  );

  it('uses a different table for M than for F and G', () => {
    expect(nricCheckLetter('F', '0000008')).not.toBe(nricCheckLetter('M', '0000005'));
    expect(nricCheckLetter('M', '1234567')).toBe('K');
  });

  it('refuses any single changed character anywhere, prefix included', () => {
    fc.assert(
      fc.property(fc.constantFrom<TNricPrefix>('S', 'T', 'F', 'G', 'M'), digits(7), (prefix, body) => {
        const nric = `${prefix}${body}${nricCheckLetter(prefix, body)}`;
        return singleChanges(nric, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789').every(
          (changed) => !isValidNric(changed),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('accepts every generated number and refuses any single changed digit or letter', () => {
    fc.assert(
      fc.property(fc.constantFrom<TNricPrefix>('S', 'T', 'F', 'G', 'M'), digits(7), (prefix, body) => {
        const nric = `${prefix}${body}${nricCheckLetter(prefix, body)}`;
        if (!isValidNric(nric)) return false;
        // Changing a digit or the check letter always breaks the check (weights are coprime to 11).
        const digitChanges = singleChanges(nric.slice(1, 8), '0123456789').map(
          (changed) => `${prefix}${changed}${nric[8]}`,
        );
        const letterChanges = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']
          .filter((l) => l !== nric[8])
          .map((l) => `${nric.slice(0, 8)}${l}`);
        return [...digitChanges, ...letterChanges].every((changed) => !isValidNric(changed));
      }),
      { numRuns: 200 },
    );
  });
});

describe('HKID', () => {
  it.each([
    'A123456(3)',
    'A1234563',
    'a123456(3)',
    'AB987654(A)'.replace('A)', `${hkidCheckCharacter('AB', '987654')})`),
  ])('accepts %s', (hkid) => expect(isValidHkid(hkid)).toBe(true));

  it.each(['A123456(4)', 'A12345(3)', '1234567(3)', 'ABC123456(3)', ''])('refuses %s', (hkid) => {
    expect(isValidHkid(hkid)).toBe(false);
  });

  it('computes 10 as A and 11 as 0', () => {
    const all = new Set<string>();
    for (let n = 0; n < 200; n += 1) all.add(hkidCheckCharacter('C', String(100000 + n * 37).slice(0, 6)));
    expect(all.has('A')).toBe(true);
    expect(all.has('0')).toBe(true);
  });

  it('normalises to the bracketed form', () => {
    expect(normaliseHkid(' a123456 3 ')).toBe('A123456(3)');
    expect(normaliseHkid('x')).toBe('X');
  });

  it('accepts every generated number and refuses any single changed digit', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          upper,
          fc.tuple(upper, upper).map(([a, b]) => a + b),
        ),
        digits(6),
        (letters, body) => {
          const hkid = `${letters}${body}(${hkidCheckCharacter(letters, body)})`;
          const start = letters.length;
          const changes = singleChanges(body, '0123456789').map(
            (changed) => `${letters}${changed}${hkid.slice(start + 6)}`,
          );
          return isValidHkid(hkid) && changes.every((changed) => !isValidHkid(changed));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('UEN', () => {
  it.each([
    '00192200M',
    '197401143C',
    'S16FC0121D',
    'T01FC6132D',
    't09ll0001b'.toUpperCase().slice(0, 9) + otherUenCheckLetter('T09LL0001'),
  ])('accepts %s', (uen) => expect(isValidUen(uen, today)).toBe(true));

  it.each(['00192200A', '197401143D', 'S16FC0121E', 'S16ZZ0121D', 'X16FC0121D', '1234', ''])(
    'refuses %s',
    (uen) => {
      expect(isValidUen(uen, today)).toBe(false);
    },
  );

  it('reads the year of issue of local-company and other UENs; business numbers carry none', () => {
    expect(uenYear('197401143C')).toBe(1974);
    expect(uenYear('R88LL0001A')).toBe(1888);
    expect(uenYear('S16FC0121D')).toBe(1916);
    expect(uenYear('T01FC6132D')).toBe(2001);
    expect(uenYear('00192200M')).toBeNull();
  });

  it('refuses a UEN from a year still to come, and accepts it once that year has come', () => {
    const roc = `202712345${localCompanyUenCheckLetter('202712345')}`;
    const other = `T27LL0001${otherUenCheckLetter('T27LL0001')}`;
    for (const uen of [roc, other, roc.toLowerCase()]) {
      expect(isValidUen(uen, localDate(2026, 12, 31)), uen).toBe(false);
      expect(isValidUen(uen, localDate(2027, 1, 1)), uen).toBe(true);
    }
    // Business (ROB) numbers carry no year: nothing to compare.
    expect(isValidUen('00192200M', localDate(1900, 1, 1))).toBe(true);
  });

  it('refuses every well-formed UEN whose year is after today, whatever its check letter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2098 }),
        fc.oneof(
          digits(5).map((serial) => (year: number) => `${year}${serial}`),
          fc.tuple(fc.constantFrom(...UEN_ENTITY_TYPES), digits(4)).map(
            ([type, serial]) =>
              (year: number) =>
                `${year < 2000 ? 'S' : 'T'}${String(year % 100).padStart(2, '0')}${type}${serial}`,
          ),
        ),
        (year, body) => {
          const later = body(year + 1);
          const uen = `${later}${/^\d/.test(later) ? localCompanyUenCheckLetter(later) : otherUenCheckLetter(later)}`;
          const on = localDate(year, 12, 31);
          return !isValidUen(uen, on) && isValidUen(uen, localDate(year + 1, 1, 1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('accepts every generated UEN of each format and refuses a changed check letter', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          digits(8).map((body) => `${body}${businessUenCheckLetter(body)}`),
          fc
            .tuple(fc.integer({ min: 1800, max: today.year }), digits(5))
            .map(([year, serial]) => `${year}${serial}`)
            .map((body) => `${body}${localCompanyUenCheckLetter(body)}`),
          fc
            .tuple(fc.constantFrom('R', 'S', 'T'), digits(2), fc.constantFrom(...UEN_ENTITY_TYPES), digits(4))
            .filter(([century, year]) => century !== 'T' || 2000 + Number(year) <= today.year)
            .map(([century, year, type, serial]) => {
              const body = `${century}${year}${type}${serial}`;
              return `${body}${otherUenCheckLetter(body)}`;
            }),
        ),
        (uen) => {
          const check = uen.at(-1)!;
          const others = [...'ABCDEFGHJKLMNPQRSTUVWXYZ'].filter((letter) => letter !== check);
          return (
            isValidUen(uen, today) &&
            others.every((letter) => !isValidUen(`${uen.slice(0, -1)}${letter}`, today))
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('Luhn', () => {
  it('checks card numbers', () => {
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('5555555555554444')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('4111-1111')).toBe(false);
    expect(luhnCheckDigit('411111111111111')).toBe('1');
    expect(() => luhnCheckDigit('abc')).toThrow(RangeError);
  });

  it('catches every single-digit error', () => {
    fc.assert(
      fc.property(digits(15), (payload) => {
        const number = `${payload}${luhnCheckDigit(payload)}`;
        return (
          isLuhnValid(number) && singleChanges(number, '0123456789').every((changed) => !isLuhnValid(changed))
        );
      }),
      { numRuns: 100 },
    );
  });
});

describe('ID number by type (travel-flow section 5, ID)', () => {
  it('checks by the chosen type and returns the spec key', () => {
    expect(validateIdNumber('NRIC', '')).toBeNull();
    expect(validateIdNumber('NRIC', 's1234567d')).toBeNull();
    expect(validateIdNumber('NRIC', 'S1234567A')).toBe('applyErrorMessage.invalidNRIC');
    expect(validateIdNumber('HKID', 'A123456(3)')).toBeNull();
    expect(validateIdNumber('HKID', 'S1234567D')).toBe('applyErrorMessage.invalidNRIC');
    expect(validateIdNumber('PASSPORT', 'E1234567')).toBeNull();
    expect(validateIdNumber('PASSPORT', 'E12-4567')).toBe('applyErrorMessage.invalidNRIC');
  });

  it('offers NRIC/FIN or passport in Singapore, HKID or passport in Hong Kong', () => {
    expect(idTypesFor('SGP')).toEqual(['NRIC', 'PASSPORT']);
    expect(idTypesFor('HKG')).toEqual(['HKID', 'PASSPORT']);
  });

  it('clears the number when the type changes', () => {
    const person = { idType: 'NRIC' as const, hkId: 'S1234567D', fullName: 'TAN' };
    expect(changeIdType(person, 'PASSPORT')).toEqual({ idType: 'PASSPORT', hkId: '', fullName: 'TAN' });
    expect(changeIdType(person, 'NRIC')).toBe(person);
  });

  it('normalises for matching', () => {
    expect(normaliseIdForMatching(' a123456 (3)')).toBe('A1234563');
  });
});
