import type { TDeskQuoteRequest } from '@lionrock/domain/back-office/desk-quote-request';
import { addDays, formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import type {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  OCCUPANCIES,
} from '@lionrock/domain/home/home-model';
import { CONTENTS_CHOICES } from '@lionrock/domain/home/home-model';
import { MARKETS } from '@lionrock/domain/market/market';
import type { Path } from 'react-hook-form';

export type TResidency = 'CITIZEN' | 'PERMANENT_RESIDENT' | 'LONG_TERM_PASS';
export const RESIDENCIES: readonly TResidency[] = ['CITIZEN', 'PERMANENT_RESIDENT', 'LONG_TERM_PASS'];

/**
 * The desk's quote form (decision 087): the request's own shape (the domain's `ZDeskQuoteRequest`), with
 * every product's choices kept while the agent switches product, and the text fields as typed. Field
 * names are the request's paths (`travel.departureDate`), so the domain's problems and the server's
 * `field` land on the field they name.
 */
export type TDeskQuoteForm = {
  product: 'travel' | 'pa' | 'home';
  market: 'SGP' | 'HKG';
  customerEmail: string;
  language: 'en' | 'zh';
  subAgentCode: string;
  campaignCode: string;
  travel: {
    tripType: 'S' | 'A';
    destination: '6' | '3';
    departureDate: string;
    returnDate: string;
    travellers: { travellerType: 'ID' | 'CP' | 'FM'; individuals: number; adults: number; children: number };
  };
  pa: {
    occupation: string;
    insuredPersonType: 'individual' | 'family';
    effectiveDate: string;
    residency: TResidency;
  };
  home: {
    dwellingType: (typeof DWELLING_TYPES)[number];
    hdbFlatType: (typeof HDB_FLAT_TYPES)[number];
    floorArea: (typeof FLOOR_AREA_BANDS)[number];
    buildingAge: (typeof BUILDING_AGE_BANDS)[number];
    ownership: (typeof OCCUPANCIES)[number];
    /** The chosen sum as the select holds it (one of the market's `CONTENTS_CHOICES`). */
    contentsSumInsured: string;
    effectiveDate: string;
  };
};

/** A new form: travel, a trip two weeks away, one traveller; cover from tomorrow for PA and home. */
export function deskQuoteDefaults(market: 'SGP' | 'HKG', now = new Date()): TDeskQuoteForm {
  // Days in the market's own calendar, as the server counts them, written as the date inputs take them.
  const today = todayIn(MARKETS[market].timeZone, now);
  const isoIn = (days: number) => formatIso(addDays(today, days));
  return {
    product: 'travel',
    market,
    customerEmail: '',
    language: 'en',
    subAgentCode: '',
    campaignCode: '',
    travel: {
      tripType: 'S',
      destination: '6',
      departureDate: isoIn(14),
      returnDate: isoIn(20),
      travellers: { travellerType: 'ID', individuals: 1, adults: 2, children: 1 },
    },
    pa: {
      occupation: '',
      insuredPersonType: 'individual',
      effectiveDate: isoIn(1),
      residency: 'CITIZEN',
    },
    home: {
      dwellingType: 'HDB',
      hdbFlatType: '4_ROOM',
      floorArea: '500_799',
      buildingAge: 'UNDER_20',
      ownership: 'OWNER',
      contentsSumInsured: String(CONTENTS_CHOICES[market][0]),
      effectiveDate: isoIn(1),
    },
  };
}

/** The request the form sends: the chosen product's choices only, each as its market asks. */
export function toDeskQuoteRequest(values: TDeskQuoteForm): TDeskQuoteRequest {
  const { market } = values;
  const subAgentCode = values.subAgentCode.trim();
  const campaignCode = values.campaignCode.trim();
  const base = {
    product: values.product,
    market,
    customerEmail: values.customerEmail.trim(),
    language: values.language,
    ...(subAgentCode ? { subAgentCode } : {}),
    ...(campaignCode ? { campaignCode } : {}),
  };
  if (values.product === 'travel') {
    const { travel } = values;
    return {
      ...base,
      travel: {
        tripType: travel.tripType,
        destination: travel.destination,
        departureDate: travel.departureDate,
        ...(travel.tripType === 'S' ? { returnDate: travel.returnDate } : {}),
        travellers: travel.travellers,
      },
    } as TDeskQuoteRequest;
  }
  if (values.product === 'home') {
    const { home } = values;
    return {
      ...base,
      home: {
        dwellingType: home.dwellingType,
        ...(market === 'SGP' && home.dwellingType === 'HDB' ? { hdbFlatType: home.hdbFlatType } : {}),
        ...(market === 'HKG' ? { floorArea: home.floorArea, buildingAge: home.buildingAge } : {}),
        ownership: home.ownership,
        contentsSumInsured: Number(home.contentsSumInsured),
        effectiveDate: home.effectiveDate,
      },
    } as TDeskQuoteRequest;
  }
  const { pa } = values;
  return {
    ...base,
    pa: {
      occupation: pa.occupation,
      insuredPersonType: pa.insuredPersonType,
      effectiveDate: pa.effectiveDate,
      ...(market === 'SGP' ? { residency: pa.residency } : {}),
    },
  } as TDeskQuoteRequest;
}

/**
 * The form fields a server's `field` may name besides the request's own paths: the shop's names for the
 * same choices when the shop's rules refused the quote built from them (`policyTravel.deptDate`).
 */
export const SHOP_FIELD_ALIASES: Record<string, Path<TDeskQuoteForm>> = Object.fromEntries([
  ['policyTravel.deptDate', 'travel.departureDate'],
  ['policyTravel.returnDate', 'travel.returnDate'],
  ['policyTravel.traveller', 'travel.travellers.travellerType'],
  ['travel.travellers', 'travel.travellers.travellerType'],
  ['policyPAN.insured', 'pa.occupation'],
  ['policyPAN.effectiveDate', 'pa.effectiveDate'],
  ['policyHome.dwellingType', 'home.dwellingType'],
  ['policyHome.hdbFlatType', 'home.hdbFlatType'],
  ['policyHome.floorArea', 'home.floorArea'],
  ['policyHome.buildingAge', 'home.buildingAge'],
  ['policyHome.ownership', 'home.ownership'],
  ['policyHome.contentsSumInsured', 'home.contentsSumInsured'],
  ['policyHome.effectiveDate', 'home.effectiveDate'],
  ['campaign', 'campaignCode'],
] satisfies [string, Path<TDeskQuoteForm>][]);
