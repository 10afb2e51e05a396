import { luhnCheckDigit } from '@lionrock/domain/identity/luhn';
import { REASON_CODES } from '@lionrock/domain/payments/gateway-decision';

/**
 * The built-in test gateway's documented card numbers (README.md beside this file lists the same
 * table). Made-up numbers follow one pattern: `4000 0000 0000 0CCC` + Luhn check digit for Visa and
 * `5555 0000 0000 0CCC` + check digit for Mastercard, where CCC is the reason code the card answers
 * with; `…0009 204x` cards pay now and decline later token (renewal) charges. Any other Luhn-valid
 * Visa or Mastercard number is approved (100).
 */
export type TTestDecision = 'ACCEPT' | 'DECLINE' | 'REVIEW' | 'ERROR';

export type TTestCard = {
  number: string;
  brand: 'VISA' | 'MASTERCARD';
  reasonCode: number;
  /** The answer's decision; `CHALLENGE` is the 475 card: a challenge page first, no answer yet. */
  decision: TTestDecision | 'CHALLENGE';
  description: string;
  /** What charges with a token made from this card answer; the card's own code when not given. */
  renewalReasonCode?: number;
};

/** A test number: the payload and its Luhn check digit. */
function luhn(payload: string): string {
  return `${payload}${luhnCheckDigit(payload)}`;
}

/** The decision Secure Acceptance sends with a reason code (110, a partial approval, is an ACCEPT). */
export function decisionForReasonCode(code: number): TTestDecision {
  const outcome = REASON_CODES[code]?.outcome;
  if (outcome === 'ACCEPT' || outcome === 'PARTIAL') return 'ACCEPT';
  if (outcome === 'REVIEW') return 'REVIEW';
  if (outcome === 'ERROR') return 'ERROR';
  return 'DECLINE';
}

const BEHAVIOURS: { code: number; description: string }[] = [
  { code: 202, description: 'expired card (whatever expiry date is sent)' },
  { code: 203, description: 'general decline of the card' },
  { code: 204, description: 'insufficient funds' },
  { code: 205, description: 'stolen or lost card' },
  { code: 211, description: 'invalid card verification number' },
  { code: 233, description: 'general decline by the processor' },
  { code: 481, description: 'order rejected by fraud screening' },
  { code: 110, description: 'partial approval: auth_amount is half the amount, rounded down to cents' },
  { code: 480, description: 'order held for review' },
  { code: 475, description: 'cardholder authentication: challenge page, Confirm → 100, Cancel → 476' },
  { code: 150, description: 'general system failure' },
];

export const TEST_CARDS: TTestCard[] = [
  {
    number: '4111111111111111',
    brand: 'VISA',
    reasonCode: 100,
    decision: 'ACCEPT',
    description: 'approved',
  },
  {
    number: '5555555555554444',
    brand: 'MASTERCARD',
    reasonCode: 100,
    decision: 'ACCEPT',
    description: 'approved',
  },
  {
    number: '2223000048400011',
    brand: 'MASTERCARD',
    reasonCode: 100,
    decision: 'ACCEPT',
    description: 'approved (2-series Mastercard)',
  },
  ...BEHAVIOURS.flatMap(({ code, description }) =>
    (
      [
        ['VISA', '400000000000'],
        ['MASTERCARD', '555500000000'],
      ] as const
    ).map(
      ([brand, prefix]): TTestCard => ({
        number: luhn(`${prefix}${code}`),
        brand,
        reasonCode: code,
        decision: code === 475 ? 'CHALLENGE' : decisionForReasonCode(code),
        description,
        // A merchant-initiated renewal charge is not challenged.
        ...(code === 475 ? { renewalReasonCode: 100 } : {}),
      }),
    ),
  ),
  {
    number: luhn('400000000009204'),
    brand: 'VISA',
    reasonCode: 100,
    decision: 'ACCEPT',
    description: 'approved now; token (renewal) charges decline with 204 insufficient funds',
    renewalReasonCode: 204,
  },
  {
    number: luhn('555500000009204'),
    brand: 'MASTERCARD',
    reasonCode: 100,
    decision: 'ACCEPT',
    description: 'approved now; token (renewal) charges decline with 204 insufficient funds',
    renewalReasonCode: 204,
  },
];

const BY_NUMBER = new Map(TEST_CARDS.map((card) => [card.number, card]));

/** The documented behaviour of a card number; any other (valid) number is approved. */
export function testCardBehaviour(number: string): { reasonCode: number; renewalReasonCode: number } {
  const card = BY_NUMBER.get(number);
  if (!card) return { reasonCode: 100, renewalReasonCode: 100 };
  return { reasonCode: card.reasonCode, renewalReasonCode: card.renewalReasonCode ?? card.reasonCode };
}
