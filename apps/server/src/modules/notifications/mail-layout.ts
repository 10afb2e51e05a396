import fs from 'node:fs';
import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TProductType } from '@lionrock/domain/tax/tax';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * The one layout of every mail the shop sends (decision 115). A module writes what its mail says as
 * blocks in the customer's script; this file draws them twice, as plain text and as HTML, with the same
 * header, contact line and sign-off. The HTML is MJML compiled once, when the layout changes, with
 * slots filled per mail: a mail costs a string substitution, not an MJML compile.
 */
export type TMailScript = 'en' | 'zh-Hans' | 'zh-Hant';

export type TMailBlock =
  /** Lines of one paragraph (a line break between them). */
  | { kind: 'paragraph'; lines: readonly string[] }
  /** Label and value rows, e.g. the policy's number and period: "Label: value" in the text version. */
  | { kind: 'details'; rows: readonly (readonly [string, string])[] }
  /** Lines that introduce a link, then the link: an http(s) address is a link, anything else text. */
  | { kind: 'link'; lines: readonly string[]; url: string }
  /** A one-time code, set apart so it is easy to read and copy. */
  | { kind: 'code'; code: string };

export type TMailDraft = {
  script: TMailScript;
  subject: string;
  /** "Dear Tan Wei Ming," or the generic greeting; none for a mail that is only a code. */
  greeting?: string | undefined;
  blocks: readonly TMailBlock[];
  /** The market whose lines the footer gives; none for a mail that is not about a market's business. */
  contactCountry?: TCountry | undefined;
  /** The product of the policy the mail is about: its help line (assistance abroad, home emergency, claims). */
  product?: TProductType | undefined;
};

export type TRenderedMail = { subject: string; text: string; html: string };

type TLayoutWords = {
  brand: string;
  colon: string;
  contact: (country: TCountry, product: TProductType | undefined) => string;
};

const contactsOf = (country: TCountry) => INSURER_CONTACTS[country];

/**
 * The line of help a policy's holder needs from its product: assistance abroad for travel, the home
 * emergency line for home, where to claim for personal accident; none for a mail about no policy.
 */
const HELP: Record<'en' | 'zh-Hans', Record<TProductType, (country: TCountry) => string>> = {
  en: {
    PTR: (country) => ` 24-hour emergency assistance abroad: ${contactsOf(country).assistance}.`,
    PHM: (country) =>
      ` 24-hour home emergency assistance (plumber, electrician, locksmith): ${contactsOf(country).homeAssistance}.`,
    PAN: (country) => ` To make a claim: ${contactsOf(country).claimsEmail}.`,
  },
  'zh-Hans': {
    PTR: (country) => `24小时海外紧急援助热线：${contactsOf(country).assistance}。`,
    PHM: (country) => `24小时家居紧急援助热线（水电、开锁）：${contactsOf(country).homeAssistance}。`,
    PAN: (country) => `申请索偿：${contactsOf(country).claimsEmail}。`,
  },
};

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TLayoutWords = {
  brand: '狮石保险',
  colon: '：',
  contact: (country, product) =>
    (country === 'SGP'
      ? `如有疑问，请联系我们：新加坡：${contactsOf('SGP').hotline}（星期一至五，上午9时至下午6时），${contactsOf('SGP').email}。`
      : `如有疑问，请联系我们：香港：${contactsOf('HKG').hotline}，${contactsOf('HKG').email}。`) +
    (product ? HELP['zh-Hans'][product](country) : ''),
};

const WORDS: Record<TMailScript, TLayoutWords> = {
  en: {
    brand: 'Lionrock Insurance',
    colon: ': ',
    contact: (country, product) =>
      (country === 'SGP'
        ? `Questions? Call or write to us. Singapore: ${contactsOf('SGP').hotline} (${contactsOf('SGP').hotlineHoursEn}), ${contactsOf('SGP').email}.`
        : `Questions? Call or write to us. Hong Kong: ${contactsOf('HKG').hotline}, ${contactsOf('HKG').email}.`) +
      (product ? HELP.en[product](country) : ''),
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

/**
 * The layout as MJML compiled it (`mail-layout.mjml` → `mail-layout.html`, `npm run mail-layout -w
 * @lionrock/server`): read once, so neither a start nor a mail loads MJML; a test compiles the source
 * again and fails when the two differ.
 */
export const MAIL_LAYOUT_HTML = new URL('./mail-layout.html', import.meta.url);
const TEMPLATE = fs.readFileSync(MAIL_LAYOUT_HTML, 'utf8');

/** Fills every slot in one pass, so a value that contains a slot's name is never filled again. */
function fill(values: Record<string, string>): string {
  return TEMPLATE.replace(/%%([A-Z]+)%%/g, (slot, name: string) => values[name] ?? slot);
}

/** A value on one line: no line breaks or other control characters (names come from the customer). */
export function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

const isWebUrl = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);
const e = escapeHtml;
const P = 'margin: 0 0 16px 0;';

function blockText(block: TMailBlock, words: TLayoutWords): string[] {
  switch (block.kind) {
    case 'paragraph':
      return [...block.lines];
    case 'details':
      return block.rows.map(([label, value]) => `${label}${words.colon}${value}`);
    case 'link':
      return [...block.lines, block.url];
    case 'code':
      return [block.code];
  }
}

function blockHtml(block: TMailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${P}">${block.lines.map(e).join('<br>')}</p>`;
    case 'details':
      return [
        `<table role="presentation" style="border-collapse: collapse; ${P}">`,
        ...block.rows.map(
          ([label, value]) =>
            `<tr><th style="text-align: left; vertical-align: top; padding: 2px 16px 2px 0; color: #083A50;">${e(label)}</th><td style="padding: 2px 0;">${e(value)}</td></tr>`,
        ),
        '</table>',
      ].join('');
    case 'link': {
      const link = isWebUrl(block.url) ? `<a href="${e(block.url)}">${e(block.url)}</a>` : e(block.url);
      return `<p style="${P}">${[...block.lines.map(e), link].join('<br>')}</p>`;
    }
    case 'code':
      return `<p style="${P} font-size: 28px; font-weight: bold; letter-spacing: 6px; color: #083A50;">${e(block.code)}</p>`;
  }
}

/** The mail's subject, text and HTML, laid out the one way every mail is. */
export function renderMail(draft: TMailDraft): TRenderedMail {
  const words = WORDS[draft.script];
  const subject = oneLine(draft.subject);
  const contact = draft.contactCountry ? words.contact(draft.contactCountry, draft.product) : '';
  const text = [
    ...(draft.greeting ? [draft.greeting, ''] : []),
    ...draft.blocks.flatMap((block) => [...blockText(block, words), '']),
    ...(contact ? [contact, ''] : []),
    words.brand,
    '',
  ].join('\n');
  const html = fill({
    LANG: draft.script,
    TITLE: e(subject),
    BRAND: e(words.brand),
    BODY: [
      draft.greeting ? `<p style="${P}">${e(draft.greeting)}</p>` : '',
      ...draft.blocks.map(blockHtml),
    ].join(''),
    FOOTER: [
      contact ? `<p style="${P}">${e(contact)}</p>` : '',
      `<p style="margin: 0;">${e(words.brand)}</p>`,
    ].join(''),
  });
  return { subject, text, html };
}
