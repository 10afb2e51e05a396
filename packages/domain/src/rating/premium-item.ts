import { offerNoticeOf, type TOfferNotice } from '../campaign/offer-notices.ts';
import type { TCountry } from '../market/market.ts';
import { applyBasisPoints, type TCents } from '../money/money.ts';
import { computeTax, type TProductType } from '../tax/tax.ts';
import { applyDiscounts, type TDiscountInput } from './discounts.ts';

/**
 * One rated plan, field for field the spec's premiumItems entry (travel-flow section 3), in cents.
 * totalPremium = premium after discounts + tax; totalPremium − gst − levy is the price before tax.
 */
export type TPremiumItem = {
  planName: string;
  planCode: string;
  planDesc: string;
  premiumWithoutDiscount: TCents;
  campaignDiscount: TCents;
  groupDiscount: TCents;
  insuredCommissionDiscount: TCents;
  discount: TCents;
  totalDiscount: TCents;
  premium: TCents;
  gst: TCents;
  levy: TCents;
  ecLevy: TCents;
  totalPremium: TCents;
  commission: TCents;
  /** Basis points of premium. */
  commissionRate: number;
  premiumTopUp: TCents;
  floorApplied: boolean;
  /** Why the plan does not carry the whole advertised discount, if it does not (decision 038). */
  discountNotice: TOfferNotice | null;
};

export type TPlanIdentity = { planName: string; planCode: string; planDesc: string };

export function buildPremiumItem(options: {
  plan: TPlanIdentity;
  country: TCountry;
  product: TProductType;
  gross: TCents;
  premiumTopUp?: TCents;
  discounts: TDiscountInput;
}): TPremiumItem {
  const discounted = applyDiscounts(options.country, options.gross, options.discounts);
  const tax = computeTax(options.country, options.product, discounted.premium);
  const commissionRate = options.discounts.agent?.rateBasisPoints ?? 0;
  return {
    ...options.plan,
    premiumWithoutDiscount: discounted.premiumWithoutDiscount,
    campaignDiscount: discounted.campaignDiscount,
    groupDiscount: discounted.groupDiscount,
    insuredCommissionDiscount: discounted.insuredCommissionDiscount,
    discount: discounted.discount,
    totalDiscount: discounted.totalDiscount,
    premium: discounted.premium,
    gst: tax.gst,
    levy: tax.levy,
    ecLevy: 0,
    totalPremium: discounted.premium + tax.gst + tax.levy,
    commission: applyBasisPoints(discounted.premium, commissionRate),
    commissionRate,
    premiumTopUp: options.premiumTopUp ?? 0,
    floorApplied: discounted.floorApplied,
    discountNotice: offerNoticeOf(discounted, options.discounts.notice),
  };
}
