import { useSystemStore } from '../../../state/system-store';
import { deskLanguageOf, type TDeskLanguage } from '../desk-texts';
import { useAgentMarket } from '../signed-in-account';
import type { TFormIssue } from '../staff-form';
import ZH_HANS from './customer-quote-words.zh.json';
import ZH_HANT from './customer-quote-words.zh.json?hong-kong';

/**
 * "Quote for a customer" (decision 087): the screen's words in English, Simplified Chinese for
 * Singapore and Traditional for Hong Kong, in the shell's desk language. Loaded with this page only.
 */
const en = {
  heading: 'Quote for a customer',
  intro:
    'Prepare a quote with the customer’s choices. We e-mail the customer a link that opens it with your details; the customer checks it, applies and pays.',
  product: 'Product',
  'product.travel': 'Travel insurance',
  'product.pa': 'Personal accident insurance',
  'product.home': 'Home contents insurance',
  'residency.PERMANENT_RESIDENT': 'Permanent resident',
  'residency.LONG_TERM_PASS': 'Long-term pass holder',
  dwellingType: 'Home type',
  'dwelling.HDB': 'HDB flat',
  'dwelling.CONDO': 'Condominium or private flat',
  'dwelling.LANDED': 'Landed house',
  hdbFlatType: 'Flat type',
  'flat.2_ROOM': '2-room',
  'flat.3_ROOM': '3-room',
  'flat.4_ROOM': '4-room',
  'flat.5_ROOM': '5-room',
  'flat.EXECUTIVE': 'Executive',
  floorArea: 'Gross floor area',
  'floorArea.UNDER_500': 'Under 500 sq ft',
  'floorArea.500_799': '500 to 799 sq ft',
  'floorArea.800_1199': '800 to 1,199 sq ft',
  'floorArea.1200_PLUS': '1,200 sq ft or more',
  buildingAge: 'Building age',
  'buildingAge.UNDER_20': 'Under 20 years',
  'buildingAge.20_TO_39': '20 to 39 years',
  'buildingAge.40_PLUS': '40 years or more',
  ownership: 'The customer is the',
  'ownership.OWNER': 'Owner living in it',
  'ownership.TENANT': 'Tenant',
  'ownership.LANDLORD': 'Landlord letting it',
  contents: 'Contents sum insured',
  market: 'Market',
  'market.SGP': 'Singapore',
  'market.HKG': 'Hong Kong',
  email: 'Customer’s e-mail',
  language: 'Language of the e-mail and the quote',
  'lang.en': 'English',
  'lang.zh': 'Chinese',
  subAgent: 'Sub-agent code (optional)',
  campaign: 'Campaign code (optional)',
  tripType: 'Trip',
  'trip.S': 'Single trip',
  'trip.A': 'Annual multi-trip',
  destination: 'Destination',
  'destination.6': 'Asia Pacific',
  'destination.3': 'Worldwide',
  departure: 'Departure date',
  returnDate: 'Return date',
  travellerType: 'Who travels',
  'travellers.ID': 'Individuals',
  'travellers.CP': 'A couple',
  'travellers.FM': 'A family',
  individuals: 'Number of travellers',
  adults: 'Adults',
  children: 'Children',
  occupation: 'Occupation',
  chooseOccupation: 'Choose an occupation',
  covered: 'Who is covered',
  'covered.individual': 'The customer',
  'covered.family': 'The customer’s family',
  effectiveDate: 'Cover starts on',
  residency: 'Residency',
  'residency.CITIZEN': 'Citizen',
  send: 'E-mail the quote to the customer',
  busy: 'Rating and sending…',
  sent: 'Sent to {email}.',
  sentNote: 'The link goes only to the customer. The quote counts as yours when the customer buys it.',
  plans: 'Plans the customer will see',
  plan: 'Plan',
  total: 'Total',
  atLeast: 'Enter {min} or more.',
  atMost: 'Enter {max} or fewer.',
  tooLong: 'Use at most {max} characters.',
  dateNeeded: 'Enter a date.',
  chooseOne: 'Choose one of the options.',
  checkField: 'Check this field.',
  problems: 'Please check the fields marked below.',
};
type TWords = Record<keyof typeof en, string>;
export type TQuoteWord = keyof typeof en;

const zhHans: TWords = ZH_HANS;

/** Hong Kong's, derived from the Simplified at build time by the shop's one converter (decision 110). */
const zhHant: TWords = ZH_HANT as TWords;

const WORDS: Record<TDeskLanguage, TWords> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant };

export function useQuoteWords(): {
  w: (key: TQuoteWord, values?: Record<string, string>) => string;
  language: TDeskLanguage;
} {
  const lang = useSystemStore((state) => state.lang);
  const country = useSystemStore((state) => state.country);
  // The agent's own market chooses the script: Traditional for a Hong Kong agent (decision 110).
  const language = deskLanguageOf('agent', lang, useAgentMarket() ?? country);
  const words = WORDS[language];
  return {
    w: (key, values = {}) => words[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
    language,
  };
}

/** A problem the domain's schema found in a quote's choices (a quote's or a link's), in the desk's words. */
export function quoteProblemText(issue: TFormIssue, w: ReturnType<typeof useQuoteWords>['w']): string {
  const bound = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
  if (issue.code === 'too_big' && issue.origin === 'string')
    return w('tooLong', { max: bound(issue.maximum) });
  if (issue.code === 'too_small') return w('atLeast', { min: bound(issue.minimum) });
  if (issue.code === 'too_big') return w('atMost', { max: bound(issue.maximum) });
  if (issue.code === 'invalid_format') return w('dateNeeded');
  if (issue.code === 'invalid_value') return w('chooseOne');
  return w('checkField');
}
