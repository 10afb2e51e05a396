import { FREE_LOOK_DAYS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import { SHORT_PERIOD_ADMIN_CHARGE_PERCENT } from '@lionrock/domain/self-service/cancellation-rules';
import type { TSection } from './wording-section.ts';

/** The free-look sentence's refund: in Hong Kong the Insurance Authority levy comes back with the premium. */
const withLevy = (country: TCountry) => (country === 'HKG' ? ', with the Insurance Authority levy' : '');

/**
 * The cancellation clause of the travel wording, as `cancellationQuote` (domain, decision 071) applies
 * it: the free look from the start of cover (decision 112), a single trip not cancelled once begun, an
 * annual policy's unexpired months less the administration charge.
 */
export function travelCancellation(country: TCountry): TSection {
  return {
    heading: 'Cancellation',
    paragraphs: [
      `Free-look period: you may cancel a new policy by telling us in writing within ${FREE_LOOK_DAYS[country]} days of the day its cover starts, or at any time before it starts. If no claim has been made and the journey has not begun, we refund the premium in full${withLevy(country)}. A renewal has no free-look period.`,
      `After the free-look period, a single-trip policy cannot be cancelled once its period of insurance has begun. An annual policy may be cancelled at any time: if no claim has been made, we refund the premium for the unexpired months, less an administration charge of ${SHORT_PERIOD_ADMIN_CHARGE_PERCENT}% of the refund.`,
      'We may cancel the policy by giving 7 days’ written notice to your last known address or e-mail, and refund the premium for the unexpired period. We will do so only for fraud, non-payment of premium, or where the law requires it.',
    ],
  };
}

/**
 * The cancellation clause of an annual policy with no journey (personal accident, home), as
 * `cancellationQuote` applies it: the free look from the start of cover, then the unexpired months less
 * the administration charge.
 */
export function annualCancellation(country: TCountry): TSection {
  return {
    heading: 'Cancellation',
    paragraphs: [
      `Free-look period: you may cancel a new policy by telling us in writing within ${FREE_LOOK_DAYS[country]} days of the day its cover starts, or at any time before it starts. If no claim has been made, we refund the premium in full${withLevy(country)}. A renewal has no free-look period.`,
      `After the free-look period you may cancel at any time: if no claim has been made, we refund the premium for the unexpired months, less an administration charge of ${SHORT_PERIOD_ADMIN_CHARGE_PERCENT}% of the refund.`,
      'We may cancel the policy by giving 7 days’ written notice to your last known address or e-mail, and refund the premium for the unexpired period.',
    ],
  };
}
