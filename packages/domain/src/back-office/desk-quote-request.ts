import { z } from 'zod';
import { validateEmail } from '../eligibility/people.ts';
import {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  HOME_COVERS,
  OCCUPANCIES,
} from '../home/home-model.ts';
import { PA_CHILDREN_MAX } from '../pa/pa-limits.ts';
import { TRAVELLER_LIMITS } from '../travel/trip-rules.ts';

/**
 * The request of an agent's quote for a customer (decision 087): the desk's form checks it before it
 * sends, the server's route checks it again, the service reads it.
 */
const ISO_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const PLAN = z.string().trim().max(40).optional();

const ZTravel = z.object({
  tripType: z.enum(['S', 'A']),
  destination: z.enum(['6', '3']),
  departureDate: ISO_DATE,
  returnDate: ISO_DATE.optional(),
  travellers: z.object({
    travellerType: z.enum(['ID', 'CP', 'FM']),
    // The shop's own picker's limits (one rule: TRAVELLER_LIMITS), checked again by the shop's rules.
    individuals: z.number().int().min(0).max(TRAVELLER_LIMITS.maxIndividuals).default(0),
    adults: z.number().int().min(0).max(TRAVELLER_LIMITS.maxAdults).default(0),
    children: z.number().int().min(0).max(TRAVELLER_LIMITS.maxChildren).default(0),
  }),
  plan: PLAN,
});

const ZPa = z.object({
  occupation: z.string().trim().max(10),
  insuredPersonType: z.enum(['individual', 'family']),
  adults: z.number().int().min(1).max(2).default(1),
  // The most any market takes (PA_CHILDREN_LIMITS); the market's own is the shop's rule when rated.
  children: z.number().int().min(0).max(PA_CHILDREN_MAX).default(0),
  effectiveDate: ISO_DATE,
  residency: z.enum(['CITIZEN', 'PERMANENT_RESIDENT', 'LONG_TERM_PASS', 'OTHER']).optional(),
  plan: PLAN,
});

/** The home quote form's own fields (the domain's enums), plus the start date. */
const ZHome = z.object({
  dwellingType: z.enum(DWELLING_TYPES),
  hdbFlatType: z.enum(HDB_FLAT_TYPES).optional(),
  floorArea: z.enum(FLOOR_AREA_BANDS).optional(),
  buildingAge: z.enum(BUILDING_AGE_BANDS).optional(),
  ownership: z.enum(OCCUPANCIES),
  contentsSumInsured: z.number().int().min(0).max(10_000_000),
  optionalCovers: z.array(z.enum(HOME_COVERS)).max(HOME_COVERS.length).default([]),
  effectiveDate: ISO_DATE,
  plan: PLAN,
});

export const ZDeskQuoteRequest = z.object({
  product: z.enum(['travel', 'pa', 'home']),
  market: z.enum(['SGP', 'HKG']),
  // The shop's own e-mail rule (validateEmail): checked by the form before sending, and by the route.
  customerEmail: z
    .string()
    .trim()
    .refine((email) => validateEmail(email) === null, 'Enter the customer’s e-mail address.'),
  language: z.enum(['en', 'zh']),
  subAgentCode: z.string().trim().max(50).optional(),
  campaignCode: z.string().trim().max(50).optional(),
  travel: ZTravel.optional(),
  pa: ZPa.optional(),
  home: ZHome.optional(),
});
export type TDeskQuoteRequest = z.infer<typeof ZDeskQuoteRequest>;
