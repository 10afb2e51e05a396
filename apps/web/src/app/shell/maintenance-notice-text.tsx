import { useTranslation } from '../../lib/i18n';
import type { TMaintenanceNotice } from '../../lib/system-api';
import { splitAtLink } from '../../lib/translate';
import styles from './maintenance-notice.module.css';

export const PUBLIC_MAINTENANCE_PAGE = 'https://www.lionrock.example/maintenance';

/** The notice itself: its own chunk, loaded only when a notice is scheduled. */
export default function MaintenanceNoticeText({ notice }: { notice: TMaintenanceNotice }) {
  const { t } = useTranslation();
  const [before, link, after] = splitAtLink(t('maintenance.referTo'));
  return (
    <section className={styles.notice} aria-labelledby="maintenance-title">
      <h2 id="maintenance-title" className={styles.title}>
        {t('maintenance.title')}
      </h2>
      <p className={styles.message}>{notice.message}</p>
      {notice.longMessage ? <p>{notice.longMessage}</p> : null}
      <p>
        {before}
        <a href={PUBLIC_MAINTENANCE_PAGE} target="_blank" rel="noopener noreferrer">
          {link}
        </a>
        {after}
      </p>
    </section>
  );
}
