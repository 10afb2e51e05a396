import { money, when } from './ops-shared';

/**
 * A queue case's detail as operations read it (issue 31: "queue cases read as sentences, not raw
 * JSON"): the reason first, as a sentence, then each fact in words, amounts as money in the case's
 * currency, instants on the markets' clock. Every producer's keys are named here; a key this list does
 * not know is still shown, in words, so nothing a case carries is hidden.
 */
const FACTS: Record<string, string> = {
  transactionId: 'gateway transaction',
  bankTransactionId: 'bank transaction',
  txnRef: 'QR reference',
  reference: 'reference',
  policyNumber: 'policy',
  reasonCode: 'gateway reason code',
  decision: 'gateway decision',
  status: 'status',
  paymentStatus: 'the payment was',
  previousStatus: 'the payment was',
  lookup: 'the gateway says',
  error: 'error',
  about: 'about',
  basis: 'basis',
  method: 'method',
  problems: 'what did not match',
};

const AMOUNTS: Record<string, string> = {
  amountCents: 'amount',
  authorisedCents: 'authorised',
  expectedCents: 'expected',
  refundCents: 'refund',
};

/** Times the producers record as ISO instants. */
const INSTANTS: Record<string, string> = { paidAt: 'paid at', answeredAt: 'answered at' };

/** "bankTransactionId" → "bank transaction id": a key no producer is known to write, still readable. */
const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (value && typeof value === 'object') return factsOf(value as Record<string, unknown>, '').join(', ');
  return String(value);
}

function factsOf(detail: Record<string, unknown>, currency: string): string[] {
  const facts: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (key === 'reason' || key === 'currency' || value === null || value === undefined || value === '')
      continue;
    if (key in AMOUNTS && typeof value === 'number') facts.push(`${AMOUNTS[key]} ${money(value, currency)}`);
    else if (key in INSTANTS && typeof value === 'string') facts.push(`${INSTANTS[key]} ${when(value)}`);
    else if (key === 'previous' && typeof value === 'object') facts.push(`before: ${valueText(value)}`);
    else facts.push(`${FACTS[key] ?? words(key)} ${valueText(value)}`);
  }
  return facts;
}

export function caseDetailText(detail: Record<string, unknown> | null, currency: string): string {
  if (!detail) return '';
  const ownCurrency = typeof detail.currency === 'string' ? detail.currency : currency;
  const reason = typeof detail.reason === 'string' ? detail.reason : '';
  const facts = factsOf(detail, ownCurrency);
  const opening = reason ? `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.` : '';
  const rest = facts.length > 0 ? `${facts.join('; ')}.` : '';
  const sentence = [opening, rest ? `${rest.charAt(0).toUpperCase()}${rest.slice(1)}` : ''].filter(Boolean);
  return sentence.join(' ');
}
