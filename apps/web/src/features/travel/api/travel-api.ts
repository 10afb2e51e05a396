import type { TCountry } from '@lionrock/domain/market/market';
import { useQuery } from '@tanstack/react-query';
import { checkoutApi } from '../../checkout/api/checkout-api';

// The product-neutral calls and their error handling live in features/checkout (decision 044).
export {
  callErrorKey,
  PriceChangedError,
  ratingErrorKey,
  showRatingError,
  type TRatingAnswer,
  type TRatingCall,
} from '../../checkout/api/checkout-api';

/** The travel calls of travel-flow section 7 (paths: design section 5), each with Session-Name. */
export const travelApi = {
  ...checkoutApi,
  /**
   * The live campaign of the visit: the link's campaign code, or the direct campaign without one; a
   * link's catalogue code must match the campaign's (travel-flow sections 2 and 7).
   */
  getCampaign: (query: Parameters<typeof checkoutApi.getCampaign>[1]) =>
    checkoutApi.getCampaign('PTR', query),
};

/**
 * The campaign of the visit (travel-flow section 4: choosing the trip type reloads it); a failed lookup
 * is the empty campaign (travel-flow section 7, Responses), i.e. none.
 */
export function useCampaign(query: {
  country: TCountry;
  campaignCode: string | undefined;
  catalogueCode?: string | undefined;
  tripType: string;
}) {
  return useQuery({
    queryKey: [
      'travel',
      'campaign',
      query.country,
      query.campaignCode ?? '',
      query.catalogueCode ?? '',
      query.tripType,
    ],
    queryFn: async () => {
      try {
        return await travelApi.getCampaign(query);
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });
}
