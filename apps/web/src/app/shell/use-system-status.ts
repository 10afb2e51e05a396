import { useQuery } from '@tanstack/react-query';
import { systemApi } from '../../lib/system-api';
import { useSystemStore } from '../../state/system-store';

/** System availability and private mode for the visitor's country; failures show no user message (travel-flow section 8). */
export function useSystemStatus() {
  const country = useSystemStore((state) => state.country);
  const query = useQuery({
    queryKey: ['system-status', country],
    queryFn: async () => {
      const [systemAvailable, privateMode] = await Promise.all([
        systemApi.systemAvailable(country),
        systemApi.privateMode(country),
      ]);
      return { systemAvailable, privateMode };
    },
    staleTime: 60_000,
  });
  return {
    systemAvailable: query.data?.systemAvailable ?? true,
    privateMode: query.data?.privateMode ?? false,
    loaded: query.isSuccess,
  };
}
