import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';

/** The spinner overlay shown during calls (travel-flow section 2); says what is happening when told. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <p className={styles.label}>{label ?? t('shell.loading')}</p>
    </div>
  );
}

/** A page still loading: the spinner over a placeholder as tall as the screen (nothing shifts after). */
export function PageLoading() {
  return (
    <div className={styles.page}>
      <Spinner />
    </div>
  );
}
