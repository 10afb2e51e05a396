import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import { CLAIM_DRAFT_LINK_VALID_DAYS } from '@lionrock/domain/claims/claim-rules';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { oneLine, renderMail, type TRenderedMail } from '../notifications/mail-layout.ts';
import { productWord, scriptFor, type TProductType, type TScript } from '../product/product-catalogue.ts';

/**
 * The claims e-mails, in the customer's language (English; Chinese in Simplified characters for
 * Singapore and Traditional for Hong Kong): the acknowledgement with the claim number, and the
 * "finish later" link. Neither carries an ID number or the payout's details.
 */
export const CLAIM_MAIL_KINDS = [
  'claim-received',
  'claim-resume',
  // A staff member's move the customer is told about (issue 18, decision 081).
  'claim-more-information',
  'claim-approved',
  'claim-declined',
  'claim-paid',
] as const;
export type TClaimMailKind = (typeof CLAIM_MAIL_KINDS)[number];

export function isClaimMailKind(kind: string): kind is TClaimMailKind {
  return (CLAIM_MAIL_KINDS as readonly string[]).includes(kind);
}

export type TClaimMailFacts = {
  country: TCountry;
  productType: TProductType;
  policyNumber: string;
  claimNumber: string;
  amountCents: number | null;
  /** With a staff move: what information is needed, the amount approved, the payout's reference. */
  note?: string | null;
  amountApprovedCents?: number | null;
  payoutReference?: string | null;
  /** The claim's status link (the signed link that proves the mailbox, then the claim) or the resume link ('claim-resume'). */
  url: string;
  /** The policyholder the mail greets by name ("Dear <name>", issue 29); the generic greeting without one. */
  holderName?: string;
};

type TCopy = {
  subject: Record<TClaimMailKind, (f: TFacts) => string>;
  body: Record<TClaimMailKind, (f: TFacts) => string[]>;
  link: Record<TClaimMailKind, (f: TFacts) => string>;
  greeting: (name: string) => string;
  genericGreeting: string;
};
type TFacts = {
  product: string;
  policy: string;
  claim: string;
  amount: string;
  days: number;
  note: string;
  approved: string;
  reference: string;
};

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TCopy = {
  subject: {
    'claim-received': (f) => `我们已收到您的索偿 ${f.claim}`,
    'claim-resume': (f) => `请完成您${f.product}保单 ${f.policy} 的索偿`,
    'claim-more-information': (f) => `您的索偿 ${f.claim} 需要更多资料`,
    'claim-approved': (f) => `您的索偿 ${f.claim} 已获批准`,
    'claim-declined': (f) => `您的索偿 ${f.claim} 未获批准`,
    'claim-paid': (f) => `您的索偿 ${f.claim} 已支付`,
  },
  body: {
    'claim-received': (f) => [
      `谢谢。我们已收到您就${f.product}保单 ${f.policy} 提出的索偿，索偿编号为 ${f.claim}${f.amount ? `，索偿金额 ${f.amount}` : ''}。`,
      '理赔专员将审核您的索偿，如需更多资料会以电子邮件通知您。您可凭索偿编号在网上查看进度。',
    ],
    'claim-resume': (f) => [
      `您就${f.product}保单 ${f.policy} 提出的索偿已保存，包括您上传的文件。`,
      `请在任何设备上打开以下链接完成索偿。链接${f.days}日内有效，只能打开这份索偿。`,
    ],
    'claim-more-information': (f) => [
      `为继续处理您就${f.product}保单 ${f.policy} 提出的索偿 ${f.claim}，理赔专员需要以下资料：`,
      f.note,
      '请打开以下链接，在网上上传资料，或回复此电子邮件。',
    ],
    'claim-approved': (f) => [
      `您就${f.product}保单 ${f.policy} 提出的索偿 ${f.claim} 已获批准，金额为 ${f.approved}。`,
      '我们将把款项支付到您提供的账户，支付后会再通知您。',
    ],
    'claim-declined': (f) => [
      `很抱歉，经审核，我们无法就您${f.product}保单 ${f.policy} 的索偿 ${f.claim} 作出赔付。`,
      ...(f.note ? [f.note] : []),
      '如需了解详情或提出上诉，请联系我们。',
    ],
    'claim-paid': (f) => [
      `您就${f.product}保单 ${f.policy} 提出的索偿 ${f.claim} 已支付${f.approved ? `：${f.approved}` : ''}。`,
      ...(f.reference ? [`付款参考编号：${f.reference}。`] : []),
    ],
  },
  link: {
    'claim-received': () => '索偿进度：',
    'claim-resume': () => '完成索偿：',
    'claim-more-information': () => '索偿进度：',
    'claim-approved': () => '索偿进度：',
    'claim-declined': () => '索偿进度：',
    'claim-paid': () => '索偿进度：',
  },
  greeting: (name) => `尊敬的${name}：`,
  genericGreeting: '尊敬的客户：',
};

const COPY: Record<TScript, TCopy> = {
  en: {
    subject: {
      'claim-received': (f) => `We have received your claim ${f.claim}`,
      'claim-resume': (f) => `Finish your claim on your ${f.product} policy ${f.policy}`,
      'claim-more-information': (f) => `We need more information for your claim ${f.claim}`,
      'claim-approved': (f) => `Your claim ${f.claim} is approved`,
      'claim-declined': (f) => `Your claim ${f.claim} has been declined`,
      'claim-paid': (f) => `Your claim ${f.claim} has been paid`,
    },
    body: {
      'claim-received': (f) => [
        `Thank you. We have received your claim on your ${f.product} policy ${f.policy}. Your claim number is ${f.claim}${f.amount ? `, for ${f.amount}` : ''}.`,
        'A claims officer will review it and tell you by e-mail if we need anything more. You can follow its status online with your claim number.',
      ],
      'claim-resume': (f) => [
        `Your claim on your ${f.product} policy ${f.policy} is saved, with the documents you uploaded.`,
        `Open the link below on any device to finish it. It is valid for ${f.days} days and opens only this claim.`,
      ],
      'claim-more-information': (f) => [
        `To go on with your claim ${f.claim} on your ${f.product} policy ${f.policy}, our claims officer needs more information:`,
        f.note,
        'Please upload it online through the link below, or reply to this e-mail.',
      ],
      'claim-approved': (f) => [
        `Good news: your claim ${f.claim} on your ${f.product} policy ${f.policy} is approved for ${f.approved}.`,
        'We will pay it to the account you gave us and tell you when it is paid.',
      ],
      'claim-declined': (f) => [
        `We are sorry: after reviewing your claim ${f.claim} on your ${f.product} policy ${f.policy}, we cannot pay it.`,
        ...(f.note ? [f.note] : []),
        'If you would like to know more or to appeal, please contact us.',
      ],
      'claim-paid': (f) => [
        `Your claim ${f.claim} on your ${f.product} policy ${f.policy} has been paid${f.approved ? `: ${f.approved}` : ''}.`,
        ...(f.reference ? [`Payment reference: ${f.reference}.`] : []),
      ],
    },
    link: {
      'claim-received': () => 'Claim status:',
      'claim-resume': () => 'Finish your claim:',
      'claim-more-information': () => 'Claim status:',
      'claim-approved': () => 'Claim status:',
      'claim-declined': () => 'Claim status:',
      'claim-paid': () => 'Claim status:',
    },
    greeting: (name) => `Dear ${name},`,
    genericGreeting: 'Dear customer,',
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

export function composeClaimMail(
  kind: TClaimMailKind,
  language: 'en' | 'zh',
  facts: TClaimMailFacts,
): TRenderedMail {
  const script = scriptFor(language, facts.country);
  const copy = COPY[script];
  const values: TFacts = {
    product: productWord(facts.productType, script),
    policy: facts.policyNumber,
    claim: facts.claimNumber,
    amount: facts.amountCents ? formatMoney(facts.amountCents, facts.country) : '',
    days: CLAIM_DRAFT_LINK_VALID_DAYS,
    note: facts.note ?? '',
    approved: facts.amountApprovedCents ? formatMoney(facts.amountApprovedCents, facts.country) : '',
    reference: facts.payoutReference ?? '',
  };
  const subject = copy.subject[kind](values);
  const paragraphs = copy.body[kind](values);
  const name = oneLine(facts.holderName ?? '');
  return renderMail({
    script,
    subject,
    greeting: name ? copy.greeting(name) : copy.genericGreeting,
    blocks: [
      ...paragraphs.map((paragraph) => ({ kind: 'paragraph' as const, lines: [paragraph] })),
      { kind: 'link', lines: [copy.link[kind](values)], url: facts.url },
    ],
    contactCountry: facts.country,
    product: facts.productType,
  });
}
