import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * A business refusal of a well-formed policy (design section 5): the answer is the policy with the
 * spec's `errorMessage` (the client reads it, travel-flow section 4) and the message key to show.
 * Texts are the spec's own (travel-flow section 8, pa-home-payments sections 5 and 8).
 */
export const REFUSALS = {
  BLACKLISTED: {
    errorMessage: 'Decline: Underwriting/Compliance.',
    messageKey: MESSAGE_KEYS.blacklisted,
  },
  OCCUPATION_DECLINED: {
    errorMessage: 'Decline: Coverage is not available for this occupation',
    messageKey: MESSAGE_KEYS.occupationDeclined,
  },
  // Singapore personal accident is for citizens, permanent residents and long-term pass holders (pa-home-payments section 5).
  RESIDENCY_NOT_ELIGIBLE: {
    errorMessage:
      'Sorry, this cover is only for Singapore citizens, permanent residents and long-term pass holders.',
    messageKey: MESSAGE_KEYS.residencyNotEligible,
  },
  // Hong Kong: claims over HK$3,000 in the last 3 years require an agent (pa-home-payments section 5).
  CLAIMS_REFER_TO_AGENT: {
    errorMessage:
      'With claims of more than HK$3,000 in the last 3 years, please contact your Licensed Insurance Agent for this cover.',
    messageKey: MESSAGE_KEYS.claimsReferToAgent,
  },
  SYSTEM_UNAVAILABLE: {
    errorMessage: 'Sorry, our system is currently unavailable. Please try again later.',
    messageKey: MESSAGE_KEYS.systemUnavailable,
  },
  PRIVATE_MODE: {
    errorMessage: 'Sorry, the quotation function is currently unavailable. Please try again later.',
    messageKey: MESSAGE_KEYS.privateMode,
  },
  CAMPAIGN_UNAVAILABLE: {
    errorMessage: 'This campaign has ended or does not cover this plan.',
    messageKey: MESSAGE_KEYS.campaignUnavailable,
  },
  NOT_RATABLE: {
    errorMessage: 'Sorry, we cannot quote this cover online. Please contact your Licensed Insurance Agent.',
    messageKey: MESSAGE_KEYS.getQuoteError,
  },
} as const;

export type TRefusalReason = keyof typeof REFUSALS;
export type TRefusal = { refused: TRefusalReason; errorMessage: string; messageKey: string };

export function refusal(reason: TRefusalReason): TRefusal {
  return { refused: reason, ...REFUSALS[reason] };
}

/** The client shows the blacklist message when a rate error mentions blacklisting or underwriting/compliance (travel-flow section 4). */
export function isBlacklistMessage(errorMessage: string | undefined): boolean {
  return /blacklist|underwriting\/compliance/i.test(errorMessage ?? '');
}
