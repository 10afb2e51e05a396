import { annualEndDate } from '../dates/cover-period.ts';
import { addDays, compareDates, formatDmy, isBefore, type TLocalDate } from '../dates/local-date.ts';
import type { TPriceInForce } from '../home/address-endorsement.ts';
import { divideHalfUp } from '../money/money.ts';
import type { TPolicy, TWirePremiumItem } from '../schemas/policy-schema.ts';
import { centsToWire, wireToCents } from '../schemas/wire-amounts.ts';

/**
 * Auto-renewal (pa-home-payments section 9; design section 6; decision 011). An annual, non-corporate,
 * card-paid policy with auto-renewal on is renewed by charging the card token the gateway gave at
 * purchase. A daily scan, told what day it is, applies these rules to every such policy.
 */

/** The renewal notice goes out this many days before the policy's last day, or on the next scan after. */
export const RENEWAL_NOTICE_DAYS = 30;
/** The renewal is charged this many days before the policy's last day. */
export const RENEWAL_CHARGE_DAYS = 15;
/** How long the signed "turn auto-renewal off" link in a renewal e-mail is valid. */
export const RENEWAL_LINK_VALID_DAYS = 60;

export type TPeriod = { start: TLocalDate; end: TLocalDate };

/** The first day the notice may go out: 30 days before the last day of cover. */
export function renewalNoticeDate(end: TLocalDate): TLocalDate {
  return addDays(end, -RENEWAL_NOTICE_DAYS);
}

/** The day the renewal is charged: 15 days before the last day of cover. */
export function renewalChargeDate(end: TLocalDate): TLocalDate {
  return addDays(end, -RENEWAL_CHARGE_DAYS);
}

/** The cover has not ended: `today` is on or before its last day. */
function inForce(today: TLocalDate, end: TLocalDate): boolean {
  return compareDates(today, end) <= 0;
}

/**
 * The notice is due from 30 days before the last day of cover until that day: a scan that missed its
 * day sends it on the next one (late rather than never).
 */
export function isNoticeDue(today: TLocalDate, end: TLocalDate): boolean {
  return compareDates(today, renewalNoticeDate(end)) >= 0 && inForce(today, end);
}

/**
 * The renewal is charged from 15 days before the last day of cover until that day, and only after a
 * notice that went out on an earlier day: a customer is never charged on the day they are told.
 */
export function isChargeDue(today: TLocalDate, end: TLocalDate, noticeSentOn: TLocalDate | null): boolean {
  if (noticeSentOn === null || !isBefore(noticeSentOn, today)) return false;
  return compareDates(today, renewalChargeDate(end)) >= 0 && inForce(today, end);
}

/** The renewed period: from the day after the old cover's last day, one year less a day. */
export function renewalPeriod(end: TLocalDate): TPeriod {
  const start = addDays(end, 1);
  return { start, end: annualEndDate(start) };
}

/** A gateway card expiry `MM-YYYY` as its year and month; null when it is not one. */
export function parseCardExpiry(expiry: string | null | undefined): { year: number; month: number } | null {
  const match = /^(\d{2})-(\d{4})$/.exec(expiry ?? '');
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { year: Number(match[2]), month };
}

/**
 * A card is valid to the end of its expiry month: it has expired by `date` when that month is before
 * `date`'s month. An unreadable expiry is not judged (the gateway answers for it at the charge).
 */
export function isCardExpiredBy(expiry: string | null | undefined, date: TLocalDate): boolean {
  const card = parseCardExpiry(expiry);
  if (!card) return false;
  return card.year * 12 + card.month < date.year * 12 + date.month;
}

/** `MM-YYYY` as people read it on the card: `MM/YYYY`. */
export function formatCardExpiry(expiry: string | null | undefined): string {
  const card = parseCardExpiry(expiry);
  return card ? `${String(card.month).padStart(2, '0')}/${card.year}` : '';
}

/**
 * The renewed policy's document: the expiring one with the new period, pending, without the old
 * policy's numbers and payment details (issuing writes the new ones). Travel keeps its period in
 * deptDate/returnDate, personal accident and home in effectiveDate/expiryDate (DD/MM/YYYY).
 */
/**
 * The plan's premium item at the price in force (decision 144). After an endorsement the policy's
 * price columns hold the year's premium at its new address, while its document still holds the item
 * as sold. A renewal is sold at the price in force, so its item says that: the premium, the tax and the
 * total are the price's exactly, and the amounts before and around them (premium before discount,
 * each discount, commission) move in the same proportion, half up. The same price gives the item back.
 * E.g. sold S$200.00 + S$18.00 GST with a S$20.00 discount, in force S$240.00 + S$21.60: discount S$24.00.
 */
export function premiumItemAtPrice(item: TWirePremiumItem, price: TPriceInForce): TWirePremiumItem {
  const soldTotal = wireToCents(item.totalPremium);
  if (soldTotal === price.totalCents || soldTotal <= 0) return item;
  const scaled = (amount: number | undefined) =>
    centsToWire(divideHalfUp(wireToCents(amount ?? 0) * price.totalCents, soldTotal));
  const campaignDiscount = scaled(item.campaignDiscount);
  const groupDiscount = scaled(item.groupDiscount);
  const insuredCommissionDiscount = scaled(item.insuredCommissionDiscount);
  const totalDiscount = scaled(item.totalDiscount);
  const premium = centsToWire(price.premiumCents);
  // The tax is the market's: GST in Singapore, the IA levy in Hong Kong (the other stays nought).
  const taxedByGst = wireToCents(item.gst ?? 0) > 0 || wireToCents(item.levy ?? 0) === 0;
  return {
    ...item,
    premium,
    premiumWithoutDiscount: centsToWire(price.premiumCents + wireToCents(totalDiscount)),
    gst: taxedByGst ? centsToWire(price.taxCents) : item.gst,
    levy: taxedByGst ? item.levy : centsToWire(price.taxCents),
    totalPremium: centsToWire(price.totalCents),
    commission: scaled(item.commission),
    discount: scaled(item.discount),
    campaignDiscount,
    groupDiscount,
    insuredCommissionDiscount,
    totalDiscount,
  };
}

export function renewedPolicyDocument(
  policy: TPolicy,
  renewal: { policyId: string; period: TPeriod; referenceNumber: string },
  /** The price in force it renews at (the expiring policy's price columns); its plan's item says it. */
  price?: TPriceInForce,
): TPolicy {
  const start = formatDmy(renewal.period.start);
  const end = formatDmy(renewal.period.end);
  const base: TPolicy = {
    ...policy,
    policyId: renewal.policyId,
    status: 'pending',
    paymentSuccess: 'false',
    policyNumber: undefined,
    receiptNumber: undefined,
    errorMessage: undefined,
    messageKey: undefined,
    saveForLaterToken: undefined,
    payment: { paymentMethod: 'CC', paymentReferenceNumber: renewal.referenceNumber },
  };
  if (policy.productType === 'PTR' && policy.policyTravel)
    return { ...base, policyTravel: { ...policy.policyTravel, deptDate: start, returnDate: end } };
  if (policy.productType === 'PAN' && policy.policyPAN)
    return { ...base, policyPAN: { ...policy.policyPAN, effectiveDate: start, expiryDate: end } };
  if (policy.productType === 'PHM' && policy.policyHome) {
    const home = { ...policy.policyHome, effectiveDate: start, expiryDate: end };
    // Only a home is endorsed after the sale: its renewal's item is at the price in force.
    if (price && home.policyPremium) home.policyPremium = premiumItemAtPrice(home.policyPremium, price);
    return { ...base, policyHome: home };
  }
  return base;
}
