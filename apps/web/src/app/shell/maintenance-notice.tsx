import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { systemApi } from '../../lib/system-api';
import { useSystemStore } from '../../state/system-store';

// Most visits have no notice: its text, and the code that renders it, load only when there is one (decision 022).
const MaintenanceNoticeText = lazy(() => import('./maintenance-notice-text'));

/** The scheduled-maintenance notice, shown outside the flow pages when the server has one (travel-flow section 8). */
export function MaintenanceNotice() {
  const country = useSystemStore((state) => state.country);
  const lang = useSystemStore((state) => state.lang);
  const { data } = useQuery({
    queryKey: ['maintenance', country, lang],
    queryFn: () => systemApi.maintenance(country, lang),
    staleTime: 60_000,
  });
  if (!data?.message) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceNoticeText notice={data} />
    </Suspense>
  );
}
