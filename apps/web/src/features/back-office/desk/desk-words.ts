import { useSystemStore } from '../../../state/system-store';
import { deskLanguageOf, type TDeskLanguage } from '../desk-texts';
import { useAgentMarket } from '../signed-in-account';
import ZH_HANS from './desk-words.zh.json';
import ZH_HANT from './desk-words.zh.json?hong-kong';

/**
 * The agents' desk screens' own words (issue 18, decision 083): English, Simplified Chinese for
 * Singapore and Traditional for Hong Kong, as the shell chooses the desk's language. Loaded with the
 * desk pages only.
 */
const en = {
  heading: 'My sales',
  from: 'From',
  to: 'To',
  show: 'Show',
  dateNeeded: 'Enter a date.',
  rangeOrder: 'The range starts after it ends.',
  problems: 'Please check the marked fields.',
  quotes: 'Quotes',
  savedQuotes: 'Saved quotes',
  sales: 'Sales',
  premium: 'Premium (before tax)',
  commission: 'Commission',
  otherCurrency:
    'Also {sales} sale(s) in {currency}: premium {premium}, commission {commission}. Not added to the figures above.',
  salesTable: 'Sales in the period',
  noSales: 'No sales in this period.',
  policyNumber: 'Policy number',
  product: 'Product',
  customer: 'Customer',
  idNumber: 'ID number',
  email: 'E-mail',
  subAgent: 'Sub-agent',
  campaign: 'Campaign',
  issued: 'Issued',
  byMonth: 'Commission by month',
  month: 'Month',
  bySubAgent: 'By sub-agent',
  byCampaign: 'By campaign',
  none: '—',
  renewals: 'Renewals due in the next 60 days',
  noRenewals: 'No renewals due.',
  endDate: 'Ends',
  autoRenewal: 'Auto-renewal',
  on: 'On',
  off: 'Off',
  claims: 'Claims',
  noClaims: 'No claims.',
  claimNumber: 'Claim number',
  status: 'Status',
  submitted: 'Submitted',
  updated: 'Last change',
  loading: 'Loading…',
  registration: 'Registration no. {no}',
  'product.PTR': 'Travel',
  'product.PAN': 'Personal accident',
  'product.PHM': 'Home',
  linkHeading: 'Share a quote link',
  linkIntro: 'The customer opens the link and gets a quote with your agent code on it.',
  linkProduct: 'Product',
  linkMarket: 'Market',
  'market.SGP': 'Singapore',
  'market.HKG': 'Hong Kong',
  linkLanguage: 'Language of the page',
  'lang.en': 'English',
  'lang.zh': 'Chinese',
  linkSubAgent: 'Sub-agent code (optional)',
  linkCampaign: 'Campaign code (optional)',
  linkMake: 'Make the link',
  linkBusy: 'Making the link…',
  linkResult: 'Your link',
  copy: 'Copy',
  copied: 'Copied.',
  copyFailed: 'Copy did not work: select the link and copy it.',
  linkNote: 'The link carries your agent code, the sub-agent, the campaign and the language.',
  prefillOn: 'Pre-fill the customer’s quote form',
  prefillHint:
    'Choose what you already know; leave the rest to the customer. Dates, personal details and declarations are always the customer’s.',
  prefillLegend: 'The quote form’s choices',
  customerChooses: 'The customer chooses',
  planChoice: 'Plan to preselect',
  prefillNote:
    'The link opens the quote form with these choices and the plan preselected. It carries nothing personal.',
  myLinks: 'My pre-filled links',
  noLinks: 'No pre-filled links yet.',
  linksFailed: 'Your links could not be loaded just now. Please reload the page.',
  linkColumn: 'Link',
  opens: 'Opens',
  made: 'Made',
} as const;

export type TDeskWord = keyof typeof en;
type TWords = Record<TDeskWord, string>;

const zhHans: TWords = { ...en, ...ZH_HANS };

/** Hong Kong's, derived from the Simplified at build time by the shop's one converter (decision 110). */
const zhHant: TWords = { ...en, ...(ZH_HANT as typeof ZH_HANS) };

const WORDS: Record<TDeskLanguage, TWords> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant };

export type TDeskWords = (key: TDeskWord, values?: Record<string, string>) => string;

/** The desk's words in the shell's desk language, and that language (for lang attributes and dates). */
export function useDeskWords(): { w: TDeskWords; language: TDeskLanguage } {
  const lang = useSystemStore((state) => state.lang);
  const country = useSystemStore((state) => state.country);
  // The agent's own market chooses the script: Traditional for a Hong Kong agent (decision 110).
  const language = deskLanguageOf('agent', lang, useAgentMarket() ?? country);
  const words = WORDS[language];
  const w: TDeskWords = (key, values = {}) =>
    words[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  return { w, language };
}

/** Cents as money: "SGD 12.34". */
export function money(cents: number, currency: string): string {
  return `${currency} ${(cents / 100).toFixed(2)}`;
}
