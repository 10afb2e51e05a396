import { z } from 'zod';
import { COUNTRIES } from '../market/market.ts';

/**
 * The system settings' requests (decision 082, decision 123): flags per market, maintenance notices
 * and banners, as their forms check them before sending and their routes check them again.
 */

export const NOTICE_MESSAGE_MAX = 300;
export const NOTICE_DETAILS_MAX = 2000;
export const BANNER_TITLE_MAX = 200;
export const BANNER_TEXT_MAX = 1000;
export const BANNER_URL_MAX = 500;
/** One market and product's banners are reordered at once: a list of at most this many. */
export const BANNER_REORDER_MAX = 100;
/** The products a banner is shown with. */
export const BANNER_PRODUCTS = ['PTR', 'PAN', 'HOM'] as const;

/** A schedule's instant with its offset, or null for none. */
const ZWhen = z.iso.datetime({ offset: true }).nullable();
/** When a notice or a banner is shown: while active, from its start to its end (each optional). */
const SCHEDULE = {
  active: z.boolean().optional(),
  startsAt: ZWhen.optional(),
  endsAt: ZWhen.optional(),
};

/** A market's flags: any of them, at least one. */
export const ZFlagsChange = z
  .object({
    systemAvailable: z.boolean(),
    privateMode: z.boolean(),
    paynowAvailable: z.boolean(),
    seniorLoadingAvailable: z.boolean(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Change at least one flag.' });
export type TFlagsChange = z.infer<typeof ZFlagsChange>;

/** A maintenance notice: a short message in both languages, details if any, and its schedule. */
export const ZNotice = z.object({
  country: z.enum(COUNTRIES),
  messageEn: z.string().trim().min(1).max(NOTICE_MESSAGE_MAX),
  longMessageEn: z.string().trim().max(NOTICE_DETAILS_MAX).optional(),
  messageZh: z.string().trim().min(1).max(NOTICE_MESSAGE_MAX),
  longMessageZh: z.string().trim().max(NOTICE_DETAILS_MAX).optional(),
  ...SCHEDULE,
});
export type TNotice = z.infer<typeof ZNotice>;
/** A notice's change: any of its fields, each by the same rule. */
export const ZNoticeChange = ZNotice.partial();
export type TNoticeChange = z.infer<typeof ZNoticeChange>;

/** A banner of a market and product: its title and text in both languages, a web link, its schedule. */
export const ZBanner = z.object({
  country: z.enum(COUNTRIES),
  product: z.enum(BANNER_PRODUCTS),
  titleEn: z.string().trim().min(1).max(BANNER_TITLE_MAX),
  contentEn: z.string().trim().max(BANNER_TEXT_MAX).optional(),
  titleZh: z.string().trim().min(1).max(BANNER_TITLE_MAX),
  contentZh: z.string().trim().max(BANNER_TEXT_MAX).optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(BANNER_URL_MAX)
    .nullable()
    .optional(),
  ...SCHEDULE,
});
export type TBanner = z.infer<typeof ZBanner>;
export const ZBannerChange = ZBanner.partial();
export type TBannerChange = z.infer<typeof ZBannerChange>;

/** The ids of one market and product's banners in the order wanted. */
export const ZBannerReorder = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(BANNER_REORDER_MAX),
});
export type TBannerReorder = z.infer<typeof ZBannerReorder>;
