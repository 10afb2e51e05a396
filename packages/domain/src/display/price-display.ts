import type { TCountry } from '../market/market.ts';
import type { TCents } from '../money/money.ts';

/** What the price rules read of a premium item (cents). */
export type TPriceLines = {
  totalPremium: TCents;
  gst: TCents;
  levy: TCents;
  discount: TCents;
  insuredCommissionDiscount: TCents;
};

/** Price before tax is total premium minus tax (travel-flow section 9). */
export function priceBeforeTax(item: TPriceLines): TCents {
  return item.totalPremium - item.gst - item.levy;
}

/**
 * The original price is struck through when totalPremium + discount + insuredCommissionDiscount
 * exceeds totalPremium (travel-flow section 9); null when there is nothing to strike through.
 */
export function originalPrice(item: TPriceLines): TCents | null {
  const original = item.totalPremium + item.discount + item.insuredCommissionDiscount;
  return original > item.totalPremium ? original : null;
}

/** The discount row shows for campaign B2CC00 or a discount other than 0.00; it shows discount + insured commission discount. */
export function discountRow(campaignCode: string | null | undefined, item: TPriceLines): TCents | null {
  const amount = item.discount + item.insuredCommissionDiscount;
  return campaignCode === 'B2CC00' || item.discount !== 0 ? amount : null;
}

/** The family discount label: outside Singapore, for a family of more than one adult or more than one person. */
export function showsFamilyDiscountLabel(
  country: TCountry,
  travellerType: string,
  adults: number,
  children: number,
): boolean {
  return country !== 'SGP' && travellerType === 'FM' && (adults > 1 || adults + children > 1);
}

/** A Plus card is its plan with the top-up (travel-flow section 1): "SUPER PLUS" is SUPER. */
export function basePlanName(planName: string): string {
  return planName.replace(/ PLUS$/, '');
}

/** The quote page starts on the second plan when there is more than one, else the first (travel-flow section 4). */
export function defaultPlanIndex(planCount: number): number {
  return planCount > 1 ? 1 : 0;
}

/** Auto-renewal is offered only for annual, non-corporate policies (travel-flow section 6). */
export function isAutoRenewalEligible(tripType: 'S' | 'A', clientType: 'P' | 'C'): boolean {
  return tripType === 'A' && clientType === 'P';
}

/** hasAutoRenewal is true only for eligible policies with the box ticked (travel-flow section 4). */
export function hasAutoRenewal(tripType: 'S' | 'A', clientType: 'P' | 'C', ticked: boolean): boolean {
  return isAutoRenewalEligible(tripType, clientType) && ticked;
}

/** The card/PayNow selector shows only when PayNow is available and auto-renewal is off (travel-flow section 2). */
export function showsPaymentMethodSelector(paynowAvailable: boolean, autoRenewal: boolean): boolean {
  return paynowAvailable && !autoRenewal;
}

export type TInsuredSummary =
  | { kind: 'individual'; count: number }
  | { kind: 'couple' }
  | { kind: 'family'; adults: number; children: number | null };

/** The summary block's insured line: the child count only when above zero (travel-flow section 2). */
export function insuredSummary(
  travellerType: 'ID' | 'CP' | 'FM',
  individuals: number,
  adults: number,
  children: number,
): TInsuredSummary {
  if (travellerType === 'CP') return { kind: 'couple' };
  if (travellerType === 'FM') return { kind: 'family', adults, children: children > 0 ? children : null };
  return { kind: 'individual', count: individuals };
}
