import { annualEndDate } from '../dates/cover-period.ts';
import { addDays, compareDates, formatDmy, isBefore, type TLocalDate } from '../dates/local-date.ts';
import type { TPolicy } from '../schemas/policy-schema.ts';

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
export function renewedPolicyDocument(
  policy: TPolicy,
  renewal: { policyId: string; period: TPeriod; referenceNumber: string },
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
  if (policy.productType === 'PHM' && policy.policyHome)
    return { ...base, policyHome: { ...policy.policyHome, effectiveDate: start, expiryDate: end } };
  return base;
}
