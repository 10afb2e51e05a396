import { basePlanName } from '@lionrock/domain/display/price-display';
import { PriceChangedError, type TRatingAnswer, travelApi } from '../../api/travel-api';
import type { TTravelPolicy } from '../../state/travel-flow-store';

/**
 * Another number of travellers has another price (travel-flow section 4: adding or removing an insured
 * re-rates at once). Every plan is priced again (multirate), then the chosen plan is stored at its new
 * price (rate), so the server keeps the new count and nothing is refused for showing the old price.
 */
export async function repriceTravellers(request: TTravelPolicy): Promise<TRatingAnswer> {
  const quote = await travelApi.multirate(request);
  if (quote.errorMessage || quote.messageKey) return quote;
  const chosen = request.policyTravel.policyPremium;
  const item = quote.policyTravel?.premiumItems.find(
    (candidate) => basePlanName(candidate.planName) === basePlanName(chosen?.planName ?? ''),
  );
  try {
    return await travelApi.rate({
      ...request,
      policyTravel: { ...request.policyTravel, policyPremium: item ?? chosen },
    });
  } catch (error) {
    // Should the price move again between the two calls, the server's latest price is the answer.
    if (error instanceof PriceChangedError) return error.policy;
    throw error;
  }
}
