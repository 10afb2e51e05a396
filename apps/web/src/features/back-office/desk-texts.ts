import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import ZH_HANS from './desk-texts.zh.json';
import ZH_HANT from './desk-texts.zh.json?hong-kong';

/**
 * The shell's own words (decision 079). Staff screens are English only; the agents' desk is English
 * and Chinese (Simplified for Singapore, Traditional for Hong Kong). This module loads with the back
 * office, so none of it reaches the shop's catalogue or the landing.
 */
const en = {
  'title.admin': 'Lionrock back office',
  'title.agent': "Agents' desk",
  'nav.label': 'Back office pages',
  'nav.home': 'Home',
  'nav.sales': 'My sales',
  'nav.links': 'Share a quote link',
  'nav.customerQuote': 'Quote for a customer',
  signedInAs: 'Signed in as',
  signOut: 'Sign out',
  signingOut: 'Signing out…',
  loading: 'Loading…',
  checking: 'Checking your session…',
  language: '中文',
  'signIn.heading.admin': 'Sign in to the back office',
  'signIn.heading.agent': "Sign in to the agents' desk",
  'signIn.username': 'Username',
  'signIn.password': 'Password',
  'signIn.submit': 'Sign in',
  'signIn.busy': 'Signing in…',
  'signIn.forgot': 'Forgot your password?',
  'code.heading': 'Enter the code from your authenticator app',
  'code.enrolHeading': 'Add Lionrock to your authenticator app',
  'code.enrolIntro':
    'Open your authenticator app, add an account and type this key (or open the link on this device):',
  'code.secret': 'Key',
  'code.link': 'Open in authenticator app',
  'code.label': '6-digit code',
  'code.hint': 'The code changes every 30 seconds.',
  'code.submit': 'Confirm',
  'code.busy': 'Checking…',
  'code.restart': 'Start again',
  'code.invalid': 'Enter the 6 digits your app shows.',
  'forgot.heading': 'Reset your password',
  'forgot.intro': 'Enter your username. We will e-mail a link to the address on your account.',
  'forgot.submit': 'Send the link',
  'forgot.busy': 'Sending…',
  'forgot.sent': 'If the account exists we have e-mailed a link. It works once, for an hour.',
  'forgot.back': 'Back to sign-in',
  'reset.heading': 'Choose a new password',
  'reset.password': 'New password',
  'reset.repeat': 'New password again',
  'reset.hint': '12 to 128 characters, not your username.',
  'reset.submit': 'Change password',
  'reset.busy': 'Changing…',
  'reset.done': 'Password changed, sign in.',
  'reset.signIn': 'Sign in',
  'reset.noToken': 'This link is incomplete. Ask for a new one from the sign-in page.',
  'reset.mismatch': 'The two passwords are not the same.',
  'staff.errors.passwordShort': 'The password must have at least 12 characters.',
  'staff.errors.passwordLong': 'The password may have at most 128 characters.',
  'staff.errors.passwordWeak': 'Choose a password that is harder to guess.',
  required: 'Please fill this in.',
  'form.problems': 'Please check the marked fields.',
  'wrongDesk.admin': 'This is the staff side of Lionrock. Agents sign in at the agents’ desk.',
  'wrongDesk.adminLink': "Go to the agents' desk",
  'wrongDesk.agent': "The agents' desk is for agents. Staff use the back office.",
  'wrongDesk.agentLink': 'Go to the back office',
  'home.admin': 'What you can do',
  'home.adminNone': 'Your role has no pages here yet.',
  'home.agent': "Welcome to the agents' desk",
  'home.agentIntro': 'Your agent code is {code}. Use the menu to find your policies and quotes.',
  notFound: 'There is no such page here.',
  loadFailed: 'The page could not be loaded. Check the connection and try again.',
  retry: 'Try again',
  'role.operations': 'Operations',
  'role.marketing': 'Marketing',
  'role.underwriting': 'Underwriting',
  'role.claims': 'Claims',
  'role.read_only': 'Read only',
  'role.agent': 'Agent',
} as const;

export type TDeskKey = keyof typeof en;
type TDictionary = Record<TDeskKey, string>;

const zhHans: TDictionary = { ...en, ...ZH_HANS };

/** Hong Kong's, derived from the Simplified at build time by the shop's one converter (decision 110). */
const zhHant: TDictionary = { ...en, ...(ZH_HANT as typeof ZH_HANS) };

export type TDeskLanguage = 'en' | 'zh-Hans' | 'zh-Hant';
export type TDeskText = (key: TDeskKey, values?: Record<string, string>) => string;

/** The desk's language: staff pages English; the agents' desk the shop's language, Traditional for Hong Kong. */
export function deskLanguageOf(desk: 'admin' | 'agent', lang: TLanguage, country: TCountry): TDeskLanguage {
  if (desk === 'admin' || lang === 'en') return 'en';
  return country === 'HKG' ? 'zh-Hant' : 'zh-Hans';
}

export function deskTextOf(language: TDeskLanguage): TDeskText {
  const dictionary: TDictionary = language === 'en' ? en : language === 'zh-Hant' ? zhHant : zhHans;
  return (key, values = {}) =>
    dictionary[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
