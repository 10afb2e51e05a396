import { validateDeclarations } from '../consents/consents.ts';
import { isAutoRenewalEligible } from '../display/price-display.ts';
import type { TCents } from '../money/money.ts';
import type { TApplicant, TPolicy } from '../schemas/policy-schema.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/** A QR is valid 10 minutes (pa-home-payments section 9: 600000 ms). */
export const QR_VALIDITY_MS = 600_000;
/** The QR's payment status is asked every second, the first time a second after it shows (section 9). */
export const PAYNOW_POLL_MS = 1000;
/** The gateway refuses a reused reference within 15 minutes (section 9); a card attempt lives as long. */
export const CARD_PAYMENT_WINDOW_MS = 15 * 60_000;
/** The card fields the browser adds and posts to the gateway only (design section 6). */
export const UNSIGNED_CARD_FIELDS = 'card_type,card_number,card_expiry_date,card_cvn';

export type TPaymentMethod = 'CC' | 'PN';

/**
 * Whether the payment for this policy has succeeded. It is also the spec's view-only flag (travel-flow
 * section 2, Applicant; decision 017): a paid policy's application can be looked at, not changed.
 */
export function isPaid(policy: { paymentSuccess?: string }): boolean {
  return policy.paymentSuccess === 'true';
}

/** The policy's applicant, wherever its product keeps it. */
export function policyApplicant(policy: TPolicy): TApplicant | undefined {
  if (policy.productType === 'PTR') return policy.policyTravel?.applicant;
  if (policy.productType === 'PAN') return policy.policyPAN?.applicant;
  return policy.policyHome?.applicant;
}

/**
 * Auto-renewal is on only for annual, non-corporate policies with the box ticked (travel-flow
 * section 4; pa-home-payments section 9). Personal accident and home cover are annual.
 */
export function isAutoRenewalOn(policy: TPolicy): boolean {
  const applicant = policyApplicant(policy);
  if (!applicant) return false;
  const tripType = policy.productType === 'PTR' ? (policy.policyTravel?.paPolicyType ?? 'S') : 'A';
  return isAutoRenewalEligible(tripType, applicant.clientType) && applicant.hasAutoRenewal;
}

/**
 * What must hold before money is asked for (travel-flow section 4, "Confirm to payment"): both
 * declarations given; PayNow only in Singapore, when it is available and auto-renewal is off
 * (auto-renewal needs a card token).
 */
export function validatePaymentStart(
  policy: TPolicy,
  method: TPaymentMethod,
  context: { paynowAvailable: boolean },
): { field: string; messageKey: string } | null {
  const declarations = policy.consents ? validateDeclarations(policy.consents) : { declaration1: 'x' };
  if (declarations.declaration1)
    return { field: 'consents.declaration1', messageKey: MESSAGE_KEYS.declaration1 };
  if (declarations.declaration2)
    return { field: 'consents.declaration2', messageKey: MESSAGE_KEYS.declaration2 };
  if (method === 'PN') {
    if (policy.country !== 'SGP' || !context.paynowAvailable)
      return { field: 'payment.paymentMethod', messageKey: MESSAGE_KEYS.paynowUnavailable };
    if (isAutoRenewalOn(policy))
      return { field: 'applicant.hasAutoRenewal', messageKey: MESSAGE_KEYS.paynowUnavailable };
  }
  return null;
}

/** The gateway's bill-to names: the cardholder's (or applicant's) name split at its last space. */
export function splitBillToName(name: string): { forename: string; surname: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const at = trimmed.lastIndexOf(' ');
  if (at < 0) return { forename: trimmed, surname: trimmed };
  return { forename: trimmed.slice(0, at), surname: trimmed.slice(at + 1) };
}

/** A gateway amount back to cents; null unless it is a plain non-negative decimal with at most 2 places. */
export function parseGatewayAmount(text: string | undefined): TCents | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The last four digits of a card number as the gateway masks it (`xxxxxxxxxxxx1111` → `1111`), the
 * only part of a card the shop shows or writes; '' when the mask does not end in four digits.
 */
export function cardLast4(masked: string | null | undefined): string {
  const tail = (masked ?? '').slice(-4);
  return /^\d{4}$/.test(tail) ? tail : '';
}

/**
 * A refund split over the card transactions it goes back to (decision 144): a gateway refunds at most
 * what a transaction has left, so each part is at most its source's `leftCents`, taken in the order
 * given (the purchase's payment first, then the endorsements' card payments, newest first). Sources
 * that give nothing are left out. What the sources cannot hold stays on the first, so no money is ever
 * dropped: the gateway then refuses it and operations pay it.
 * E.g. S$330.00 over a payment with S$300.00 left and a collection of S$40.00: S$300.00 and S$30.00.
 */
export function refundParts<TSource extends { leftCents: number }>(
  totalCents: number,
  sources: readonly TSource[],
): { source: TSource; amountCents: number }[] {
  const parts: { source: TSource; amountCents: number }[] = [];
  let rest = Math.max(0, totalCents);
  for (const source of sources) {
    const amountCents = Math.min(rest, Math.max(0, source.leftCents));
    if (amountCents > 0) parts.push({ source, amountCents });
    rest -= amountCents;
  }
  if (rest > 0 && sources[0]) {
    const first = parts.find((part) => part.source === sources[0]);
    if (first) first.amountCents += rest;
    else parts.unshift({ source: sources[0], amountCents: rest });
  }
  return parts;
}
