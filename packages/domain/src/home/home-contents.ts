import type { TCents } from '../money/money.ts';
import type { THomePlan } from './home-model.ts';

/**
 * The contents sum a home policy insures under a plan (decision 125), the one figure the premium, the
 * quote, confirm and payment pages, the mail and the schedule state. A plan's premium buys the contents
 * sum the plan includes (rate table `includedContentsCents`; the landing says "each plan includes a
 * sum"); a larger sum chosen is bought above it at the table's rate per $100; a smaller one is raised to
 * the included sum, which the premium pays for anyway, and the pages say so before purchase.
 */
export type THomeContents = {
  /** What the policy insures and the documents print. */
  sumInsuredCents: TCents;
  /** The sum the customer chose on the landing. */
  chosenCents: TCents;
  /** The sum the plan's premium includes. */
  includedCents: TCents;
  /** The part of the sum insured bought above the included sum (rated at the table's rate per $100). */
  extraCents: TCents;
  /** True when the plan's included sum is larger than the one chosen, so the chosen one was raised. */
  raisedToIncluded: boolean;
};

export function homeContents(
  includedContentsCents: Readonly<Record<THomePlan, TCents>>,
  plan: THomePlan,
  chosenCents: TCents,
): THomeContents {
  const includedCents = includedContentsCents[plan];
  const sumInsuredCents = Math.max(includedCents, chosenCents);
  return {
    sumInsuredCents,
    chosenCents,
    includedCents,
    extraCents: sumInsuredCents - includedCents,
    raisedToIncluded: includedCents > chosenCents,
  };
}
