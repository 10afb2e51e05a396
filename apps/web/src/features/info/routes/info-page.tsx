import { useTranslation } from '../../../lib/i18n';
import styles from './info-page.module.css';

export type TInfoPage = 'about' | 'contact' | 'terms' | 'privacy';

/** The footer's pages: about us, contact us, terms of use, privacy policy. */
export function InfoPage({ page }: { page: TInfoPage }) {
  const { t } = useTranslation();
  return (
    <article className={styles.page}>
      <h1>{t(`info.${page}Title`)}</h1>
      <p>{t(`info.${page}Text`)}</p>
    </article>
  );
}
