import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import { formatMoney } from '@lionrock/domain/money/money';
import {
  chosenPremium,
  periodOfInsurance,
  policyholderName,
  totalPaidCents,
} from '@lionrock/domain/policy/policy-facts';
import { wireToCents } from '@lionrock/domain/schemas/wire-amounts';
import { planNameIn, type TIssuedPolicy } from '../document/policy-schedule.ts';
import { oneLine, renderMail } from '../notifications/mail-layout.ts';
import { productName, productWord, scriptFor, type TScript } from '../product/product-catalogue.ts';

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
  /**
   * A home policy's contents sum insured, in cents (decision 125): the figure its schedule prints
   * (`homeContentsSumInsuredCents`), which needs the rate table the policy was sold under.
   */
  homeContentsCents?: number;
  /**
   * An endorsement's mail (decision 138): the day, DD/MM/YYYY, its change of insured address is in force
   * from. The mail says so, with the new schedule attached, instead of the issue's thanks.
   */
  endorsedFrom?: string;
  /** The refund the endorsement owes (decision 142): how it is paid and its reference, which the mail states. */
  endorsedRefund?: TEndorsedRefund;
  /** The additional premium a rise took by card (decision 144): the amount, the card and the payment's reference. */
  endorsedCollected?: TEndorsedCollected;
};

/** A rise's card payment as the endorsement's event records it and its mail states it. */
export type TEndorsedCollected = { amountCents: number; cardLast4: string; reference: string };

/** An endorsement's refund as its event records it (endorsement-service) and its mail states it. */
export type TEndorsedRefund = {
  amountCents: number;
  method: 'CC' | 'PN';
  cardLast4: string;
  reference: string;
};

/** The outbox kind of an issued policy's mail, to its applicant and to its agent. */
export const POLICY_ISSUED_MAIL_KIND = 'policy-issued';

/**
 * The outbox kind of an endorsement's mail to the applicant, with the new schedule (decision 138). Its
 * message id names the endorsement's event and the day it is in force from:
 * `endorsement.<eventId>.<YYYY-MM-DD>` (`endorsementMailId`), so the mail is composed from the policy
 * as it is when it is sent, and a retry of the same endorsement queues no second mail.
 */
export const POLICY_ENDORSED_MAIL_KIND = 'policy-endorsed';

export const endorsementMailId = (eventId: number, fromIso: string): string =>
  `endorsement.${eventId}.${fromIso}`;

/** The event an endorsement's mail is about; null for any other message id. */
export function endorsementEventOf(messageId: string): number | null {
  const match = /^endorsement\.(\d{1,18})\.\d{4}-\d{2}-\d{2}$/.exec(messageId);
  return match ? Number(match[1]) : null;
}

/** The day an endorsement's mail says it is in force from, DD/MM/YYYY; null for any other message id. */
export function endorsedFromOf(messageId: string): string | null {
  const match = /^endorsement\.\d{1,18}\.(\d{4})-(\d{2})-(\d{2})$/.exec(messageId);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
}

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
  /** An endorsement: its subject and its first paragraph (decision 138). */
  endorsedSubject: (product: string, policyNumber: string) => string;
  endorsedIntro: (product: string, from: string) => string;
  /** An endorsement's refund: to the card, or by transfer, with its reference (decision 142). */
  endorsedRefund: (refund: {
    amount: string;
    method: 'CC' | 'PN';
    last4: string;
    reference: string;
  }) => string;
  /** A rise's additional premium, taken by card, with the payment's reference (decision 144). */
  endorsedCollected: (payment: { amount: string; last4: string; reference: string }) => string;
  agentIntro: (client: string) => string;
  agency: string;
  /** The applicant's mail: who sold the policy, and the agent's registration number. */
  yourAgent: string;
  registrationNo: string;
  /** Home: the contents sum the plan insures. */
  contents: string;
  /** The campaign's gift per policy (pa-home-payments section 9), when the policy has one. */
  voucher: string;
  labels: Record<keyof TDetails, string>;
  attached: string;
  download: (days: number) => string;
  /** The sentence before the "Manage your policy" link. */
  manage: string;
  period: (start: string, end: string) => string;
};

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TCopy = {
  subject: (product, number, role) =>
    role === 'agent' ? `已为您的客户签发狮石${product}保单 ${number}` : `您的狮石${product}保单 ${number}`,
  greeting: (name) => `尊敬的${name}：`,
  genericGreeting: '尊敬的客户：',
  applicantIntro: (product) => `感谢您选择狮石保险。您的${product}保单已经签发。`,
  endorsedSubject: (product, number) => `您的狮石${product}保单 ${number}：受保地址已更改`,
  endorsedIntro: (product, from) =>
    `您的${product}保单的受保地址自${from}起更改。随附新的保单附表，取代我们之前发送的附表。`,
  endorsedRefund: ({ amount, method, last4, reference }) =>
    `${
      method === 'CC'
        ? `保费因此减少，我们正将${amount}退回您尾号${last4}的信用卡，银行一般在7至14个工作日内显示。`
        : `保费因此减少，我们会以银行转账退还${amount}，我们的运营团队会在7个工作日内与您联络安排。`
    }退款编号：${reference}，查询时请提供此编号。`,
  endorsedCollected: ({ amount, last4, reference }) =>
    `保费因此增加，我们已从您${last4 ? `尾号${last4}的` : ''}信用卡收取${amount}。付款编号：${reference}，查询时请提供此编号。`,
  agentIntro: (client) => `已为您的客户${client}签发保单。`,
  agency: '代理机构',
  yourAgent: '您的代理',
  registrationNo: '代理注册编号',
  contents: '家居财物保额',
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
    endorsedSubject: (product, number) =>
      `Your Lionrock ${product} policy ${number}: insured address changed`,
    endorsedIntro: (product, from) =>
      `The insured address of your ${product} policy is changed from ${from}. The new policy schedule is attached; it replaces the one we sent before.`,
    endorsedRefund: ({ amount, method, last4, reference }) =>
      `${
        method === 'CC'
          ? `Your premium is lower, so we are refunding ${amount} to your card ending ${last4}. Your bank usually shows it within 7 to 14 working days.`
          : `Your premium is lower, so we will refund ${amount} by bank transfer. Our operations team will contact you within 7 working days to arrange it.`
      } Your refund's reference is ${reference}. Please quote it if you ask us or your bank about this refund.`,
    endorsedCollected: ({ amount, last4, reference }) =>
      `Your premium is higher, so we have charged ${amount} to your card${last4 ? ` ending ${last4}` : ''}. The payment's reference is ${reference}. Please quote it if you ask us about this payment.`,
    agentIntro: (client) => `A policy was issued for your client ${client}.`,
    agency: 'Agency',
    yourAgent: 'Your agent',
    registrationNo: 'Agent registration no.',
    contents: 'Contents sum insured',
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
      'Manage your policy online (see its details, download documents, turn auto-renewal off or on) with this link, or on our website’s My policy page with your policy number:',
    period: (start, end) => `${start} to ${end}`,
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

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
    // The plan's name once, as the schedule and the quote page name it (issue 29), never its rating code.
    plan: oneLine(planNameIn(script, plan, policy.country)),
    period: copy.period(period.start, period.end),
    total: formatMoney(totalPaidCents(policy), policy.country),
  };
  const agent = options.role === 'agent';
  const greetingName = agent ? agentName : client;
  const greeting = greetingName ? copy.greeting(greetingName) : copy.genericGreeting;
  const word = productWord(policy.productType, script);
  const endorsedFrom = oneLine(options.endorsedFrom ?? '');
  const intro = agent
    ? copy.agentIntro(client)
    : endorsedFrom
      ? copy.endorsedIntro(word, endorsedFrom)
      : copy.applicantIntro(word);
  const rows = (Object.keys(details) as (keyof TDetails)[]).map(
    (key) => [copy.labels[key], details[key]] as const,
  );
  if (options.homeContentsCents !== undefined)
    rows.splice(rows.findIndex(([label]) => label === copy.labels.period) + 1, 0, [
      copy.contents,
      formatMoney(options.homeContentsCents, policy.country),
    ]);
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
  const subject =
    endorsedFrom && !agent
      ? copy.endorsedSubject(word, details.policyNumber)
      : copy.subject(word, details.policyNumber, options.role);
  const download = copy.download(SCHEDULE_LINK_VALID_DAYS);
  return renderMail({
    script,
    subject,
    greeting,
    blocks: [
      { kind: 'paragraph', lines: [intro] },
      ...(endorsedFrom && !agent && options.endorsedRefund
        ? [
            {
              kind: 'paragraph' as const,
              lines: [
                copy.endorsedRefund({
                  amount: formatMoney(options.endorsedRefund.amountCents, policy.country),
                  method: options.endorsedRefund.method,
                  last4: oneLine(options.endorsedRefund.cardLast4),
                  reference: oneLine(options.endorsedRefund.reference),
                }),
              ],
            },
          ]
        : []),
      ...(endorsedFrom && !agent && options.endorsedCollected
        ? [
            {
              kind: 'paragraph' as const,
              lines: [
                copy.endorsedCollected({
                  amount: formatMoney(options.endorsedCollected.amountCents, policy.country),
                  last4: oneLine(options.endorsedCollected.cardLast4),
                  reference: oneLine(options.endorsedCollected.reference),
                }),
              ],
            },
          ]
        : []),
      { kind: 'details', rows },
      { kind: 'link', lines: [copy.attached, download], url },
      ...(manageUrl ? [{ kind: 'link' as const, lines: [copy.manage], url: manageUrl }] : []),
    ],
    contactCountry: policy.country,
    product: policy.productType,
  });
}
