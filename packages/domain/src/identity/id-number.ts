import type { TCountry } from '../market/market.ts';
import { isValidHkid } from './hkid.ts';
import { isValidNric } from './nric.ts';

/** The ID types a person may give (pa-home-payments section 3: NRIC/FIN or passport; HKID or passport). */
const ID_TYPES = ['NRIC', 'HKID', 'PASSPORT'] as const;
export type TIdType = (typeof ID_TYPES)[number];

/** The ID types offered per market (pa-home-payments section 3): NRIC/FIN or passport; HKID or passport. The first is the default. */
export function idTypesFor(country: TCountry): readonly TIdType[] {
  return country === 'HKG' ? ['HKID', 'PASSPORT'] : ['NRIC', 'PASSPORT'];
}

/** Passports are checked for format only: 5 to 20 letters and digits. */
const PASSPORT = /^[A-Z0-9]{5,20}$/;

/**
 * The ID type decides the check (travel-flow section 5, ID): empty passes (required is its own rule);
 * otherwise NRIC/FIN or HKID by checksum, passport by format; a failure is invalidNRIC.
 */
export function validateIdNumber(idType: TIdType, value: string): 'applyErrorMessage.invalidNRIC' | null {
  const id = value.trim().toUpperCase();
  if (id === '') return null;
  const valid = idType === 'NRIC' ? isValidNric(id) : idType === 'HKID' ? isValidHkid(id) : PASSPORT.test(id);
  return valid ? null : 'applyErrorMessage.invalidNRIC';
}

/** Changing the ID type clears the number (travel-flow section 5, ID). */
export function changeIdType<T extends { idType: TIdType; hkId: string }>(person: T, idType: TIdType): T {
  return person.idType === idType ? person : { ...person, idType, hkId: '' };
}

/** Upper case without spaces or brackets: how ID numbers are compared (duplicates, blacklist). */
export function normaliseIdForMatching(value: string): string {
  return value.toUpperCase().replace(/[\s()]/g, '');
}
