import { formatDmy, parseIso } from '@lionrock/domain/dates/local-date';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from '../../../lib/i18n';
import { getSession, type TSignedIn } from '../api/my-policy-api';
import styles from '../components/my-policy.module.css';
import { SignOutButton } from '../components/sign-out-button';
import { useSessionEnded } from '../state/use-session-ended';

const isoToDmy = (iso: string | null) => {
  const date = iso ? parseIso(iso) : null;
  return date ? formatDmy(date) : '';
};

/** `/my-policy/policies`: every policy of the signed-in policyholder in the market. */
export function PoliciesPage() {
  const { t } = useTranslation();
  const ended = useSessionEnded();
  const [session, setSession] = useState<TSignedIn | null>(null);
  const [failed, setFailed] = useState(false);
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
    </div>
  );
}
