import { FIELD_LENGTHS } from '../validation/field-lengths.ts';

/**
 * The attended-officials selector (pa-home-payments section 2): a map of official type to details of
 * at most 30 characters, plus "no one". Choosing "no one" clears every other choice and disables them;
 * choosing an official adds it with empty details; unchecking removes it. The component and the API
 * both go through these functions.
 */
export const OFFICIAL_TYPES = [
  'police',
  'fireBrigade',
  'doctor',
  'carrier',
  'buildingManagement',
  'other',
] as const;
export type TOfficialType = (typeof OFFICIAL_TYPES)[number];
export const OFFICIAL_DETAILS_MAX_LENGTH = FIELD_LENGTHS.officialDetails;

/** `noOne` true means nobody attended; else `officials` maps each chosen type to its details. */
export type TOfficials = { noOne: boolean; officials: Partial<Record<TOfficialType, string>> };

export const NO_OFFICIALS_CHOSEN: TOfficials = { noOne: false, officials: {} };

/** "No one" on clears and disables the others; off leaves nothing chosen. */
export function setNoOne(_state: TOfficials, checked: boolean): TOfficials {
  return { noOne: checked, officials: {} };
}

/** Checking an official adds it with empty details; unchecking removes it. Ignored while "no one" is on. */
export function toggleOfficial(state: TOfficials, type: TOfficialType, checked: boolean): TOfficials {
  if (state.noOne) return state;
  const officials = { ...state.officials };
  if (checked) officials[type] = officials[type] ?? '';
  else delete officials[type];
  return { noOne: false, officials };
}

/**
 * Typing an official's details, kept as typed: a text over its 30 characters is flagged by
 * `validateOfficials` (the form says the limit), never cut without a word (issue 29).
 */
export function setOfficialDetails(state: TOfficials, type: TOfficialType, details: string): TOfficials {
  if (state.noOne || !(type in state.officials)) return state;
  return { noOne: false, officials: { ...state.officials, [type]: details } };
}

/** At least one choice (an official or "no one"), only known types, each detail at most 30 characters. */
export function validateOfficials(
  state: TOfficials,
): 'claims.errors.officialsRequired' | 'claims.errors.officialDetailsTooLong' | null {
  const entries = Object.entries(state.officials);
  if (state.noOne ? entries.length > 0 : entries.length === 0) return 'claims.errors.officialsRequired';
  for (const [type, details] of entries) {
    if (!(OFFICIAL_TYPES as readonly string[]).includes(type)) return 'claims.errors.officialsRequired';
    if (typeof details !== 'string' || details.length > OFFICIAL_DETAILS_MAX_LENGTH)
      return 'claims.errors.officialDetailsTooLong';
  }
  return null;
}
