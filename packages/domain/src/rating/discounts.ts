import type { TOfferNotice } from '../campaign/offer-notices.ts';
import type { TCountry } from '../market/market.ts';
import { applyBasisPoints, type TCents } from '../money/money.ts';

/**
 * Discounts, each a stated formula (design section 9, decisions 003 and 038):
 * - campaign and promo: a percentage (basis points) of the gross premium, or a fixed amount;
 * - group (family): a percentage of the gross premium;
 * - agent commission (insuredCommissionDiscount): gross × (agent's maximum rate − the rate the agent
 *   keeps), the part of the commission the agent gives up for the customer.
 * A Hong Kong premium never goes below HK$380 through discounts, nor below the undiscounted premium
 * where that is already lower (decision 003): the floor reduces the discounts, agent's part first.
 */
export type TDiscountRule = { type: 'PERCENT'; basisPoints: number } | { type: 'AMOUNT'; cents: TCents };

export type TDiscountInput = {
  campaign?: TDiscountRule | null;
  promo?: TDiscountRule | null;
  groupBasisPoints?: number;
  /** Commission rates in basis points of premium. */
  agent?: { maxRateBasisPoints: number; rateBasisPoints: number } | null;
  /** A campaign condition the customer has not met yet (decision 038), told beside every plan. */
  notice?: TOfferNotice | null;
};

export type TDiscountResult = {
  premiumWithoutDiscount: TCents;
  campaignDiscount: TCents;
  groupDiscount: TCents;
  insuredCommissionDiscount: TCents;
  /** campaign (with promo) and group: what the spec's `discount` holds. */
  discount: TCents;
  totalDiscount: TCents;
  premium: TCents;
  floorApplied: boolean;
};

/** travel-flow section 9 / pa-home-payments section 9: HK$380 minimum premium per policy. */
export const HONG_KONG_MINIMUM_PREMIUM_CENTS = 38_000;

function ruleAmount(rule: TDiscountRule | null | undefined, gross: TCents): TCents {
  if (!rule) return 0;
  return rule.type === 'PERCENT' ? applyBasisPoints(gross, rule.basisPoints) : rule.cents;
}

export function applyDiscounts(country: TCountry, gross: TCents, input: TDiscountInput): TDiscountResult {
  let campaignDiscount = Math.min(gross, ruleAmount(input.campaign, gross) + ruleAmount(input.promo, gross));
  let groupDiscount = Math.min(
    gross - campaignDiscount,
    applyBasisPoints(gross, input.groupBasisPoints ?? 0),
  );
  const given = input.agent ? Math.max(0, input.agent.maxRateBasisPoints - input.agent.rateBasisPoints) : 0;
  let insuredCommissionDiscount = Math.min(
    gross - campaignDiscount - groupDiscount,
    applyBasisPoints(gross, given),
  );
  let floorApplied = false;
  if (country === 'HKG') {
    const floor = Math.min(HONG_KONG_MINIMUM_PREMIUM_CENTS, gross);
    let excess = floor - (gross - campaignDiscount - groupDiscount - insuredCommissionDiscount);
    if (excess > 0) {
      floorApplied = true;
      const fromAgent = Math.min(excess, insuredCommissionDiscount);
      insuredCommissionDiscount -= fromAgent;
      excess -= fromAgent;
      const fromGroup = Math.min(excess, groupDiscount);
      groupDiscount -= fromGroup;
      excess -= fromGroup;
      campaignDiscount -= excess;
    }
  }
  const discount = campaignDiscount + groupDiscount;
  const totalDiscount = discount + insuredCommissionDiscount;
  return {
    premiumWithoutDiscount: gross,
    campaignDiscount,
    groupDiscount,
    insuredCommissionDiscount,
    discount,
    totalDiscount,
    premium: gross - totalDiscount,
    floorApplied,
  };
}
