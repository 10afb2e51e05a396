import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import styles from './info-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <article className={styles.page}>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/travel">{t('notFound.home')}</Link>
    </article>
  );
}
