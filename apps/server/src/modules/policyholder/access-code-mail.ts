import { createHmac } from 'node:crypto';
import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import type { TCountry } from '@lionrock/domain/market/market';
import { ACCESS_CODE_VALID_MINUTES } from '@lionrock/domain/self-service/access-rules';
import { renderMail, type TRenderedMail } from '../notifications/mail-layout.ts';
import { productWord, scriptFor, type TProductType, type TScript } from '../product/product-catalogue.ts';

/** The keyed hash a code is kept as, bound to the challenge of the sign-in it was mailed for (decision 101). */
export function accessCodeHash(secret: string, challengeHash: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeHash}|${code}`, 'utf8').digest('base64url');
}

/** The outbox kind of the one-time code's e-mail (design section 12). */
export const ACCESS_CODE_MAIL_KIND = 'access-code';

type TCopy = {
  subject: (product: string, number: string) => string;
  intro: (product: string, number: string) => string;
  valid: (minutes: number) => string;
  notYou: string;
};

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TCopy = {
  subject: (_product, number) => `您的狮石保单 ${number} 验证码`,
  intro: (product, number) => `有人请求在狮石网站查看您的${product}保单 ${number}。您的一次性验证码是：`,
  valid: (minutes) => `验证码只能使用一次，${minutes}分钟内有效。请勿告诉任何人：我们绝不会向您索取。`,
  notYou: '如果这不是您本人的操作，请忽略此邮件：没有验证码，任何人都无法查看您的保单。',
};

const COPY: Record<TScript, TCopy> = {
  en: {
    subject: (_product, number) => `Your Lionrock code for policy ${number}`,
    intro: (product, number) =>
      `Someone asked to open your ${product} policy ${number} on the Lionrock website. Your one-time code is:`,
    valid: (minutes) =>
      `The code works once, for ${minutes} minutes. Never share it: we will never ask you for it.`,
    notYou: 'If this was not you, you can ignore this e-mail: without the code nobody can open your policy.',
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

/** The code's e-mail in the policy's language; the code is the only secret in it, and no ID number. */
export function composeAccessCodeMail(input: {
  code: string;
  policyNumber: string;
  productType: TProductType;
  country: TCountry;
  language: 'en' | 'zh';
}): TRenderedMail {
  const script = scriptFor(input.language, input.country);
  const copy = COPY[script];
  const product = productWord(input.productType, script);
  const subject = copy.subject(product, input.policyNumber);
  const intro = copy.intro(product, input.policyNumber);
  const valid = copy.valid(ACCESS_CODE_VALID_MINUTES);
  return renderMail({
    script,
    subject,
    blocks: [
      { kind: 'paragraph', lines: [intro] },
      { kind: 'code', code: input.code },
      { kind: 'paragraph', lines: [valid] },
      { kind: 'paragraph', lines: [copy.notYou] },
    ],
  });
}
