import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiCallError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { resumeDraft, type TClaimDraft } from '../api/claims-api';
import { ClaimForm } from '../components/claim-form';
import styles from '../components/claims.module.css';

/**
 * /claims/resume#<token>: the "finish later" link. The token rides in the fragment, which the browser
 * never sends, so it reaches no server log; the page posts it to open the draft, once (decisions 074
 * and 101). A used, expired or changed link says which and offers the sign-in.
 */
export function ClaimResumePage() {
  const { t, exists } = useTranslation();
  const [draft, setDraft] = useState<TClaimDraft | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const token = window.location.hash.slice(1);
    // The token leaves the address bar and the history at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      setFailed('claims.errors.linkInvalid');
      return;
    }
    resumeDraft(token).then(setDraft, (error: unknown) =>
      setFailed(
        error instanceof ApiCallError && error.messageKey ? error.messageKey : 'claims.errors.linkExpired',
      ),
    );
  }, []);

  return (
    <article className={styles.page}>
      <h1>{t('claims.resume.title')}</h1>
      {draft ? <ClaimForm initial={draft} /> : null}
      {!draft && !failed ? <p role="status">{t('claims.resume.opening')}</p> : null}
      {failed ? (
        <>
          <p className={styles.error} role="alert">
            {t(exists(failed) ? failed : 'claims.errors.linkExpired')}
          </p>
          <Link to="/claims">{t('claims.resume.signIn')}</Link>
        </>
      ) : null}
    </article>
  );
}
