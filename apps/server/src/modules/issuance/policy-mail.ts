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
};

/** The outbox kind of an issued policy's mail, to its applicant and to its agent. */
export const POLICY_ISSUED_MAIL_KIND = 'policy-issued';

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
      'Manage your policy online (see its details, download documents, turn auto-renewal off or on) with this link, or at /my-policy with your policy number:',
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
  const intro = agent ? copy.agentIntro(client) : copy.applicantIntro(word);
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
  const subject = copy.subject(word, details.policyNumber, options.role);
  const download = copy.download(SCHEDULE_LINK_VALID_DAYS);
  return renderMail({
    script,
    subject,
    greeting,
    blocks: [
      { kind: 'paragraph', lines: [intro] },
      { kind: 'details', rows },
      { kind: 'link', lines: [copy.attached, download], url },
      ...(manageUrl ? [{ kind: 'link' as const, lines: [copy.manage], url: manageUrl }] : []),
    ],
    contactCountry: policy.country,
    product: policy.productType,
  });
}
