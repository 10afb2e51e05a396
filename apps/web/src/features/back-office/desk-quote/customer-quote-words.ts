import { useEffect, useState } from 'react';
import { i18n, loadCatalogue, needPageTexts, type TTranslator, translatorFor } from '../../../lib/i18n';
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
  dwellingType: 'Home type',
  hdbFlatType: 'Flat type',
  floorArea: 'Gross floor area',
  buildingAge: 'Building age',
  ownership: 'The customer is the',
  contents: 'Contents sum insured',
  market: 'Market',
  'market.SGP': 'Singapore',
  'market.HKG': 'Hong Kong',
  email: 'Customer’s e-mail',
  emailNeeded: 'Enter the customer’s e-mail address.',
  language: 'Language of the e-mail and the quote',
  'lang.en': 'English',
  'lang.zh': 'Chinese',
  subAgent: 'Sub-agent code (optional)',
  campaign: 'Campaign code (optional)',
  tripType: 'Trip',
  destination: 'Destination',
  departure: 'Departure date',
  returnDate: 'Return date',
  travellerType: 'Who travels',
  individuals: 'Number of travellers',
  adults: 'Adults',
  children: 'Children',
  occupation: 'Occupation',
  chooseOccupation: 'Choose an occupation',
  covered: 'Who is covered',
  effectiveDate: 'Cover starts on',
  residency: 'Residency',
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
  problems: 'Please check the marked fields.',
  loadingChoices: 'Loading the choices…',
};
type TWords = Record<keyof typeof en, string>;
export type TQuoteWord = keyof typeof en;

const zhHans: TWords = ZH_HANS;

/** Hong Kong's, derived from the Simplified at build time by the shop's one converter (decision 110). */
const zhHant: TWords = ZH_HANT as TWords;

const WORDS: Record<TDeskLanguage, TWords> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant };

/**
 * The shop's own words for a quote's choices (a dwelling, a destination, a residency...), from the shop's
 * catalogue in the desk's language (decision 124): the desk offers each choice as the customer will see
 * it, with one text to translate. The catalogue is fetched once, on the first desk page that asks.
 */
export type TShopChoiceKey =
  | `homeLanding.${'dwellings' | 'hdbFlatTypes' | 'floorAreas' | 'buildingAges' | 'occupancies'}.${string}`
  | `travelQuote.${'single' | 'annual'}`
  | `travelQuote.destinations.${string}`
  | `confirm.travellerTypes.${string}`
  | `paLanding.${'individual' | 'family'}`
  | `paOccupation.residencies.${string}`;

function useShopCatalogue(language: TDeskLanguage): TTranslator | null {
  // The shop's page texts hold the choices: the whole catalogue of the language is wanted.
  needPageTexts();
  const [ready, setReady] = useState(() => i18n.hasCatalogue(language));
  useEffect(() => {
    if (ready) return;
    let live = true;
    // A failed fetch shows the keys, as the shop does with a missing text; the desk stays usable.
    const done = () => live && setReady(true);
    void loadCatalogue(language).then(done, done);
    return () => {
      live = false;
    };
  }, [language, ready]);
  return ready ? translatorFor(language) : null;
}

export function useQuoteWords(): {
  w: (key: TQuoteWord, values?: Record<string, string>) => string;
  /** A choice in the shop's words; empty until the shop's catalogue is here (`choicesReady`). */
  choice: (key: TShopChoiceKey) => string;
  choicesReady: boolean;
  language: TDeskLanguage;
} {
  const lang = useSystemStore((state) => state.lang);
  const country = useSystemStore((state) => state.country);
  // The agent's own market chooses the script: Traditional for a Hong Kong agent (decision 110).
  const language = deskLanguageOf('agent', lang, useAgentMarket() ?? country);
  const words = WORDS[language];
  const shop = useShopCatalogue(language);
  return {
    w: (key, values = {}) => words[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
    choice: (key) => (shop ? shop.t(key) : ''),
    choicesReady: shop !== null,
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
  if (issue.path === 'customerEmail') return w('emailNeeded');
  if (issue.code === 'invalid_format') return w('dateNeeded');
  if (issue.code === 'invalid_value') return w('chooseOne');
  return w('checkField');
}
