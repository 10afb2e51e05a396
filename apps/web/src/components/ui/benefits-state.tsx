import { useTranslation } from '../../lib/i18n';
import buttons from './buttons.module.css';

/**
 * Where a cover table stands while its benefit schedule is on the way (decision 099): "Loading…" as a
 * status, or, when the call failed, an alert that says so with Try again.
 */
export function BenefitsState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed) return <p role="status">{t('shell.loading')}</p>;
  return (
    <p role="alert">
      {t('coverTable.loadFailed')}{' '}
      <button type="button" className={buttons.link} onClick={onRetry}>
        {t('coverTable.retry')}
      </button>
    </p>
  );
}
