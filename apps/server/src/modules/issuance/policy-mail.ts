import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { wireToCents } from '@lionrock/domain/schemas/wire-amounts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { productName, productWord, scriptFor, type TScript } from '../product/product-catalogue.ts';
import {
  chosenPremium,
  periodOfInsurance,
  planNameIn,
  policyholderName,
  type TIssuedPolicy,
  totalPaidCents,
} from './policy-schedule.ts';

/**
 * The e-mail sent when a policy is issued, to the applicant and to the agent when one is attached, in
 * the policy's language: English, or Chinese in Simplified characters for Singapore and Traditional
 * for Hong Kong (both written out here; the web's OpenCC conversion is a build step of the web app).
 * The schedule PDF goes as an attachment; the message links to it too. No ID number is ever included.
 */
export type TPolicyMailRole = 'applicant' | 'agent';

export type TPolicyMailOptions = {
  role: TPolicyMailRole;
  /** The signed download link of the schedule (see `lib/signed-link.ts`), valid SCHEDULE_LINK_VALID_DAYS. */
  scheduleUrl: string;
  /** The signed "Manage your policy" link (design section 12); the applicant's mail only. */
  manageUrl?: string;
  agentName?: string;
  agencyName?: string;
  /**
   * The agent's registration number (issue 18; MAS / IA require the intermediary to be identifiable):
   * named with the agent in the applicant's mail when the policy was sold through one.
   */
  agentRegistrationNo?: string;
};

export type TPolicyMail = { subject: string; text: string; html: string };

/** How long the schedule's download link is valid; the mail states it. */
export const SCHEDULE_LINK_VALID_DAYS = 30;

type TDetails = {
  policyNumber: string;
  receiptNumber: string;
  product: string;
  plan: string;
  period: string;
  total: string;
};

/** The product's name and word come from the product catalogue (decision 047). */
type TCopy = {
  subject: (product: string, policyNumber: string, role: TPolicyMailRole) => string;
  greeting: (name: string) => string;
  genericGreeting: string;
  applicantIntro: (product: string) => string;
  agentIntro: (client: string) => string;
  agency: string;
  /** The applicant's mail: who sold the policy, and the agent's registration number. */
  yourAgent: string;
  registrationNo: string;
  /** The campaign's gift per policy (pa-home-payments section 9), when the policy has one. */
  voucher: string;
  labels: Record<keyof TDetails, string>;
  attached: string;
  download: (days: number) => string;
  /** The sentence before the "Manage your policy" link. */
  manage: string;
  contact: (country: TCountry) => string;
  signOff: string;
  /** Between a label and its value: ": " in English, a full-width colon in Chinese. */
  colon: string;
  period: (start: string, end: string) => string;
};

/** The market's lines and address, from the one place they are kept (decision 042). */
const contactsOf = (country: TCountry) => INSURER_CONTACTS[country];
const CONTACT_EN: Record<TCountry, string> = {
  SGP: `Singapore: ${contactsOf('SGP').hotline} (Monday to Friday, 9 am to 6 pm), ${contactsOf('SGP').email}. 24-hour emergency assistance abroad: ${contactsOf('SGP').assistance}`,
  HKG: `Hong Kong: ${contactsOf('HKG').hotline}, ${contactsOf('HKG').email}. 24-hour emergency assistance abroad: ${contactsOf('HKG').assistance}`,
};

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TCopy = {
  subject: (product, number, role) =>
    role === 'agent' ? `已为您的客户签发狮石${product}保单 ${number}` : `您的狮石${product}保单 ${number}`,
  greeting: (name) => `尊敬的${name}：`,
  genericGreeting: '尊敬的客户：',
  applicantIntro: (product) => `感谢您选择狮石保险。您的${product}保单已经签发。`,
  agentIntro: (client) => `已为您的客户${client}签发保单。`,
  agency: '代理机构',
  yourAgent: '您的代理',
  registrationNo: '代理注册编号',
  voucher: '活动礼品',
  labels: {
    policyNumber: '保单号码',
    receiptNumber: '收据号码',
    product: '产品',
    plan: '计划',
    period: '保险期间',
    total: '已付总额',
  },
  attached: '保单附表已作为PDF附件随本邮件发送。',
  download: (days) => `您也可以通过以下链接下载（链接${days}日内有效）：`,
  manage:
    '通过以下链接在线管理您的保单（查看详情、下载文件、开启或关闭自动续保），也可以在网站的“我的保单”页面用保单号码登录：',
  contact: (country) =>
    country === 'SGP'
      ? `如有疑问，请联系我们：新加坡：${contactsOf('SGP').hotline}（星期一至五，上午9时至下午6时），${contactsOf('SGP').email}。24小时海外紧急援助热线：${contactsOf('SGP').assistance}。`
      : `如有疑问，请联系我们：香港：${contactsOf('HKG').hotline}，${contactsOf('HKG').email}。24小时海外紧急援助热线：${contactsOf('HKG').assistance}。`,
  signOff: '狮石保险',
  colon: '：',
  period: (start, end) => `${start} 至 ${end}`,
};

const COPY: Record<TScript, TCopy> = {
  en: {
    subject: (product, number, role) =>
      role === 'agent'
        ? `Lionrock ${product} policy ${number} issued for your client`
        : `Your Lionrock ${product} policy ${number}`,
    greeting: (name) => `Dear ${name},`,
    genericGreeting: 'Dear customer,',
    applicantIntro: (product) =>
      `Thank you for choosing Lionrock Insurance. Your ${product} policy has been issued.`,
    agentIntro: (client) => `A policy was issued for your client ${client}.`,
    agency: 'Agency',
    yourAgent: 'Your agent',
    registrationNo: 'Agent registration no.',
    voucher: 'Campaign gift',
    labels: {
      policyNumber: 'Policy number',
      receiptNumber: 'Receipt number',
      product: 'Product',
      plan: 'Plan',
      period: 'Period of insurance',
      total: 'Total paid',
    },
    attached: 'The policy schedule is attached to this e-mail as a PDF.',
    download: (days) => `You can also download it here (the link is valid for ${days} days):`,
    manage:
      'Manage your policy online (see its details, download documents, turn auto-renewal off or on) with this link, or at /my-policy with your policy number:',
    contact: (country) => `Questions? Call or write to us. ${CONTACT_EN[country]}.`,
    signOff: 'Lionrock Insurance',
    colon: ': ',
    period: (start, end) => `${start} to ${end}`,
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

const HTML_LANG: Record<TScript, string> = { en: 'en', 'zh-Hans': 'zh-Hans', 'zh-Hant': 'zh-Hant' };

/** A value on one line: no line breaks or other control characters (names come from the customer). */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** Only http(s) links are links; anything else is shown as text. */
function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url);
}

/**
 * The applicant's or agent's e-mail for an issued policy, in its language. The agent's version names
 * the client instead of greeting them, and greets the agent by name when given.
 */
export function composePolicyMail(issued: TIssuedPolicy, options: TPolicyMailOptions): TPolicyMail {
  const script = scriptFor(issued.language, issued.document.country);
  const copy = COPY[script];
  const policy = issued.document;
  const plan = chosenPremium(policy);
  const period = periodOfInsurance(policy);
  const client = oneLine(policyholderName(policy));
  const agentName = oneLine(options.agentName ?? '');
  const agencyName = oneLine(options.agencyName ?? '');
  const url = oneLine(options.scheduleUrl);
  const manageUrl = options.role === 'applicant' && options.manageUrl ? oneLine(options.manageUrl) : '';

  const details: TDetails = {
    policyNumber: oneLine(issued.policyNumber),
    receiptNumber: oneLine(issued.receiptNumber),
    product: productName(policy.productType, script),
    // Chinese mails name the plan in Chinese, as the schedule does; the code stays as printed on it.
    plan:
      script === 'en'
        ? `${oneLine(planNameIn(script, plan, policy.country))} (${oneLine(plan.planCode)})`
        : `${planNameIn(script, plan, policy.country)}（${oneLine(plan.planCode)}）`,
    period: copy.period(period.start, period.end),
    total: formatMoney(totalPaidCents(policy), policy.country),
  };
  const agent = options.role === 'agent';
  const greetingName = agent ? agentName : client;
  const greeting = greetingName ? copy.greeting(greetingName) : copy.genericGreeting;
  const word = productWord(policy.productType, script);
  const intro = agent ? copy.agentIntro(client) : copy.applicantIntro(word);
  const rows = (Object.keys(details) as (keyof TDetails)[]).map(
    (key) => [copy.labels[key], details[key]] as const,
  );
  const voucher = policy.campaignVoucher;
  if (voucher) {
    const named = script === 'en' ? voucher.description : voucher.descriptionCn || voucher.description;
    rows.push([copy.voucher, oneLine(named || formatMoney(wireToCents(voucher.amount), policy.country))]);
  }
  if (agent && agencyName) rows.push([copy.agency, agencyName]);
  const registrationNo = oneLine(options.agentRegistrationNo ?? '');
  if (!agent && registrationNo) {
    if (agentName) rows.push([copy.yourAgent, agencyName ? `${agentName}, ${agencyName}` : agentName]);
    rows.push([copy.registrationNo, registrationNo]);
  }
  const subject = copy.subject(word, details.policyNumber, options.role);
  const download = copy.download(SCHEDULE_LINK_VALID_DAYS);
  const contact = copy.contact(policy.country);

  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `${label}${copy.colon}${value}`),
    '',
    copy.attached,
    download,
    url,
    '',
    ...(manageUrl ? [copy.manage, manageUrl, ''] : []),
    contact,
    '',
    copy.signOff,
    '',
  ].join('\n');

  const e = escapeHtml;
  const link = isWebUrl(url) ? `<a href="${e(url)}">${e(url)}</a>` : e(url);
  const html = [
    '<!doctype html>',
    `<html lang="${HTML_LANG[script]}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; color: #222222; line-height: 1.5;">',
    `<p>${e(greeting)}</p>`,
    `<p>${e(intro)}</p>`,
    '<table style="border-collapse: collapse;">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th style="text-align: left; padding: 2px 16px 2px 0; color: #0B3B5C;">${e(label)}</th><td style="padding: 2px 0;">${e(value)}</td></tr>`,
    ),
    '</table>',
    `<p>${e(copy.attached)}<br>${e(download)}<br>${link}</p>`,
    ...(manageUrl
      ? [
          `<p>${e(copy.manage)}<br>${isWebUrl(manageUrl) ? `<a href="${e(manageUrl)}">${e(manageUrl)}</a>` : e(manageUrl)}</p>`,
        ]
      : []),
    `<p>${e(contact)}</p>`,
    `<p>${e(copy.signOff)}</p>`,
    '</body></html>',
    '',
  ].join('\n');

  return { subject: oneLine(subject), text, html };
}
