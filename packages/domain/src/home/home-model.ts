import type { TCountry } from '../market/market.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * The home product's vocabulary per market (decision 057): what a customer tells us about the dwelling,
 * who occupies it, the contents sums offered, the optional covers and the insured address. The rating
 * engine, the schema, the rules, the pages and the schedule all read these lists; none repeats them.
 *
 * Singapore rates by dwelling: an HDB flat by its room count, a condominium or a landed house.
 * Hong Kong rates by the flat's gross floor area and the building's age (the market's basis: the
 * Consumer Council's comparison and insurers' tables are by gross floor area).
 */
export const DWELLING_TYPES = ['HDB', 'CONDO', 'LANDED'] as const;
export type TDwellingType = (typeof DWELLING_TYPES)[number];

export const HDB_FLAT_TYPES = ['2_ROOM', '3_ROOM', '4_ROOM', '5_ROOM', 'EXECUTIVE'] as const;
export type THdbFlatType = (typeof HDB_FLAT_TYPES)[number];

export const FLOOR_AREA_BANDS = ['UNDER_500', '500_799', '800_1199', '1200_PLUS'] as const;
export type TFloorAreaBand = (typeof FLOOR_AREA_BANDS)[number];

export const BUILDING_AGE_BANDS = ['UNDER_20', '20_TO_39', '40_PLUS'] as const;
export type TBuildingAgeBand = (typeof BUILDING_AGE_BANDS)[number];

/** Owner-occupier, tenant, or landlord letting the home out. */
export const OCCUPANCIES = ['OWNER', 'TENANT', 'LANDLORD'] as const;
export type TOccupancy = (typeof OCCUPANCIES)[number];

export const HOME_COVERS = [
  'RENOVATION',
  'HELPER_LIABILITY',
  'PORTABLE_VALUABLES',
  'LIABILITY_TOP_UP',
] as const;
export type THomeCover = (typeof HOME_COVERS)[number];

export const HOME_PLANS = ['ESSENTIAL', 'ENHANCED', 'PRESTIGE'] as const;
export type THomePlan = (typeof HOME_PLANS)[number];

/** The rate table's dwelling keys: Singapore's flat types and dwellings, Hong Kong's floor-area bands. */
export const SGP_DWELLING_KEYS = [
  'HDB_2_ROOM',
  'HDB_3_ROOM',
  'HDB_4_ROOM',
  'HDB_5_ROOM',
  'HDB_EXECUTIVE',
  'CONDO',
  'LANDED',
] as const;
export type TSgpDwellingKey = (typeof SGP_DWELLING_KEYS)[number];

/**
 * The rate table row a home falls in. An HDB flat without a flat type is rated as a 4-room flat and a
 * Hong Kong flat without a band as under 500 sq ft (policies quoted before decision 057 carried neither).
 */
export function dwellingRatingKey(
  country: TCountry,
  home: {
    dwellingType: TDwellingType;
    hdbFlatType?: THdbFlatType | undefined;
    floorArea?: TFloorAreaBand | undefined;
  },
): TSgpDwellingKey | TFloorAreaBand {
  if (country === 'HKG') return home.floorArea ?? 'UNDER_500';
  if (home.dwellingType === 'HDB') return `HDB_${home.hdbFlatType ?? '4_ROOM'}`;
  return home.dwellingType;
}

/** Contents sums a customer chooses from, in whole dollars (wire amounts), per market. */
export const CONTENTS_CHOICES: Record<TCountry, readonly number[]> = {
  SGP: [30_000, 50_000, 80_000, 120_000, 200_000],
  HKG: [200_000, 400_000, 600_000, 800_000, 1_000_000],
};

/** The range the rules accept (a sum between the choices is rated too: agents quote odd sums). */
export const CONTENTS_RANGE: Record<TCountry, { min: number; max: number }> = {
  SGP: { min: 5_000, max: 500_000 },
  HKG: { min: 50_000, max: 2_000_000 },
};

export function validateContentsSum(country: TCountry, amount: number): string | null {
  const { min, max } = CONTENTS_RANGE[country];
  return Number.isInteger(amount) && amount >= min && amount <= max ? null : MESSAGE_KEYS.amount;
}

/** Singapore postal codes are six digits (the first two name the sector, 01–82). */
export function validateSgPostalCode(value: string | undefined): string | null {
  const code = (value ?? '').trim();
  if (code === '') return MESSAGE_KEYS.required;
  if (!/^\d{6}$/.test(code)) return MESSAGE_KEYS.homePostalCode;
  const sector = Number(code.slice(0, 2));
  return sector >= 1 && sector <= 82 ? null : MESSAGE_KEYS.homePostalCode;
}

/** Hong Kong's 18 districts, by region, in English, Simplified and Traditional Chinese. */
export const HK_DISTRICTS = [
  { code: 'CW', en: 'Central and Western', zhHans: '中西区', zhHant: '中西區' },
  { code: 'WC', en: 'Wan Chai', zhHans: '湾仔区', zhHant: '灣仔區' },
  { code: 'EA', en: 'Eastern', zhHans: '东区', zhHant: '東區' },
  { code: 'SO', en: 'Southern', zhHans: '南区', zhHant: '南區' },
  { code: 'YT', en: 'Yau Tsim Mong', zhHans: '油尖旺区', zhHant: '油尖旺區' },
  { code: 'SS', en: 'Sham Shui Po', zhHans: '深水埗区', zhHant: '深水埗區' },
  { code: 'KC', en: 'Kowloon City', zhHans: '九龙城区', zhHant: '九龍城區' },
  { code: 'WT', en: 'Wong Tai Sin', zhHans: '黄大仙区', zhHant: '黃大仙區' },
  { code: 'KT', en: 'Kwun Tong', zhHans: '观塘区', zhHant: '觀塘區' },
  { code: 'KI', en: 'Kwai Tsing', zhHans: '葵青区', zhHant: '葵青區' },
  { code: 'TW', en: 'Tsuen Wan', zhHans: '荃湾区', zhHant: '荃灣區' },
  { code: 'TM', en: 'Tuen Mun', zhHans: '屯门区', zhHant: '屯門區' },
  { code: 'YL', en: 'Yuen Long', zhHans: '元朗区', zhHant: '元朗區' },
  { code: 'NO', en: 'North', zhHans: '北区', zhHant: '北區' },
  { code: 'TP', en: 'Tai Po', zhHans: '大埔区', zhHant: '大埔區' },
  { code: 'ST', en: 'Sha Tin', zhHans: '沙田区', zhHant: '沙田區' },
  { code: 'SK', en: 'Sai Kung', zhHans: '西贡区', zhHant: '西貢區' },
  { code: 'IS', en: 'Islands', zhHans: '离岛区', zhHant: '離島區' },
] as const;
export type THkDistrict = (typeof HK_DISTRICTS)[number]['code'];
export const HK_DISTRICT_CODES = HK_DISTRICTS.map((district) => district.code) as [
  THkDistrict,
  ...THkDistrict[],
];

export function hkDistrictName(code: string, language: 'en' | 'zhHans' | 'zhHant'): string | undefined {
  return HK_DISTRICTS.find((district) => district.code === code)?.[language];
}

/** The parts of an address the market asks for (decision 057), whichever address it is. */
export type TAddressParts = {
  blockOrHouseNo?: string | undefined;
  streetName?: string | undefined;
  postalCode?: string | undefined;
  district?: string | undefined;
};

/**
 * An address as the market writes it (decision 057): Singapore a block or house number, a street and a
 * 6-digit postal code; Hong Kong a block or house number, a street and one of its districts. Every
 * failing part, in that order. The home's insured address and a policyholder's correspondence address
 * (issue 29) are both held to it.
 */
export function listAddressErrors(
  country: TCountry,
  address: TAddressParts,
): { part: keyof TAddressParts; messageKey: string }[] {
  const errors: { part: keyof TAddressParts; messageKey: string }[] = [];
  if (!address.blockOrHouseNo?.trim())
    errors.push({ part: 'blockOrHouseNo', messageKey: MESSAGE_KEYS.required });
  if (!address.streetName?.trim()) errors.push({ part: 'streetName', messageKey: MESSAGE_KEYS.required });
  if (country === 'HKG') {
    if (!(HK_DISTRICT_CODES as readonly string[]).includes(address.district ?? ''))
      errors.push({ part: 'district', messageKey: MESSAGE_KEYS.selectValue });
  } else {
    const postal = validateSgPostalCode(address.postalCode);
    if (postal) errors.push({ part: 'postalCode', messageKey: postal });
  }
  return errors;
}
