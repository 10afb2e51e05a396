import { formatDmy, parseIso } from '@lionrock/domain/dates/local-date';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from '../../../lib/i18n';
import { getSession, type TSignedIn } from '../api/my-policy-api';
import { HolderSignIn } from '../components/holder-sign-in';
import styles from '../components/my-policy.module.css';
import { SignOutButton } from '../components/sign-out-button';
import { useSessionEnded } from '../state/use-session-ended';

const isoToDmy = (iso: string | null) => {
  const date = iso ? parseIso(iso) : null;
  return date ? formatDmy(date) : '';
};

/**
 * `/my-policy/policies`: every policy the session reaches in the market (decision 101): those at the
 * e-mail addresses it has proved. A policy at another address joins the list once a code sent there
 * is typed back here.
 */
export function PoliciesPage() {
  const { t } = useTranslation();
  const ended = useSessionEnded();
  const [session, setSession] = useState<TSignedIn | null>(null);
  const [failed, setFailed] = useState(false);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    getSession()
      .then(setSession)
      .catch((error: unknown) => {
        if (!ended(error)) setFailed(true);
      });
  }, [ended]);
  return (
    <div className={styles.page}>
      <div className={styles.topBar}>
        <h1 className={styles.title}>{t('myPolicy.list.title')}</h1>
        <SignOutButton />
      </div>
      <p className={styles.intro}>{t('myPolicy.list.intro')}</p>
      {failed ? (
        <p className={styles.error} role="alert">
          {t('myPolicy.details.loadFailed')}
        </p>
      ) : !session ? (
        <Spinner />
      ) : session.policies.length === 0 ? (
        <p>{t('myPolicy.list.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {session.policies.map((policy) => (
            <li key={policy.policyId}>
              <Link className={styles.policyLink} to={`/my-policy/policies/${policy.policyId}`}>
                <span className={styles.policyNumber}>
                  <span className="visually-hidden">{t('myPolicy.list.view', { number: '' })}</span>
                  {policy.policyNumber}
                </span>
                <span>{t(`myPolicy.product.${policy.productType}`)}</span>
                <span className={styles.muted}>
                  {t('myPolicy.list.period', {
                    start: isoToDmy(policy.startDate),
                    end: isoToDmy(policy.endDate),
                  })}
                </span>
                <span className={policy.status === 'issued' ? styles.pillOn : styles.pill}>
                  {t(
                    `myPolicy.status.${policy.status === 'issued' || policy.status === 'cancelled' ? policy.status : 'other'}`,
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {session ? (
        <section className={styles.addPolicy} aria-labelledby={adding ? undefined : 'add-policy-title'}>
          {adding ? (
            <HolderSignIn
              titleLevel={2}
              title={t('myPolicy.list.addTitle')}
              onSignedIn={(signedIn) => {
                setSession(signedIn);
                setAdding(false);
              }}
            />
          ) : (
            <>
              <h2 id="add-policy-title" className={styles.cardTitle}>
                {t('myPolicy.list.addTitle')}
              </h2>
              <p className={styles.muted}>{t('myPolicy.list.addIntro')}</p>
              <button type="button" className={styles.secondary} onClick={() => setAdding(true)}>
                {t('myPolicy.list.add')}
              </button>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
