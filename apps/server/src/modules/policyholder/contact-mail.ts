import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import { policyholderName } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { ACCESS_CODE_VALID_MINUTES, type TStepUpPurpose } from '@lionrock/domain/self-service/access-rules';
import { oneLine, renderMail, type TRenderedMail } from '../notifications/mail-layout.ts';
import { productWord, scriptFor, type TScript } from '../product/product-catalogue.ts';

/**
 * The e-mails of the policyholder's own changes (decisions 069 and 102), in the policy's language: the
 * code, to the NEW address, that proves the customer reads it; the security notice, to the OLD address,
 * that the policy's address was changed, with its one-click undo; the notice that an undo put the old
 * address back; the notice, to the address on the policy, that its mobile number was changed (issue
 * 29, as a change of address is told); and the step-up code, to the address on the policy, before a
 * sensitive change. None carries an ID number; addresses and numbers are masked.
 */
const CONTACT_MAIL_KINDS = [
  'contact-email-code',
  'contact-email-changed',
  'contact-email-restored',
  'contact-mobile-changed',
  'step-up-code',
] as const;
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
  /** 'contact-mobile-changed': the number before and after, masked (`+65 ****4567`). */
  maskedOldMobile?: string;
  maskedNewMobile?: string;
  /** 'contact-email-changed', 'contact-mobile-changed': DD/MM/YYYY of the change. */
  changedOn?: string;
  /** 'contact-email-changed': the link that undoes it, and until when (DD/MM/YYYY). */
  undoUrl?: string;
  undoUntil?: string;
  /** 'step-up-code': the change the code is for. */
  purpose?: TStepUpPurpose;
};

type TValues = {
  product: string;
  number: string;
  code: string;
  masked: string;
  /** The mobile number before the change, masked. */
  old: string;
  on: string;
  minutes: number;
  until: string;
  purpose: string;
};
type TCopy = {
  greeting: (name: string) => string;
  genericGreeting: string;
  /** What a step-up code is for, as the mail names it. */
  purposes: Record<TStepUpPurpose, string>;
  /** The undo link's words beside it. */
  undo: string;
  kinds: Record<TContactMailKind, { subject: (v: TValues) => string; body: (v: TValues) => string[] }>;
};

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TCopy = {
  greeting: (name) => `尊敬的${name}：`,
  genericGreeting: '尊敬的客户：',
  purposes: {
    contact: '更改联系资料',
    'renewal-card': '更改续保扣款的信用卡',
    cancellation: '取消保单',
    'claim-payout': '设定理赔款项的收款账户',
    'insured-address': '更改受保地址',
  },
  undo: '撤销此更改：',
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
        `如这是您本人的更改，无须任何操作。如不是，请使用下面的链接撤销更改（只能使用一次，有效期至 ${v.until}），并致电我们。在此之前，保单不能在网上取消，理赔收款账户也不能更改。`,
      ],
    },
    'contact-email-restored': {
      subject: (v) => `您的狮石保单 ${v.number} 的电子邮件地址已恢复`,
      body: (v) => [
        `您的${v.product}保单 ${v.number} 的电子邮件地址更改已于 ${v.on} 撤销：保单邮件及续保通知将再次发送至此地址。`,
        '如您没有要求被撤销的那次更改，请致电我们，以便与您一起核对保单。',
      ],
    },
    'contact-mobile-changed': {
      subject: (v) => `您的狮石保单 ${v.number} 的手机号码已更改`,
      body: (v) => [
        `您的${v.product}保单 ${v.number} 的手机号码已于 ${v.on} 由 ${v.old} 更改为 ${v.masked}。`,
        '如这是您本人的更改，无须任何操作。如不是，请立即致电我们，以便与您一起核对保单。',
      ],
    },
    'step-up-code': {
      subject: (v) => `您用于${v.purpose}的狮石验证码：保单 ${v.number}`,
      body: (v) => [
        `有人登录了您的${v.product}保单 ${v.number}，并要求${v.purpose}。在执行之前，我们需要向您确认。`,
        `您的验证码是 ${v.code}。只能使用一次，${v.minutes}分钟内有效。请勿告诉任何人：我们绝不会向您索取。`,
        '如这不是您本人的操作，请不要使用验证码并致电我们：没有验证码，什么都不会更改。',
      ],
    },
  },
};

const COPY: Record<TScript, TCopy> = {
  en: {
    greeting: (name) => `Dear ${name},`,
    genericGreeting: 'Dear customer,',
    purposes: {
      contact: 'change its contact details',
      'renewal-card': 'change the card its renewals are charged to',
      cancellation: 'cancel it',
      'claim-payout': 'set the account a claim on it is paid to',
      'insured-address': 'change the address of the home it insures',
    },
    undo: 'Undo this change:',
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
          `If you made this change, there is nothing more to do. If you did not, undo it with the link below (it works once, until ${v.until}) and call us. Until then the policy cannot be cancelled online and no claim payout account can be changed.`,
        ],
      },
      'contact-email-restored': {
        subject: (v) => `The e-mail address of your Lionrock policy ${v.number} is yours again`,
        body: (v) => [
          `On ${v.on} the change of the e-mail address of your ${v.product} policy ${v.number} was undone: policy e-mails and renewal notices come to this address again.`,
          'If you did not ask for the change that was undone, please call us so we can check your policy with you.',
        ],
      },
      'contact-mobile-changed': {
        subject: (v) => `The mobile number of your Lionrock policy ${v.number} was changed`,
        body: (v) => [
          `On ${v.on} the mobile number of your ${v.product} policy ${v.number} was changed from ${v.old} to ${v.masked}.`,
          'If you made this change, there is nothing more to do. If you did not, please call us at once so we can check your policy with you.',
        ],
      },
      'step-up-code': {
        subject: (v) => `Your Lionrock code to ${v.purpose}: policy ${v.number}`,
        body: (v) => [
          `Someone signed in to your ${v.product} policy ${v.number} asked to ${v.purpose}. Before we do, we check with you.`,
          `Your code is ${v.code}. It works once, for ${v.minutes} minutes. Never share it: we will never ask you for it.`,
          'If this was not you, do not use the code and call us: nothing changes without it.',
        ],
      },
    },
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

export function composeContactMail(
  kind: TContactMailKind,
  policy: TPolicy,
  language: 'en' | 'zh',
  facts: TContactMailFacts,
): TRenderedMail {
  const script = scriptFor(language, policy.country);
  const copy = COPY[script];
  const values: TValues = {
    product: productWord(policy.productType, script),
    number: oneLine(facts.policyNumber),
    code: /^\d+$/.test(facts.code ?? '') ? facts.code! : '',
    masked: oneLine(facts.maskedNewEmail ?? facts.maskedNewMobile ?? ''),
    old: oneLine(facts.maskedOldMobile ?? ''),
    on: oneLine(facts.changedOn ?? ''),
    minutes: ACCESS_CODE_VALID_MINUTES,
    until: oneLine(facts.undoUntil ?? ''),
    purpose: facts.purpose ? copy.purposes[facts.purpose] : '',
  };
  const undoUrl = kind === 'contact-email-changed' && facts.undoUrl ? oneLine(facts.undoUrl) : '';
  const name = oneLine(policyholderName(policy));
  const greeting = name ? copy.greeting(name) : copy.genericGreeting;
  const paragraphs = copy.kinds[kind].body(values);
  const subject = oneLine(copy.kinds[kind].subject(values));
  return renderMail({
    script,
    subject,
    greeting,
    blocks: [
      ...paragraphs.map((paragraph) => ({ kind: 'paragraph' as const, lines: [paragraph] })),
      ...(undoUrl ? [{ kind: 'link' as const, lines: [copy.undo], url: undoUrl }] : []),
    ],
    contactCountry: policy.country,
    product: policy.productType,
  });
}
