import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * What a card gateway answer means for the policy (pa-home-payments section 8; design section 6).
 * PAID only for reason code 100 with decision ACCEPT and the full amount authorised. A partial
 * approval (110, or any smaller amount) is declined and its authorisation reversed; 480 goes to the
 * operations review queue; 475 asks the cardholder to authenticate; request and system faults are
 * ERRORs (the customer may retry); everything else is a decline.
 */
export type TGatewayOutcome = 'PAID' | 'DECLINED' | 'PARTIAL' | 'REVIEW' | 'AUTHENTICATE' | 'ERROR';

/**
 * A payment's verified result: what the receipt page hands to the shop's window by postMessage, and what
 * checkB2CPaymentSuccess answers (design section 6). The server writes it, the payment page reads it.
 */
export type TPaymentResult = {
  verified: boolean;
  outcome: TGatewayOutcome | 'PENDING' | 'UNVERIFIED' | 'REFUND';
  paid: boolean;
  messageKey: string | null;
  detail: string;
  reasonCode: number | null;
  paymentReferenceNumber: string;
  policyId: string | null;
  policyNumber: string | null;
  receiptNumber: string | null;
  maskedCard: string | null;
  authCode: string | null;
};

/**
 * What the customer reads after a reason code: one catalogue text per group, paymentError.reasons.{group}
 * (pa-home-payments section 8). `general` is for a code the table does not know.
 */
export const REASON_MESSAGES = [
  'general',
  'tryAgain',
  'checkCardDetails',
  'checkCvv',
  'expiredCard',
  'insufficientFunds',
  'cardNotAccepted',
  'bankDeclined',
  'declined',
  'authentication',
  'bankUnavailable',
  'cannotAcceptNow',
  'billingAddress',
  'partialApproval',
  'contactUs',
] as const;
export type TReasonMessage = (typeof REASON_MESSAGES)[number];

/** Each gateway reason code: meaning, outcome and the message group it reads (pa-home-payments section 8). */
export const REASON_CODES: Record<
  number,
  { meaning: string; outcome: Exclude<TGatewayOutcome, 'PAID'> | 'ACCEPT'; message: TReasonMessage }
> = {
  100: { meaning: 'successful transaction', outcome: 'ACCEPT', message: 'general' },
  101: { meaning: 'missing fields', outcome: 'ERROR', message: 'checkCardDetails' },
  102: { meaning: 'invalid data', outcome: 'ERROR', message: 'checkCardDetails' },
  104: { meaning: 'duplicate merchant reference within 15 minutes', outcome: 'ERROR', message: 'contactUs' },
  110: { meaning: 'partial amount approved', outcome: 'PARTIAL', message: 'partialApproval' },
  150: { meaning: 'general system failure', outcome: 'ERROR', message: 'tryAgain' },
  151: { meaning: 'server timeout', outcome: 'ERROR', message: 'tryAgain' },
  152: { meaning: 'service not finished in time', outcome: 'ERROR', message: 'tryAgain' },
  200: {
    meaning: 'soft decline, address verification failed',
    outcome: 'DECLINED',
    message: 'billingAddress',
  },
  201: { meaning: 'issuer has questions', outcome: 'DECLINED', message: 'bankDeclined' },
  202: { meaning: 'expired card', outcome: 'DECLINED', message: 'expiredCard' },
  203: { meaning: 'general decline', outcome: 'DECLINED', message: 'bankDeclined' },
  204: { meaning: 'insufficient funds', outcome: 'DECLINED', message: 'insufficientFunds' },
  205: { meaning: 'stolen or lost card', outcome: 'DECLINED', message: 'bankDeclined' },
  207: { meaning: 'issuer unavailable', outcome: 'ERROR', message: 'bankUnavailable' },
  208: {
    meaning: 'inactive card or not allowed for card-not-present',
    outcome: 'DECLINED',
    message: 'cardNotAccepted',
  },
  209: { meaning: 'card verification number mismatch', outcome: 'DECLINED', message: 'checkCvv' },
  210: { meaning: 'credit limit reached', outcome: 'DECLINED', message: 'insufficientFunds' },
  211: { meaning: 'invalid card verification number', outcome: 'DECLINED', message: 'checkCvv' },
  220: { meaning: 'generic decline', outcome: 'DECLINED', message: 'bankDeclined' },
  221: { meaning: 'matched negative file', outcome: 'DECLINED', message: 'declined' },
  222: { meaning: 'account frozen', outcome: 'DECLINED', message: 'bankDeclined' },
  230: { meaning: 'soft decline, card verification failed', outcome: 'DECLINED', message: 'checkCvv' },
  231: { meaning: 'invalid account number', outcome: 'DECLINED', message: 'checkCardDetails' },
  232: { meaning: 'card type not accepted', outcome: 'DECLINED', message: 'cardNotAccepted' },
  233: { meaning: 'processor decline', outcome: 'DECLINED', message: 'bankDeclined' },
  234: { meaning: 'merchant configuration problem', outcome: 'ERROR', message: 'cannotAcceptNow' },
  235: { meaning: 'amount exceeds authorized', outcome: 'DECLINED', message: 'contactUs' },
  236: { meaning: 'processor failure', outcome: 'ERROR', message: 'tryAgain' },
  237: { meaning: 'authorization already reversed', outcome: 'DECLINED', message: 'contactUs' },
  238: { meaning: 'already settled', outcome: 'DECLINED', message: 'contactUs' },
  239: { meaning: 'amount must match previous', outcome: 'DECLINED', message: 'contactUs' },
  240: { meaning: 'card type invalid or mismatched', outcome: 'DECLINED', message: 'checkCardDetails' },
  241: { meaning: 'invalid request reference', outcome: 'ERROR', message: 'tryAgain' },
  242: { meaning: 'invalid request id', outcome: 'ERROR', message: 'tryAgain' },
  243: { meaning: 'already settled or reversed', outcome: 'DECLINED', message: 'contactUs' },
  246: { meaning: 'not voidable', outcome: 'DECLINED', message: 'contactUs' },
  247: { meaning: 'credit for voided capture', outcome: 'DECLINED', message: 'contactUs' },
  248: { meaning: 'boleto declined', outcome: 'DECLINED', message: 'bankDeclined' },
  250: { meaning: 'processor timeout', outcome: 'ERROR', message: 'tryAgain' },
  251: { meaning: 'pinless debit limits', outcome: 'DECLINED', message: 'insufficientFunds' },
  254: { meaning: 'stand-alone refund prohibited', outcome: 'DECLINED', message: 'contactUs' },
  400: { meaning: 'fraud score exceeds threshold', outcome: 'DECLINED', message: 'declined' },
  450: {
    meaning: 'address verification: apartment number missing',
    outcome: 'DECLINED',
    message: 'billingAddress',
  },
  451: {
    meaning: 'address verification: insufficient address',
    outcome: 'DECLINED',
    message: 'billingAddress',
  },
  452: {
    meaning: 'address verification: house number not found',
    outcome: 'DECLINED',
    message: 'billingAddress',
  },
  453: { meaning: 'address verification: multiple matches', outcome: 'DECLINED', message: 'billingAddress' },
  454: { meaning: 'address verification: PO box', outcome: 'DECLINED', message: 'billingAddress' },
  455: { meaning: 'address verification: route', outcome: 'DECLINED', message: 'billingAddress' },
  456: {
    meaning: 'address verification: street not in postal code',
    outcome: 'DECLINED',
    message: 'billingAddress',
  },
  457: {
    meaning: 'address verification: postal code not found',
    outcome: 'DECLINED',
    message: 'billingAddress',
  },
  458: { meaning: 'address verification: unable to verify', outcome: 'DECLINED', message: 'billingAddress' },
  459: { meaning: 'address verification: unable to verify', outcome: 'DECLINED', message: 'billingAddress' },
  460: { meaning: 'address verification: unable to verify', outcome: 'DECLINED', message: 'billingAddress' },
  461: {
    meaning: 'address verification: unsupported character set',
    outcome: 'DECLINED',
    message: 'billingAddress',
  },
  475: { meaning: 'cardholder must authenticate', outcome: 'AUTHENTICATE', message: 'authentication' },
  476: { meaning: 'authentication failed', outcome: 'DECLINED', message: 'authentication' },
  480: { meaning: 'order under review', outcome: 'REVIEW', message: 'contactUs' },
  481: { meaning: 'order rejected', outcome: 'DECLINED', message: 'declined' },
  490: { meaning: 'acquirer not accepting', outcome: 'DECLINED', message: 'cannotAcceptNow' },
  491: { meaning: 'acquirer not accepting', outcome: 'DECLINED', message: 'cannotAcceptNow' },
  520: { meaning: 'soft decline by smart authorization', outcome: 'DECLINED', message: 'declined' },
  700: { meaning: 'denied-parties check', outcome: 'DECLINED', message: 'contactUs' },
  701: { meaning: 'export check', outcome: 'DECLINED', message: 'contactUs' },
  702: { meaning: 'export check', outcome: 'DECLINED', message: 'contactUs' },
  703: { meaning: 'export check', outcome: 'DECLINED', message: 'contactUs' },
};

/** The message group of a reason code (pa-home-payments section 8); an unknown code reads the general text. */
export function reasonMessageOf(code: number): TReasonMessage {
  return REASON_CODES[code]?.message ?? 'general';
}

export type TGatewayAnswer = {
  decision: string;
  reasonCode: number | null;
  requestedAmountCents: number;
  authorisedAmountCents: number | null;
  providerMessage?: string;
  invalidFields?: string;
};

export type TGatewayDecision = {
  outcome: TGatewayOutcome;
  /** The spec's key: paymentError.otherError followed by the code, or transactionDeclinedMessage. */
  messageKey: string | null;
  reasonCode: number | null;
  /** What the customer reads after the key: the code, or the provider's message and invalid fields. */
  detail: string;
  /** An authorisation that must be reversed (partial approval). */
  reverse: boolean;
};

export function decideGatewayOutcome(answer: TGatewayAnswer): TGatewayDecision {
  const code = answer.reasonCode;
  const known = code === null ? undefined : REASON_CODES[code];
  const decision = answer.decision.toUpperCase();
  const fullAmount = answer.authorisedAmountCents === answer.requestedAmountCents;
  if (code === 100 && decision === 'ACCEPT' && fullAmount) {
    return { outcome: 'PAID', messageKey: null, reasonCode: code, detail: '', reverse: false };
  }
  let outcome: TGatewayOutcome;
  if (code === 100 && decision === 'ACCEPT') outcome = 'PARTIAL';
  else if (!known || known.outcome === 'ACCEPT') outcome = decision === 'ERROR' ? 'ERROR' : 'DECLINED';
  else outcome = known.outcome;
  const authorised =
    (answer.authorisedAmountCents ?? 0) > 0 && (outcome === 'PARTIAL' || decision === 'ACCEPT');
  if (outcome === 'REVIEW') {
    return {
      outcome,
      messageKey: MESSAGE_KEYS.paymentReview,
      reasonCode: code,
      detail: String(code),
      reverse: false,
    };
  }
  if (code !== null) {
    return {
      outcome,
      messageKey: MESSAGE_KEYS.paymentOtherError,
      reasonCode: code,
      detail: String(code),
      reverse: authorised,
    };
  }
  const detail = [answer.providerMessage, answer.invalidFields].filter(Boolean).join(' ');
  return { outcome, messageKey: MESSAGE_KEYS.paymentDeclined, reasonCode: null, detail, reverse: authorised };
}
