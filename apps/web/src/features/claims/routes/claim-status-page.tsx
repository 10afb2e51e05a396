import { claimTimeline, isClaimStatus, type TClaimStatus } from '@lionrock/domain/claims/claim-status';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiCallError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { HolderSignIn } from '../../my-policy/components/holder-sign-in';
import { fetchClaimStatus, fetchSession, type TClaimStatusAnswer, type TSession } from '../api/claims-api';
import styles from '../components/claims.module.css';

/** /claims/status: the claim number and the same check as /my-policy, then the status timeline. */
export function ClaimStatusPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [session, setSession] = useState<TSession | null | undefined>(undefined);
  const [claimNumber, setClaimNumber] = useState(search.get('claim') ?? '');
  const [answer, setAnswer] = useState<TClaimStatusAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    fetchSession().then(setSession, () => setSession(null));
  }, []);

  async function find(event?: FormEvent) {
    event?.preventDefault();
    setFailure(null);
    setAnswer(null);
    if (!claimNumber.trim()) {
      setFailure(t('claims.errors.required'));
      return;
    }
    try {
      setAnswer(await fetchClaimStatus(claimNumber.trim()));
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 401) setSession(null);
      setFailure(
        t(
          error instanceof ApiCallError && (error.status === 404 || error.status === 400)
            ? 'claims.errors.claimNotFound'
            : 'claims.errors.generic',
        ),
      );
    }
  }

  const reached = (answer?.events ?? []).map((event) => event.status).filter(isClaimStatus);
  const steps = claimTimeline(reached);
  const current = answer && isClaimStatus(answer.status) ? answer.status : null;

  return (
    <article className={styles.page}>
      <h1>{t('claims.status.title')}</h1>
      {session === null ? (
        <>
          <p className={styles.intro}>{t('claims.status.signInFirst')}</p>
          <HolderSignIn titleLevel={2} onSignedIn={(signedIn) => setSession(signedIn)} />
        </>
      ) : null}
      {session ? (
        <div className={styles.stack}>
          <form className={styles.section} onSubmit={find} noValidate>
            <p className={styles.hint}>{t('claims.status.intro')}</p>
            <div className={styles.field}>
              <label className={styles.label} htmlFor="claim-number">
                {t('claims.status.claimNumber')}
              </label>
              <input
                id="claim-number"
                className={styles.input}
                autoComplete="off"
                value={claimNumber}
                aria-invalid={failure ? true : undefined}
                aria-describedby={failure ? 'claim-number-error' : undefined}
                onChange={(event) => setClaimNumber(event.target.value)}
              />
              {failure ? (
                <p id="claim-number-error" className={styles.error} role="alert">
                  {failure}
                </p>
              ) : null}
            </div>
            <div className={styles.actions}>
              <button type="submit" className={styles.primary}>
                {t('claims.status.find')}
              </button>
            </div>
          </form>
          {answer && current ? (
            <section className={styles.section} aria-labelledby="claim-status-title">
              <h2 id="claim-status-title">{answer.claimNumber}</h2>
              <p role="status">
                {t('claims.status.current', { status: t(`claims.status.names.${current}`) })}
              </p>
              <ol className={styles.timeline}>
                {steps.map((step: TClaimStatus) => {
                  const done = reached.includes(step);
                  return (
                    <li
                      key={step}
                      className={`${styles.step} ${done ? styles.stepDone : ''}`}
                      aria-current={step === current ? 'step' : undefined}
                    >
                      <span className={styles.dot} aria-hidden="true">
                        {done ? '✓' : ''}
                      </span>
                      {t(`claims.status.names.${step}`)}
                    </li>
                  );
                })}
              </ol>
            </section>
          ) : null}
          <Link to="/claims">{t('claims.status.newClaim')}</Link>
        </div>
      ) : null}
    </article>
  );
}
