import type { TLocalDate } from '../dates/local-date.ts';
import type { TLanguage } from '../environment/language.ts';
import type { TCountry } from '../market/market.ts';
import { campaignRefusal, type TCampaignTerms } from './campaign-validity.ts';
import { isPromoUsable } from './promo-rules.ts';

/** The products a banner is shown with, and the landing each one's link opens. */
const LANDING_OF = { PTR: 'travel', PAN: 'pa', PHM: 'home' } as const;
export type TBannerProduct = keyof typeof LANDING_OF;

/** What a banner says of a campaign (decision 130): the campaign whose offer it states, and the code it hands out. */
export type TBannerOffer = {
  country: TCountry;
  product: TBannerProduct;
  campaignCode: string | null;
  promoCode: string | null;
};

/** The campaign a banner names, as the shop keeps it, and the state of the banner's code in it. */
export type TBannerCampaign = TCampaignTerms & {
  promoCodeRequired: boolean;
  promoCodeReusability: string;
  /** The banner's code in this campaign; undefined when the campaign holds no such code. */
  promo?: { status: string; reservedUntil: Date | null } | undefined;
};

/**
 * Whether a banner is shown (decision 130, pa-home-payments section 9: "a campaign banner offers …"):
 * a banner that names no campaign promises no offer and is shown; one that names a campaign only
 * while that campaign prices for the banner's market and product today, and, when it hands out a code
 * or the campaign needs one, while that code can be used. `today` is the market's, `at` the app's clock.
 */
export function isBannerOfferInForce(
  banner: TBannerOffer,
  campaign: TBannerCampaign | undefined,
  today: TLocalDate,
  at: Date,
): boolean {
  if (!banner.campaignCode) return true;
  if (!campaign) return false;
  if (campaignRefusal(campaign, { productCode: banner.product, country: banner.country }, today) !== null)
    return false;
  if (banner.promoCode) return isPromoUsable(campaign, campaign.promo, at);
  return !campaign.promoCodeRequired;
}

/**
 * The shop's own link that obtains a banner's campaign (travel-flow section 2's landing path:
 * `/{product}/campaign/{code}[/promo/{code}][/lang/zh]`, `?country=HKG` for Hong Kong): the banner's
 * Read More opens a new tab, which starts without the visit's storage, so the link says the market and
 * the language too (as the other products' links do, decision 061).
 */
export function bannerCampaignLink(banner: TBannerOffer & { campaignCode: string }, lang: TLanguage): string {
  const segments = [`/${LANDING_OF[banner.product]}`, `campaign/${encodeURIComponent(banner.campaignCode)}`];
  if (banner.promoCode) segments.push(`promo/${encodeURIComponent(banner.promoCode)}`);
  if (lang !== 'en') segments.push(`lang/${lang}`);
  return `${segments.join('/')}${banner.country === 'HKG' ? '?country=HKG' : ''}`;
}
