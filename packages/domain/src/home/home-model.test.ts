import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import {
  CONTENTS_CHOICES,
  CONTENTS_RANGE,
  dwellingRatingKey,
  HK_DISTRICTS,
  hkDistrictName,
  validateContentsSum,
  validateSgPostalCode,
} from './home-model.ts';

describe('home model (decision 057)', () => {
  it('lists Hong Kong’s 18 districts once each, named in English, Simplified and Traditional Chinese', () => {
    expect(HK_DISTRICTS).toHaveLength(18);
    expect(new Set(HK_DISTRICTS.map((district) => district.code)).size).toBe(18);
    expect(hkDistrictName('SS', 'en')).toBe('Sham Shui Po');
    expect(hkDistrictName('KC', 'zhHans')).toBe('九龙城区');
    expect(hkDistrictName('KC', 'zhHant')).toBe('九龍城區');
    expect(hkDistrictName('XX', 'en')).toBeUndefined();
  });

  it('accepts a Singapore postal code of six digits in a real sector (01–82)', () => {
    expect(validateSgPostalCode('521123')).toBeNull();
    expect(validateSgPostalCode(' 018956 ')).toBeNull();
    expect(validateSgPostalCode('')).toBe(MESSAGE_KEYS.required);
    expect(validateSgPostalCode(undefined)).toBe(MESSAGE_KEYS.required);
    expect(validateSgPostalCode('52112')).toBe(MESSAGE_KEYS.homePostalCode);
    expect(validateSgPostalCode('5211234')).toBe(MESSAGE_KEYS.homePostalCode);
    expect(validateSgPostalCode('52A123')).toBe(MESSAGE_KEYS.homePostalCode);
    expect(validateSgPostalCode('000123')).toBe(MESSAGE_KEYS.homePostalCode);
    expect(validateSgPostalCode('831234')).toBe(MESSAGE_KEYS.homePostalCode);
  });

  it('offers contents sums inside the range the rules accept, per market', () => {
    for (const country of ['SGP', 'HKG'] as const) {
      for (const sum of CONTENTS_CHOICES[country]) expect(validateContentsSum(country, sum)).toBeNull();
      expect(validateContentsSum(country, CONTENTS_RANGE[country].min - 1)).toBe(MESSAGE_KEYS.amount);
      expect(validateContentsSum(country, CONTENTS_RANGE[country].max + 1)).toBe(MESSAGE_KEYS.amount);
    }
    expect(validateContentsSum('SGP', 1_000)).toBe(MESSAGE_KEYS.amount);
    expect(validateContentsSum('HKG', 30_000)).toBe(MESSAGE_KEYS.amount);
  });

  it('finds the rate table row: HDB flat type, condominium or landed in Singapore, floor area in Hong Kong', () => {
    expect(dwellingRatingKey('SGP', { dwellingType: 'HDB', hdbFlatType: 'EXECUTIVE' })).toBe('HDB_EXECUTIVE');
    expect(dwellingRatingKey('SGP', { dwellingType: 'HDB' })).toBe('HDB_4_ROOM');
    expect(dwellingRatingKey('SGP', { dwellingType: 'LANDED', hdbFlatType: '3_ROOM' })).toBe('LANDED');
    expect(dwellingRatingKey('HKG', { dwellingType: 'HDB', floorArea: '800_1199' })).toBe('800_1199');
    expect(dwellingRatingKey('HKG', { dwellingType: 'CONDO' })).toBe('UNDER_500');
  });
});
