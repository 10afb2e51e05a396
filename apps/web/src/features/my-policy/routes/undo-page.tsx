import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from '../../../lib/i18n';
import { undoEmailChange } from '../api/my-policy-api';
import styles from '../components/my-policy.module.css';
import { refusalText } from '../components/step-up-form';

type TState =
  | { kind: 'ready' }
  | { kind: 'working' }
  | { kind: 'done'; policyNumber: string; email: string }
  | { kind: 'refused'; text: string };

/**
 * `/my-policy/undo#token`: the one-click undo of a change of e-mail address, from the notice mailed to
 * the old address (decision 102). The token stays in the fragment, so no server log sees it; the page
 * asks before it acts, so a mail scanner that opens links changes nothing.
 */
export function UndoPage() {
  const { t, exists } = useTranslation();
  const [token] = useState(() => window.location.hash.slice(1));
  const [state, setState] = useState<TState>(
    token
      ? { kind: 'ready' }
      : {
          kind: 'refused',
          text: t('myPolicy.undo.invalid'),
        },
  );

  const undo = async () => {
    setState({ kind: 'working' });
    try {
      const done = await undoEmailChange(token);
      // The link works once: it leaves the address bar and the history.
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
      setState({ kind: 'done', ...done });
    } catch (error) {
      setState({ kind: 'refused', text: refusalText(t, exists, error, 'myPolicy.undo.failed') });
    }
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="undo-title">
        <h1 id="undo-title" className={styles.cardTitle}>
          {t('myPolicy.undo.title')}
        </h1>
        {state.kind === 'ready' || state.kind === 'working' ? (
          <>
            <p>{t('myPolicy.undo.intro')}</p>
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.primary}
                disabled={state.kind === 'working'}
                onClick={() => void undo()}
              >
                {t('myPolicy.undo.button')}
              </button>
            </div>
            {state.kind === 'working' ? <Spinner inline label={t('myPolicy.undo.working')} /> : null}
          </>
        ) : null}
        {state.kind === 'done' ? (
          <p role="status">{t('myPolicy.undo.done', { number: state.policyNumber, email: state.email })}</p>
        ) : null}
        {state.kind === 'refused' ? (
          <p className={styles.error} role="alert">
            {state.text}
          </p>
        ) : null}
        {state.kind === 'done' || state.kind === 'refused' ? (
          <Link to="/my-policy" className={styles.secondaryLink}>
            {t('myPolicy.undo.signIn')}
          </Link>
        ) : null}
      </section>
    </div>
  );
}
