/**
 * The text of the downloadable documents (travel-flow section 2: brochure, policy wording, COVID-19
 * extension wording), per product. Limits and sums come from the benefit schedules and rate tables in
 * force (decisions 091, 114), never from this text, so a document always matches the price and the cover table.
 */
import { AGE_LIMITS } from '@lionrock/domain/eligibility/ages';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TDocumentKind, TDocumentProduct } from '@lionrock/domain/policy/document-names';
import { TRIP_LIMITS } from '@lionrock/domain/travel/trip-rules';
import type { TBenefitSchedules } from '../policy/benefit-schedules.ts';
import type { TDocumentRates } from '../policy/document-rates.ts';
import { PRODUCT_CATALOGUE, productOfDocumentKey } from '../product/product-catalogue.ts';
import { homeBrochure, homePolicyWording } from './home-wording.ts';
import { paBrochure, paPolicyWording } from './pa-wording.ts';
import { marketStatements, travelPolicyWording } from './travel-wording.ts';

/** A heading and its paragraphs; level 2 is a sub-section (a cover section of the wording). */
import type { TSection } from './wording-section.ts';

export type { TSection };
export type TProductKey = TDocumentProduct;
export type { TDocumentKind };

/** The documents are in English (decision 009); the names come from the product catalogue (decision 047). */
export function productTitle(product: TProductKey): string {
  return PRODUCT_CATALOGUE[productOfDocumentKey(product)].name.en;
}

export const DOCUMENT_TITLES: Record<TDocumentKind, string> = {
  brochure: 'Product brochure',
  policyWording: 'Policy wording',
  covid19Wording: 'COVID-19 travel cover extension wording',
};

const COMMON_WORDING: TSection[] = [
  {
    heading: 'Our agreement',
    paragraphs: [
      'This policy is a contract between the policyholder named in the schedule and the insurer. We cover the insured persons for the events described in this wording, during the period of insurance shown in the schedule, in return for the premium paid.',
      'The schedule, this wording and any endorsement form one document. Words in bold in the schedule have the meaning given in the definitions below.',
    ],
  },
  {
    heading: 'Your duty of disclosure',
    paragraphs: [
      'You must tell us everything you know, or could reasonably be expected to know, that is relevant to our decision to insure you. If you do not, we may reduce a claim, refuse it, or treat the policy as if it never existed.',
    ],
  },
  {
    heading: 'Claims',
    paragraphs: [
      'Tell us about a claim within 30 days of the event, with the original receipts, medical reports and any police or carrier report. We may ask for a medical examination at our cost.',
      'We pay claims in the currency of the policy. We do not pay twice for the same loss, and we may recover from any other party responsible for it.',
    ],
  },
];

const WORDINGS: Record<TProductKey, Partial<Record<TDocumentKind, TSection[]>>> = {
  travel: {
    brochure: [
      {
        heading: 'Travel with peace of mind',
        paragraphs: [
          // The limits come from the domain's rules (decision 050), so the brochure says what the shop sells.
          `Single-trip cover for journeys of up to ${TRIP_LIMITS.maxSingleTripDays} days, or an annual plan for every trip in the year. Choose Standard or Super, each with a Plus variant, for yourself, your partner or your whole family.`,
          `Destinations: Asia Pacific or Worldwide, both excluding sanctioned countries. Children are covered from ${AGE_LIMITS.travelChildPickerMinMonths} months; full-time students up to ${AGE_LIMITS.studentMaxYears}.`,
        ],
      },
    ],
    // Written per market from the benefit schedule: travel-wording.ts (decision 043).
    policyWording: [],
    covid19Wording: [
      {
        heading: 'COVID-19 extension',
        paragraphs: [
          'If an insured person is diagnosed with COVID-19 before or during the trip, we cover overseas medical expenses, trip cancellation or curtailment and quarantine allowance as shown in the schedule, provided the insured person was not travelling against a government travel advisory in force at departure.',
          'We do not cover costs of testing required for travel, or quarantine ordered for everyone arriving at a destination.',
        ],
      },
    ],
  },
  // Written per market from the benefit schedule and the rules: pa-wording.ts (decision 054).
  pa: { brochure: [], policyWording: [] },
  home: {
    brochure: [
      {
        heading: 'Cover for the home you live in',
        paragraphs: [
          'Contents cover for flats, condominiums and landed houses, with building and fixtures cover for owners. Choose Essential, Enhanced or Prestige, and add renovation, domestic helper liability or portable valuables cover.',
        ],
      },
    ],
    policyWording: [
      {
        heading: 'What we cover',
        paragraphs: [
          'Loss of or damage to contents by fire, flood, burglary and accidental damage; for owners, the building fixtures and fittings; temporary accommodation; and personal liability to others, up to the sums in the schedule.',
        ],
      },
      {
        heading: 'Major exclusions',
        paragraphs: [
          'Wear and tear, gradual deterioration and pests; loss while the home is unoccupied for more than 60 days; theft without forcible entry; business property; war and nuclear risks.',
        ],
      },
    ],
  },
};

/**
 * The sections of a document in a market: the travel policy wording is written per market from the
 * benefit schedule (travel-wording.ts), the personal accident documents likewise (pa-wording.ts); the
 * other wordings end with the market's cancellation and statutory statements.
 */
export function documentSections(
  product: TProductKey,
  kind: TDocumentKind,
  country: TCountry,
  benefits: TBenefitSchedules,
  rates: TDocumentRates,
): TSection[] {
  if (product === 'travel' && kind === 'policyWording') return travelPolicyWording(country, benefits.travel);
  if (product === 'pa' && kind === 'policyWording') return paPolicyWording(country, benefits.pa, rates.pa);
  if (product === 'pa' && kind === 'brochure') return paBrochure(country, benefits.pa, rates.pa);
  // Home: written per market from the home benefit schedule (decision 058).
  if (product === 'home' && kind === 'policyWording')
    return homePolicyWording(country, benefits.home, rates.home);
  if (product === 'home' && kind === 'brochure') return homeBrochure(country);
  const sections = WORDINGS[product][kind] ?? [];
  const edition = benefits[product].version;
  return kind === 'policyWording'
    ? [...sections, ...COMMON_WORDING, ...marketStatements(country, edition)]
    : sections;
}
