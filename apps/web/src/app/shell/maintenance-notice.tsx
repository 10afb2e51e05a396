import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { systemApi } from '../../lib/system-api';
import { useSystemStore } from '../../state/system-store';
import styles from './maintenance-notice.module.css';

export const PUBLIC_MAINTENANCE_PAGE = 'https://www.lionrock.example/maintenance';

/** The scheduled-maintenance notice, shown outside the flow pages when the server has one (travel-flow section 8). */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const country = useSystemStore((state) => state.country);
  const lang = useSystemStore((state) => state.lang);
  const { data } = useQuery({
    queryKey: ['maintenance', country, lang],
    queryFn: () => systemApi.maintenance(country, lang),
    staleTime: 60_000,
  });
  if (!data?.message) return null;
  return (
    <section className={styles.notice} aria-labelledby="maintenance-title">
      <h2 id="maintenance-title" className={styles.title}>
        {t('maintenance.title')}
      </h2>
      <p className={styles.message}>{data.message}</p>
      {data.longMessage ? <p>{data.longMessage}</p> : null}
      <p>
        <Trans
          i18nKey="maintenance.referTo"
          // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside
          components={{ 1: <a href={PUBLIC_MAINTENANCE_PAGE} target="_blank" rel="noopener noreferrer" /> }}
        />
      </p>
    </section>
  );
}
