import { z } from 'zod';
import {
  CAMPAIGN_CODE,
  CAMPAIGN_COUNTRIES,
  CAMPAIGN_IMAGE_MAX_BYTES,
  CAMPAIGN_IMAGE_TYPES,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_PRODUCTS,
  CAMPAIGN_STATUSES,
  campaignErrors,
  MAX_CODES_PER_BATCH,
  MAX_DISCOUNT_BASIS_POINTS,
  MAX_DISCOUNT_CENTS,
  PROMO_PREFIX,
  type TCampaignInput,
  TYPED_PROMO_CODE,
} from './campaign-rules.ts';

/**
 * Marketing's requests (issue 18, decision 123): what its campaign forms check before sending and its
 * routes check again, with the campaign rules' bounds (campaign-rules.ts), so that a form and the
 * server refuse the same things.
 */

/** A banner message, where a promo code comes from, or a voucher: a sentence or two. */
export const CAMPAIGN_TEXT_MAX = 300;
/** A campaign's terms and conditions, in each language. */
export const CAMPAIGN_TERMS_MAX = 4000;

const text = z.string().max(CAMPAIGN_TEXT_MAX).default('');
/** Terms are written out: something besides spaces. */
const terms = z.string().max(CAMPAIGN_TERMS_MAX).regex(/\S/, 'must not be blank');
/** A whole amount of basis points or cents, 0 or more. */
const wholeNumber = z.number().int().min(0);
/** The campaign rules between fields: the last day after the first, a code's and a voucher's text. */
const BETWEEN_FIELDS = ['endDate', 'promoCodeDescription', 'voucherDescription'] as const;

/** Whether every field campaignErrors reads has its type (a broken field is refused on its own). */
function hasRuleTypes(value: Partial<Record<keyof TCampaignInput, unknown>>): value is TCampaignInput {
  const strings = [
    'campaignCode',
    'campaignName',
    'startDate',
    'endDate',
    'voucherDescription',
    'termsConditionsEn',
    'termsConditionsCn',
    'promoCodeDescription',
  ] as const;
  return (
    strings.every((field) => typeof value[field] === 'string') &&
    typeof value.discountValue === 'number' &&
    typeof value.promoCodeRequired === 'boolean' &&
    (value.voucherCents === null || typeof value.voucherCents === 'number')
  );
}

/** What marketing saves as a campaign (new or edited); `campaignErrors` is the same rule for the service. */
export const ZCampaignRequest = z
  .object({
    campaignCode: z.string().trim().toUpperCase().regex(CAMPAIGN_CODE),
    campaignName: z.string().trim().min(1).max(CAMPAIGN_NAME_MAX),
    status: z.enum(CAMPAIGN_STATUSES),
    productCode: z.enum(CAMPAIGN_PRODUCTS),
    country: z.enum(CAMPAIGN_COUNTRIES),
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    marketingMessage: text,
    marketingMessageCn: text,
    promoCodeRequired: z.boolean(),
    promoCodeReusability: z.enum(['REUSABLE', 'SINGLE_USE']),
    promoCodeDescription: text,
    promoCodeDescriptionCn: text,
    discountType: z.enum(['PERCENT', 'AMOUNT']),
    /** PERCENT in basis points (1500 = 15%), AMOUNT in cents; at most the kind's maximum. */
    discountValue: wholeNumber,
    termsConditionsEn: terms,
    termsConditionsCn: terms,
    voucherCents: z.number().int().positive().nullable().default(null),
    voucherDescription: text,
    voucherDescriptionCn: text,
  })
  // The rules between fields are campaignErrors' own, in its words; they run even when another field is
  // wrong, so a form hears every problem. The discount's maximum by kind is a bound, said as one.
  .superRefine(
    (campaign, context) => {
      const value = campaign as Partial<Record<keyof TCampaignInput, unknown>>;
      if (hasRuleTypes(value)) {
        const errors = campaignErrors(value);
        for (const field of BETWEEN_FIELDS) {
          const message = errors[field];
          if (message) context.addIssue({ code: 'custom', path: [field], message });
        }
      }
      const { discountType, discountValue } = value;
      const maximum = discountType === 'AMOUNT' ? MAX_DISCOUNT_CENTS : MAX_DISCOUNT_BASIS_POINTS;
      if (typeof discountValue === 'number' && discountValue > maximum)
        context.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum,
          inclusive: true,
          input: discountValue,
          path: ['discountValue'],
        });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  ) satisfies z.ZodType<TCampaignInput, unknown>;
export type TCampaignRequest = z.infer<typeof ZCampaignRequest>;

/** Single-use codes made in bulk, each starting with the prefix (if any). */
export const ZCampaignCodesMake = z.object({
  count: z.number().int().min(1).max(MAX_CODES_PER_BATCH),
  prefix: z.string().trim().toUpperCase().regex(PROMO_PREFIX).default(''),
});
export type TCampaignCodesMake = z.infer<typeof ZCampaignCodesMake>;

/** The one code of a reusable campaign, as marketing types it. */
export const ZCampaignCodeAdd = z.object({
  code: z.string().trim().toUpperCase().regex(TYPED_PROMO_CODE),
});
export type TCampaignCodeAdd = z.infer<typeof ZCampaignCodeAdd>;

/** Codes added to a campaign: made in bulk, or typed (a broken one is refused on its own fields). */
export const ZCampaignCodesAdd = z.union([ZCampaignCodesMake, ZCampaignCodeAdd]);
export type TCampaignCodesAdd = z.infer<typeof ZCampaignCodesAdd>;

/** The longest base64 text of an image of the largest size (4 characters for every 3 bytes). */
export const CAMPAIGN_IMAGE_BASE64_MAX = 4 * Math.ceil(CAMPAIGN_IMAGE_MAX_BYTES / 3);

/** How many bytes a base64 text (unbroken, padded or not) decodes to. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * A campaign's new image: PNG or JPEG, as unbroken base64 of at most 500 kB. The server checks the
 * file's first bytes too (a renamed file is refused there).
 */
export const ZCampaignImageUpload = z.object({
  contentType: z
    .string()
    .max(100)
    .refine((type) => (CAMPAIGN_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase()), {
      message: 'must be image/png or image/jpeg',
    }),
  dataBase64: z
    .string()
    .min(1)
    .max(CAMPAIGN_IMAGE_BASE64_MAX)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64')
    .refine((base64) => base64Bytes(base64) <= CAMPAIGN_IMAGE_MAX_BYTES, {
      message: `must be at most ${CAMPAIGN_IMAGE_MAX_BYTES} bytes`,
    }),
  fileName: z.string().max(200).optional(),
});
export type TCampaignImageUpload = z.infer<typeof ZCampaignImageUpload>;
