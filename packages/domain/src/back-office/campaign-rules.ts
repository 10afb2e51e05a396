import { PROMO_CODE_MAX_LENGTH } from '../campaign/promo-rules.ts';

/**
 * What marketing may save as a campaign (issue 18, the spec's campaign fields in travel-flow section 9
 * and pa-home-payments section 9), and how promo codes are made in bulk. The back-office API and its
 * form read these; the shop's pricing reads the saved campaign as it always has.
 */
export const CAMPAIGN_PRODUCTS = ['PTR', 'PAN', 'PHM'] as const;
export const CAMPAIGN_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const CAMPAIGN_COUNTRIES = ['SGP', 'HKG'] as const;

export type TCampaignInput = {
  campaignCode: string;
  campaignName: string;
  status: (typeof CAMPAIGN_STATUSES)[number];
  productCode: (typeof CAMPAIGN_PRODUCTS)[number];
  country: (typeof CAMPAIGN_COUNTRIES)[number];
  /** ISO dates (yyyy-mm-dd). */
  startDate: string;
  endDate: string;
  marketingMessage: string;
  marketingMessageCn: string;
  promoCodeRequired: boolean;
  promoCodeReusability: 'REUSABLE' | 'SINGLE_USE';
  promoCodeDescription: string;
  promoCodeDescriptionCn: string;
  /** PERCENT in basis points (1500 = 15%), AMOUNT in cents. */
  discountType: 'PERCENT' | 'AMOUNT';
  discountValue: number;
  termsConditionsEn: string;
  termsConditionsCn: string;
  voucherCents: number | null;
  voucherDescription: string;
  voucherDescriptionCn: string;
};

export type TCampaignErrors = Partial<Record<keyof TCampaignInput, string>>;

/** A campaign code: 3 to 20 capital letters and digits (it appears in links: /campaign/{code}). */
export const CAMPAIGN_CODE = /^[A-Z0-9]{3,20}$/;
/** A campaign's name, as marketing's lists show it. */
export const CAMPAIGN_NAME_MAX = 100;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A discount never takes more than 50% or S$/HK$ 500 off: anything larger is a typing mistake. */
export const MAX_DISCOUNT_BASIS_POINTS = 5000;
export const MAX_DISCOUNT_CENTS = 50_000;

function isRealIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Each field's problem, in English for the staff form; empty when the campaign may be saved. */
export function campaignErrors(input: TCampaignInput): TCampaignErrors {
  const errors: TCampaignErrors = {};
  if (!CAMPAIGN_CODE.test(input.campaignCode))
    errors.campaignCode = 'Use 3 to 20 capital letters and digits.';
  if (input.campaignName.trim() === '' || input.campaignName.length > CAMPAIGN_NAME_MAX)
    errors.campaignName = `Give the campaign a name of at most ${CAMPAIGN_NAME_MAX} characters.`;
  if (!isRealIsoDate(input.startDate)) errors.startDate = 'Enter a real date.';
  if (!isRealIsoDate(input.endDate)) errors.endDate = 'Enter a real date.';
  else if (!errors.startDate && input.endDate < input.startDate)
    errors.endDate = 'The campaign must end on or after its first day.';
  if (!Number.isInteger(input.discountValue) || input.discountValue < 0)
    errors.discountValue = 'Enter a whole number, 0 or more.';
  else if (input.discountType === 'PERCENT' && input.discountValue > MAX_DISCOUNT_BASIS_POINTS)
    errors.discountValue = 'A percentage discount is at most 50%.';
  else if (input.discountType === 'AMOUNT' && input.discountValue > MAX_DISCOUNT_CENTS)
    errors.discountValue = 'An amount off is at most 500.00.';
  if (input.voucherCents !== null && (!Number.isInteger(input.voucherCents) || input.voucherCents <= 0))
    errors.voucherCents = 'A voucher is a whole number of cents above 0, or none.';
  if (input.voucherCents !== null && input.voucherDescription.trim() === '')
    errors.voucherDescription = 'Say what the voucher is.';
  if (input.termsConditionsEn.trim() === '') errors.termsConditionsEn = 'Write the terms in English.';
  if (input.termsConditionsCn.trim() === '') errors.termsConditionsCn = 'Write the terms in Chinese.';
  if (input.promoCodeRequired && input.promoCodeDescription.trim() === '')
    errors.promoCodeDescription = 'Tell customers where their code comes from.';
  return errors;
}

/** Codes are made from letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
export const PROMO_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** At most this many codes are made at once (a CSV of them is a few hundred KB). */
export const MAX_CODES_PER_BATCH = 5000;

/** A prefix for made codes: up to 4 capitals or digits, leaving at least 6 random characters. */
export const PROMO_PREFIX_MAX_LENGTH = 4;
export const PROMO_PREFIX = new RegExp(`^[A-Z0-9]{0,${PROMO_PREFIX_MAX_LENGTH}}$`);
export function promoPrefixProblem(prefix: string): string | null {
  return PROMO_PREFIX.test(prefix)
    ? null
    : `A prefix is up to ${PROMO_PREFIX_MAX_LENGTH} capital letters or digits.`;
}

/** How many random characters a made code has after its prefix: the promo field's length in all. */
export function randomPartLength(prefix: string): number {
  return PROMO_CODE_MAX_LENGTH - prefix.length;
}

/** A code marketing types for a reusable campaign: letters and digits, within the promo field's length. */
export const PROMO_CODE_MIN_LENGTH = 3;
export const TYPED_PROMO_CODE = new RegExp(`^[A-Z0-9]{${PROMO_CODE_MIN_LENGTH},${PROMO_CODE_MAX_LENGTH}}$`);
export function promoCodeProblem(code: string): string | null {
  return TYPED_PROMO_CODE.test(code)
    ? null
    : `A code is ${PROMO_CODE_MIN_LENGTH} to ${PROMO_CODE_MAX_LENGTH} capital letters or digits.`;
}

/**
 * A campaign's image (decision 088): PNG or JPEG (never SVG, which can carry script), at most 500 kB.
 * The server knows the file by its first bytes too.
 */
export const CAMPAIGN_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const CAMPAIGN_IMAGE_MAX_BYTES = 500 * 1024;
