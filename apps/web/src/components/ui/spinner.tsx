import { useTranslation } from '../../lib/i18n';
import styles from './spinner.module.css';

/**
 * The spinner overlay shown during calls (travel-flow section 2); says what is happening when told.
 * `inline` draws it in the page's flow instead, over nothing (a page's frame while its code loads).
 */
export function Spinner({ label, inline = false }: { label?: string; inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? styles.inline : styles.overlay} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <p className={styles.label}>{label ?? t('shell.loading')}</p>
    </div>
  );
}

/**
 * A page still loading: the spinner over a placeholder as tall as the screen (nothing shifts after);
 * `inline` under a page's frame, which stays readable.
 */
export function PageLoading({ inline = false }: { inline?: boolean }) {
  return (
    <div className={styles.page}>
      <Spinner inline={inline} />
    </div>
  );
}
