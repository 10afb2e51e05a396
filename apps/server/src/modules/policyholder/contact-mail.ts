import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { ACCESS_CODE_VALID_MINUTES } from '@lionrock/domain/self-service/access-rules';
import { escapeHtml } from '../../lib/escape-html.ts';
import { policyholderName } from '../issuance/policy-schedule.ts';
import { productWord, scriptFor, type TScript } from '../product/product-catalogue.ts';

/**
 * The two e-mails of a change of address (decision 069), in the policy's language: the code, to the
 * NEW address, that proves the customer reads it; and the security notice, to the OLD address, that
 * the policy's address was changed. Neither carries an ID number; the notice shows the new address
 * masked.
 */
const CONTACT_MAIL_KINDS = ['contact-email-code', 'contact-email-changed'] as const;
export type TContactMailKind = (typeof CONTACT_MAIL_KINDS)[number];

export function isContactMailKind(kind: string): kind is TContactMailKind {
  return (CONTACT_MAIL_KINDS as readonly string[]).includes(kind);
}

export type TContactMailFacts = {
  policyNumber: string;
  /** 'contact-email-code': the code itself. */
  code?: string;
  /** 'contact-email-changed': the new address, masked. */
  maskedNewEmail?: string;
  /** 'contact-email-changed': DD/MM/YYYY of the change. */
  changedOn?: string;
};

type TValues = { product: string; number: string; code: string; masked: string; on: string; minutes: number };
type TCopy = {
  greeting: (name: string) => string;
  genericGreeting: string;
  contact: (country: TCountry) => string;
  signOff: string;
  kinds: Record<TContactMailKind, { subject: (v: TValues) => string; body: (v: TValues) => string[] }>;
};

const line = (country: TCountry) => {
  const contacts = INSURER_CONTACTS[country];
  return `${contacts.hotline}, ${contacts.email}`;
};

const COPY: Record<TScript, TCopy> = {
  en: {
    greeting: (name) => `Dear ${name},`,
    genericGreeting: 'Dear customer,',
    contact: (country) => `Questions? Call or write to us: ${line(country)}.`,
    signOff: 'Lionrock Insurance',
    kinds: {
      'contact-email-code': {
        subject: (v) => `Confirm the new e-mail address of your Lionrock policy ${v.number}`,
        body: (v) => [
          `You asked for this address to become the e-mail address of your ${v.product} policy ${v.number}.`,
          `Your code is ${v.code}. Type it on the My policy page within ${v.minutes} minutes to confirm the change.`,
          'If you did not ask for this, ignore this e-mail: nothing changes without the code.',
        ],
      },
      'contact-email-changed': {
        subject: (v) => `The e-mail address of your Lionrock policy ${v.number} was changed`,
        body: (v) => [
          `On ${v.on} the e-mail address of your ${v.product} policy ${v.number} was changed to ${v.masked}. Policy e-mails and renewal notices now go there.`,
          'If you made this change, there is nothing more to do. If you did not, please call us at once.',
        ],
      },
    },
  },
  'zh-Hans': {
    greeting: (name) => `尊敬的${name}：`,
    genericGreeting: '尊敬的客户：',
    contact: (country) => `如有疑问，请联系我们：${line(country)}。`,
    signOff: '狮石保险',
    kinds: {
      'contact-email-code': {
        subject: (v) => `确认您的狮石保单 ${v.number} 的新电子邮件地址`,
        body: (v) => [
          `您要求将此地址设为您的${v.product}保单 ${v.number} 的电子邮件地址。`,
          `您的验证码是 ${v.code}。请于${v.minutes}分钟内在“我的保单”页面输入，以确认更改。`,
          '如非您本人要求，请忽略此邮件：没有验证码，地址不会更改。',
        ],
      },
      'contact-email-changed': {
        subject: (v) => `您的狮石保单 ${v.number} 的电子邮件地址已更改`,
        body: (v) => [
          `您的${v.product}保单 ${v.number} 的电子邮件地址已于 ${v.on} 更改为 ${v.masked}。保单邮件及续保通知此后将发送至该地址。`,
          '如这是您本人的更改，无须任何操作。如不是，请立即致电我们。',
        ],
      },
    },
  },
  'zh-Hant': {
    greeting: (name) => `尊敬的${name}：`,
    genericGreeting: '尊敬的客戶：',
    contact: (country) => `如有疑問，請聯絡我們：${line(country)}。`,
    signOff: '獅石保險',
    kinds: {
      'contact-email-code': {
        subject: (v) => `確認您的獅石保單 ${v.number} 的新電郵地址`,
        body: (v) => [
          `您要求將此地址設為您的${v.product}保單 ${v.number} 的電郵地址。`,
          `您的驗證碼是 ${v.code}。請於${v.minutes}分鐘內在「我的保單」頁面輸入，以確認更改。`,
          '如非您本人要求，請忽略此電郵：沒有驗證碼，地址不會更改。',
        ],
      },
      'contact-email-changed': {
        subject: (v) => `您的獅石保單 ${v.number} 的電郵地址已更改`,
        body: (v) => [
          `您的${v.product}保單 ${v.number} 的電郵地址已於 ${v.on} 更改為 ${v.masked}。保單電郵及續保通知此後將發送至該地址。`,
          '如這是您本人的更改，無須任何操作。如不是，請立即致電我們。',
        ],
      },
    },
  },
};

const oneLine = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

export function composeContactMail(
  kind: TContactMailKind,
  policy: TPolicy,
  language: 'en' | 'zh',
  facts: TContactMailFacts,
): { subject: string; text: string; html: string } {
  const script = scriptFor(language, policy.country);
  const copy = COPY[script];
  const values: TValues = {
    product: productWord(policy.productType, script),
    number: oneLine(facts.policyNumber),
    code: /^\d+$/.test(facts.code ?? '') ? facts.code! : '',
    masked: oneLine(facts.maskedNewEmail ?? ''),
    on: oneLine(facts.changedOn ?? ''),
    minutes: ACCESS_CODE_VALID_MINUTES,
  };
  const name = oneLine(policyholderName(policy));
  const greeting = name ? copy.greeting(name) : copy.genericGreeting;
  const paragraphs = copy.kinds[kind].body(values);
  const subject = oneLine(copy.kinds[kind].subject(values));
  const contact = copy.contact(policy.country);
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), contact, '', copy.signOff, ''].join(
    '\n',
  );
  const e = escapeHtml;
  const html = [
    '<!doctype html>',
    `<html lang="${script}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; color: #222222; line-height: 1.5;">',
    `<p>${e(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${e(p)}</p>`),
    `<p>${e(contact)}</p>`,
    `<p>${e(copy.signOff)}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject, text, html };
}
