import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { BackOfficeError, backOfficeCall } from './back-office-api';

/** The last answer, kept while the next loads: TanStack's `keepPreviousData`, written here (see below). */
const keepLast = <T>(previous: T): T => previous;

/** Every back-office answer is cached under this key, so signing out can drop them all at once. */
export const STAFF_QUERY_KEY = 'back-office';

/** A failure as staff read it: the server's message (it names the field), or the error's own. */
export function staffProblemOf(error: unknown): string {
  if (error instanceof BackOfficeError || error instanceof Error) return error.message;
  return String(error);
}

/**
 * The one way a back-office page reads its data (issue 28, goal 6): a GET of the back-office API through
 * TanStack Query, loaded on mount and whenever `path` changes (null: not yet). `reload` asks again after
 * the page changed something, and resolves once the new answer is in. A refusal (403, 404) is shown at
 * once, not retried; nothing is kept once no page shows it, so staff data does not linger after a
 * page or a session. `keepWhileLoading` keeps the last answer on screen while a new filter's loads (a
 * range, a search), where a new record (another policy) must not show the last one's.
 */
export function useStaffQuery<T>(path: string | null, options: { keepWhileLoading?: boolean } = {}) {
  const query = useQuery({
    queryKey: [STAFF_QUERY_KEY, path],
    queryFn: () => backOfficeCall<T>('GET', path!),
    enabled: path !== null,
    retry: false,
    gcTime: 0,
    // TanStack's keepPreviousData, written here: importing it would keep it in the landing's chunk,
    // where the shop's TanStack Query lives (decision 022's budget).
    ...(options.keepWhileLoading ? { placeholderData: keepLast } : {}),
  });
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  return {
    data: query.data ?? null,
    error: query.error ? staffProblemOf(query.error) : null,
    /** The field a refusal names (a search's filter), for the form that asked to say it there. */
    refusedField: query.error instanceof BackOfficeError ? (query.error.field ?? null) : null,
    loading: path !== null && query.isFetching,
    reload,
  };
}
