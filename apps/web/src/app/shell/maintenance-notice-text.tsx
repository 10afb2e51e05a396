import { Trans, useTranslation } from 'react-i18next';
import type { TMaintenanceNotice } from '../../lib/system-api';
import styles from './maintenance-notice.module.css';

export const PUBLIC_MAINTENANCE_PAGE = 'https://www.lionrock.example/maintenance';

/** The notice itself: its own chunk, with the part of react-i18next that puts a link in a translation. */
export default function MaintenanceNoticeText({ notice }: { notice: TMaintenanceNotice }) {
  const { t } = useTranslation();
  return (
    <section className={styles.notice} aria-labelledby="maintenance-title">
      <h2 id="maintenance-title" className={styles.title}>
        {t('maintenance.title')}
      </h2>
      <p className={styles.message}>{notice.message}</p>
      {notice.longMessage ? <p>{notice.longMessage}</p> : null}
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
