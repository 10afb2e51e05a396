import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import { formatMoney } from '@lionrock/domain/money/money';
import { RENEWAL_LINK_VALID_DAYS } from '@lionrock/domain/payments/renewal-rules';
import { policyholderName } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { oneLine, renderMail } from '../notifications/mail-layout.ts';
import { productWord, scriptFor, type TScript } from '../product/product-catalogue.ts';

/**
 * The auto-renewal e-mails (pa-home-payments section 9, decision 011), to the applicant in the
 * policy's language: English, or Chinese in Simplified characters for Singapore and Traditional for
 * Hong Kong. Every one carries the signed link that turns auto-renewal off (the spec's "e-service").
 * No ID number and no more of the card than its last four digits is ever included.
 */
const RENEWAL_MAIL_KINDS = ['renewal-notice', 'card-expiring', 'renewal-success', 'renewal-failed'] as const;
export type TRenewalMailKind = (typeof RENEWAL_MAIL_KINDS)[number];

export function isRenewalMailKind(kind: string): kind is TRenewalMailKind {
  return (RENEWAL_MAIL_KINDS as readonly string[]).includes(kind);
}

/** What a renewal e-mail says, worked out by the caller; dates are DD/MM/YYYY. */
export type TRenewalMailFacts = {
  /** The expiring policy's number. */
  policyNumber: string;
  /** The renewed policy's number ('renewal-success'). */
  renewedPolicyNumber?: string;
  /** The expiring policy's last day of cover. */
  expiryDate: string;
  renewalStart: string;
  renewalEnd: string;
  chargeDate: string;
  /** The renewal price (charged, or to be charged). */
  amountCents: number;
  /** The last four digits of the card the token belongs to; '' when unknown. */
  cardLast4: string;
  /** The card's expiry as MM/YYYY; '' when unknown. */
  cardExpiry: string;
};

export type TRenewalMailOptions = {
  /** The signed link that turns auto-renewal off (valid RENEWAL_LINK_VALID_DAYS). */
  turnOffUrl: string;
  /** The signed "Manage your policy" link, when there is one. */
  manageUrl?: string;
  language: 'en' | 'zh';
  facts: TRenewalMailFacts;
};

export type TRenewalMail = { subject: string; text: string; html: string };

type TValues = {
  product: string;
  number: string;
  renewed: string;
  expiry: string;
  start: string;
  end: string;
  charge: string;
  amount: string;
  card: string;
  cardExpiry: string;
  days: number;
};

type TKindCopy = {
  subject: (v: TValues) => string;
  /** Paragraphs of the message, before the turn-off link. */
  body: (v: TValues) => string[];
  /** The sentence that introduces the turn-off link. */
  link: (v: TValues) => string;
};

/** The product's word comes from the product catalogue (decision 047). */
type TCopy = {
  greeting: (name: string) => string;
  genericGreeting: string;
  card: (last4: string) => string;
  /** The sentence before the "Manage your policy" link (design section 12). */
  manage: string;
  kinds: Record<TRenewalMailKind, TKindCopy>;
};

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TCopy = {
  greeting: (name) => `尊敬的${name}：`,
  genericGreeting: '尊敬的客户：',
  card: (last4) => (last4 ? `您尾号为${last4}的信用卡` : '您的信用卡'),
  manage: '在线查看此保单、续保情况和文件，或开启、关闭自动续保：',
  kinds: {
    'renewal-notice': {
      subject: (v) => `您的狮石${v.product}保单 ${v.number} 将自动续保`,
      body: (v) => [
        `您的${v.product}保单 ${v.number} 将于 ${v.expiry} 到期。您已开启自动续保，无须任何操作即可继续受保。`,
        `我们将于 ${v.charge} 从${v.card}扣取 ${v.amount}，并为您续保，保险期间为 ${v.start} 至 ${v.end}。新的保单附表将以电子邮件发送给您。`,
      ],
      link: (v) => `如您不希望续保，请于 ${v.charge} 前通过以下链接关闭自动续保（链接${v.days}日内有效）：`,
    },
    'card-expiring': {
      subject: (v) => `您的狮石保单 ${v.number} 续保所用的信用卡将于扣款前到期`,
      body: (v) => [
        `您的${v.product}保单 ${v.number} 即将续保，续保保费 ${v.amount} 将于 ${v.charge} 扣取。`,
        `为此保存的${v.card}将于 ${v.cardExpiry} 月底到期，早于扣款日期，因此扣款很可能被拒绝，您的保单将于 ${v.expiry} 终止。请于 ${v.charge} 前在我们网站的“我的保单”更换信用卡或联系我们，以保持您的保障。`,
      ],
      link: (v) => `如您希望关闭自动续保（链接${v.days}日内有效）：`,
    },
    'renewal-success': {
      subject: (v) => `您的狮石${v.product}保单已续保：${v.renewed}`,
      body: (v) => [
        `您的${v.product}保单 ${v.number} 已续保，新保单号码为 ${v.renewed}，保险期间为 ${v.start} 至 ${v.end}。`,
        `我们已从${v.card}扣取 ${v.amount}。新的保单附表将另以电子邮件发送。`,
      ],
      link: (v) => `明年仍将自动续保。如需关闭自动续保（链接${v.days}日内有效）：`,
    },
    'renewal-failed': {
      subject: (v) => `您的狮石${v.product}保单 ${v.number} 未能续保`,
      body: (v) => [
        `我们未能从${v.card}扣取续保保费 ${v.amount}：扣款被拒绝。`,
        `您的保单 ${v.number} 未有续保，将于 ${v.expiry} 到期。我们不会再为此保单从这张信用卡扣款。如需继续受保，请在我们的网站购买新保单或联系我们。`,
      ],
      link: (v) => `如需关闭此保单的自动续保（链接${v.days}日内有效）：`,
    },
  },
};

const COPY: Record<TScript, TCopy> = {
  en: {
    greeting: (name) => `Dear ${name},`,
    genericGreeting: 'Dear customer,',
    card: (last4) => (last4 ? `your card ending ${last4}` : 'your card'),
    manage: 'See this policy, its renewal and its documents online, or turn auto-renewal off or on:',
    kinds: {
      'renewal-notice': {
        subject: (v) => `Your Lionrock ${v.product} policy ${v.number} will be renewed automatically`,
        body: (v) => [
          `Your ${v.product} policy ${v.number} ends on ${v.expiry}. Auto-renewal is on, so you stay covered without doing anything.`,
          `On ${v.charge} we will charge ${v.amount} to ${v.card} and renew your policy for ${v.start} to ${v.end}. The new policy schedule will be e-mailed to you.`,
        ],
        link: (v) =>
          `If you do not want your policy renewed, turn auto-renewal off before ${v.charge} here (the link is valid for ${v.days} days):`,
      },
      'card-expiring': {
        subject: (v) =>
          `The card for the renewal of your Lionrock policy ${v.number} expires before the payment`,
        body: (v) => [
          `Your ${v.product} policy ${v.number} is due to be renewed, and the renewal payment of ${v.amount} will be charged on ${v.charge}.`,
          `The card saved for it, ${v.card}, expires at the end of ${v.cardExpiry}, before that date, so the payment is likely to be declined and your policy would then end on ${v.expiry}. To keep your cover, please give us another card under My policy on our website, or contact us, before ${v.charge}.`,
        ],
        link: (v) => `To turn auto-renewal off instead (the link is valid for ${v.days} days):`,
      },
      'renewal-success': {
        subject: (v) => `Your Lionrock ${v.product} policy has been renewed: ${v.renewed}`,
        body: (v) => [
          `Your ${v.product} policy ${v.number} has been renewed as policy ${v.renewed} for ${v.start} to ${v.end}.`,
          `We charged ${v.amount} to ${v.card}. The new policy schedule is in a separate e-mail.`,
        ],
        link: (v) =>
          `Auto-renewal stays on for next year. To turn it off (the link is valid for ${v.days} days):`,
      },
      'renewal-failed': {
        subject: (v) => `Your Lionrock ${v.product} policy ${v.number} could not be renewed`,
        body: (v) => [
          `We could not charge the renewal payment of ${v.amount} to ${v.card}: it was declined.`,
          `Your policy ${v.number} has not been renewed and ends on ${v.expiry}. We will not try to charge this card again for it. To stay covered, please buy a new policy on our website or contact us.`,
        ],
        link: (v) => `To turn auto-renewal off for this policy (the link is valid for ${v.days} days):`,
      },
    },
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

/** One of the four renewal e-mails for `policy` (the expiring one, or the renewed one for 'renewal-success'). */
export function composeRenewalMail(
  kind: TRenewalMailKind,
  policy: TPolicy,
  options: TRenewalMailOptions,
): TRenewalMail {
  const script = scriptFor(options.language, policy.country);
  const copy = COPY[script];
  const { facts } = options;
  const last4 = /^\d{4}$/.test(facts.cardLast4) ? facts.cardLast4 : '';
  const values: TValues = {
    product: productWord(policy.productType, script),
    number: oneLine(facts.policyNumber),
    renewed: oneLine(facts.renewedPolicyNumber ?? ''),
    expiry: oneLine(facts.expiryDate),
    start: oneLine(facts.renewalStart),
    end: oneLine(facts.renewalEnd),
    charge: oneLine(facts.chargeDate),
    amount: formatMoney(facts.amountCents, policy.country),
    card: copy.card(last4),
    cardExpiry: oneLine(facts.cardExpiry),
    days: RENEWAL_LINK_VALID_DAYS,
  };
  const kindCopy = copy.kinds[kind];
  const name = oneLine(policyholderName(policy));
  const greeting = name ? copy.greeting(name) : copy.genericGreeting;
  const paragraphs = kindCopy.body(values);
  const linkIntro = kindCopy.link(values);
  const url = oneLine(options.turnOffUrl);
  const manageUrl = options.manageUrl ? oneLine(options.manageUrl) : '';
  return renderMail({
    script,
    subject: kindCopy.subject(values),
    greeting,
    blocks: [
      ...paragraphs.map((paragraph) => ({ kind: 'paragraph' as const, lines: [paragraph] })),
      { kind: 'link', lines: [linkIntro], url },
      ...(manageUrl ? [{ kind: 'link' as const, lines: [copy.manage], url: manageUrl }] : []),
    ],
    contactCountry: policy.country,
    product: policy.productType,
  });
}
