import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { askPromoVerdict, type TPromoMarket } from '../api/promo-verdict';

export type { TPromoMarket } from '../api/promo-verdict';

type TPromoCampaign = Parameters<typeof askPromoVerdict>[1];

/**
 * The campaign's verdict on a promo code, for every product's landing and quote page (decisions 044,
 * 130): `verdictOf` is `askPromoVerdict` for the visit's `market` (see there); `checking` is true while
 * the server is asked.
 */
export function usePromoCheck(market?: TPromoMarket) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const verdictOf = async (campaign: TPromoCampaign, promo: string) => {
    setChecking(true);
    try {
      return await askPromoVerdict(queryClient, campaign, promo, market);
    } finally {
      setChecking(false);
    }
  };
  return { checking, verdictOf };
}
