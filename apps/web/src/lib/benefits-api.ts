import { formatDmy, type TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TPaBenefits, TTravelBenefits } from '@lionrock/domain/rating/benefits/benefit-schedules';
import type { THomeBenefits } from '@lionrock/domain/rating/benefits/home-benefits';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getJson } from './api-client';

type TSchedules = { PTR: TTravelBenefits; PAN: TPaBenefits; PHM: THomeBenefits };

/** A schedule on its way: undefined until it arrives; `failed` when the call failed, `retry` asks again. */
export type TBenefitQuery<P extends keyof TSchedules> = {
  benefits: TSchedules[P] | undefined;
  failed: boolean;
  retry: () => void;
};

/**
 * A product's benefit schedule as the shop holds it, in force on the day the cover starts (`on`; today
 * without it), from `policy/benefits` (decision 099): the limits a page shows are the ones the policy's
 * schedule will print, whatever version underwriting has activated since this page was built.
 */
export function useBenefitSchedule<P extends keyof TSchedules>(
  product: P,
  country: TCountry,
  on?: TLocalDate | null,
): TBenefitQuery<P> {
  const day = on ? formatDmy(on) : '';
  const query = useQuery({
    queryKey: ['benefits', product, country, day],
    queryFn: ({ signal }) =>
      getJson<TSchedules[P]>(
        `/b2c-server/rest/policy/benefits?country=${country}&product=${product}${day ? `&on=${day}` : ''}`,
        signal,
      ),
    staleTime: 60_000,
  });
  const { data, isError, refetch } = query;
  // One object while nothing changes, so a memoised table is not drawn again with each parent render.
  return useMemo(
    () => ({ benefits: data, failed: isError, retry: () => void refetch() }),
    [data, isError, refetch],
  );
}
