import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import type { TReferralReason } from '@lionrock/domain/back-office/referral-rules';
import type { TCountry } from '@lionrock/domain/market/market';
import { oneLine, renderMail, type TRenderedMail } from '../notifications/mail-layout.ts';
import { productWord, scriptFor, type TProductType, type TScript } from '../product/product-catalogue.ts';

/**
 * The underwriting referral e-mails (decision 089), in the customer's language (English; Chinese in
 * Simplified characters for Singapore, Traditional for Hong Kong): the acknowledgement, the acceptance
 * with the link that reopens the quote priced with it, and the refusal with its reason. None carries
 * the ID number, the mobile or the address.
 */
export const REFERRAL_MAIL_KINDS = ['referral-received', 'referral-accepted', 'referral-refused'] as const;
export type TReferralMailKind = (typeof REFERRAL_MAIL_KINDS)[number];

export function isReferralMailKind(kind: string): kind is TReferralMailKind {
  return (REFERRAL_MAIL_KINDS as readonly string[]).includes(kind);
}

export type TReferralMailFacts = {
  country: TCountry;
  productType: TProductType;
  reason: TReferralReason;
  reference: string;
  /** The underwriter's reason (a refusal's is told; an acceptance's is kept on file). */
  note: string | null;
  /** The acceptance's link to the quote and the day it stops working. */
  url: string | null;
  validUntil: string | null;
  /** The name the customer gave, the mail greets them by ("Dear <name>", issue 29). */
  fullName?: string;
};

type TFacts = { product: string; reference: string; why: string; note: string; until: string };
type TCopy = {
  subject: Record<TReferralMailKind, (f: TFacts) => string>;
  body: Record<TReferralMailKind, (f: TFacts) => string[]>;
  why: Record<TReferralReason, string>;
  link: string;
  greeting: (name: string) => string;
  genericGreeting: string;
};

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TCopy = {
  subject: {
    'referral-received': (f) => `我们已收到您的${f.product}投保申请 ${f.reference}`,
    'referral-accepted': (f) => `好消息：我们可以为您承保（${f.reference}）`,
    'referral-refused': (f) => `关于您的申请 ${f.reference}`,
  },
  body: {
    'referral-received': (f) => [
      `谢谢。我们的核保人员将审核您的${f.product}报价（${f.why}）。您的参考编号为 ${f.reference}。`,
      '我们通常会在两个工作日内以电子邮件通知您结果，如需更多资料可能会致电您。',
    ],
    'referral-accepted': (f) => [
      `我们的核保人员已接受您的${f.product}报价（${f.why}）。您的参考编号为 ${f.reference}。`,
      `请打开以下链接查看保费并购买保障。链接有效至 ${f.until}，只供提出申请的人士使用。`,
    ],
    'referral-refused': (f) => [
      `很抱歉，经审核您的${f.product}报价（${f.why}），我们的核保人员无法提供此保障。`,
      ...(f.note ? [f.note] : []),
      '如需了解详情，请联系我们或您的持牌保险代理人。',
    ],
  },
  why: {
    OCCUPATION_DECLINED: '您的职业',
    CLAIMS_REFER_TO_AGENT: '您过去3年的索偿记录',
  },
  link: '您的报价：',
  greeting: (name) => `尊敬的${name}：`,
  genericGreeting: '尊敬的客户：',
};

const COPY: Record<TScript, TCopy> = {
  en: {
    subject: {
      'referral-received': (f) => `We have your request ${f.reference} for ${f.product} cover`,
      'referral-accepted': (f) => `Good news: we can cover you (${f.reference})`,
      'referral-refused': (f) => `About your request ${f.reference}`,
    },
    body: {
      'referral-received': (f) => [
        `Thank you. Our underwriters will review your ${f.product} quote (${f.why}). Your reference is ${f.reference}.`,
        'We will e-mail you their answer, usually within two working days, and may call you if they need to know more.',
      ],
      'referral-accepted': (f) => [
        `Our underwriters have accepted your ${f.product} quote (${f.why}). Your reference is ${f.reference}.`,
        `Open the link below to see your price and buy your cover. It is valid until ${f.until}, and only for the person who asked us.`,
      ],
      'referral-refused': (f) => [
        `We are sorry: after reviewing your ${f.product} quote (${f.why}), our underwriters cannot offer this cover.`,
        ...(f.note ? [f.note] : []),
        'If you would like to know more, please contact us or your Licensed Insurance Agent.',
      ],
    },
    why: {
      OCCUPATION_DECLINED: 'your occupation',
      CLAIMS_REFER_TO_AGENT: 'your claims in the last 3 years',
    },
    link: 'Your quote:',
    greeting: (name) => `Dear ${name},`,
    genericGreeting: 'Dear customer,',
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

export function composeReferralMail(
  kind: TReferralMailKind,
  language: 'en' | 'zh',
  facts: TReferralMailFacts,
): TRenderedMail {
  const script = scriptFor(language, facts.country);
  const copy = COPY[script];
  const values: TFacts = {
    product: productWord(facts.productType, script),
    reference: facts.reference,
    why: copy.why[facts.reason],
    note: facts.note ?? '',
    until: facts.validUntil ?? '',
  };
  const subject = copy.subject[kind](values);
  const paragraphs = copy.body[kind](values);
  const link = kind === 'referral-accepted' && facts.url ? facts.url : null;
  const name = oneLine(facts.fullName ?? '');
  return renderMail({
    script,
    subject,
    greeting: name ? copy.greeting(name) : copy.genericGreeting,
    blocks: [
      ...paragraphs.map((paragraph) => ({ kind: 'paragraph' as const, lines: [paragraph] })),
      ...(link ? [{ kind: 'link' as const, lines: [copy.link], url: link }] : []),
    ],
    contactCountry: facts.country,
    product: facts.productType,
  });
}
