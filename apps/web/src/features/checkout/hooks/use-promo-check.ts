import { needsPromoCheck, promoCheckResult } from '@lionrock/domain/campaign/promo-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { checkoutApi } from '../api/checkout-api';

type TPromoCampaign = { campaignCode?: string | null; campaignId?: number | null } | null | undefined;

/**
 * The campaign's verdict on a promo code (travel-flow section 5), one hook for every quote form
 * (decision 044): `verdictOf` answers a message key when the campaign refuses the code, null when it
 * takes it, undefined when there is nothing to ask (no campaign or no code) or the check failed: the
 * server checks the promo again when pricing, so a failed check blocks nothing. `checking` is true while
 * the server is asked.
 */
export function usePromoCheck() {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const verdictOf = useCallback(
    async (campaign: TPromoCampaign, promo: string): Promise<string | null | undefined> => {
      const code = promo.trim();
      if (!needsPromoCheck(campaign, code)) return undefined;
      const campaignCode = campaign!.campaignCode!;
      const campaignId = campaign!.campaignId!;
      setChecking(true);
      try {
        const answer = await queryClient.fetchQuery({
          queryKey: ['campaign', 'promo', campaignCode, code, campaignId],
          queryFn: () => checkoutApi.validatePromoCode(campaignCode, code, campaignId),
          staleTime: 60_000,
        });
        return promoCheckResult(answer);
      } catch {
        return undefined;
      } finally {
        setChecking(false);
      }
    },
    [queryClient],
  );
  return { checking, verdictOf };
}
