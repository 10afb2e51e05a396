import { formatDmy, type TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TRateFacts } from '@lionrock/domain/rating/rate-facts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getJson } from './api-client';

/** A product's rate facts on their way: undefined until they arrive; `failed` when the call failed, `retry` asks again. */
export type TRateFactsQuery<P extends keyof TRateFacts> = {
  facts: TRateFacts[P] | undefined;
  failed: boolean;
  retry: () => void;
};

/**
 * The figures of a product's rate table a page states — PA's free children and optional covers' "+N %",
 * the contents each home plan includes — from the table in force on the day the cover starts (`on`;
 * today without it), from `policy/rate-facts` (decision 114): the labels say what the server prices,
 * whatever version underwriting has activated since this page was built. As `useBenefitSchedule`.
 */
export function useRateFacts<P extends keyof TRateFacts>(
  product: P,
  country: TCountry,
  on?: TLocalDate | null,
): TRateFactsQuery<P> {
  const day = on ? formatDmy(on) : '';
  const query = useQuery({
    queryKey: ['rate-facts', product, country, day],
    queryFn: ({ signal }) =>
      getJson<TRateFacts[P]>(
        `/b2c-server/rest/policy/rate-facts?country=${country}&product=${product}${day ? `&on=${day}` : ''}`,
        signal,
      ),
    staleTime: 60_000,
  });
  const { data, isError, refetch } = query;
  return useMemo(
    () => ({ facts: data, failed: isError, retry: () => void refetch() }),
    [data, isError, refetch],
  );
}
