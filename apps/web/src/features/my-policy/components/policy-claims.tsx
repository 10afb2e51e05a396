import { parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDisplayDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { getPolicyClaims, type TPolicyClaims, type TPolicyDetails } from '../api/my-policy-api';
import { useSessionEnded } from '../state/use-session-ended';
import styles from './my-policy.module.css';

/**
 * The claims card of a policy's page (issue 29): every claim made on the policy with its incident
 * date, the day it was made, its decision (the status, and the day it last changed) and its amounts
 * claimed and approved; each opens its own page. A cancelled policy is not offered for a new claim.
 */
export function PolicyClaims({ policy }: { policy: TPolicyDetails }) {
  const { t } = useTranslation();
  const lang = useSystemStore((state) => state.lang);
  const ended = useSessionEnded();
  const [claims, setClaims] = useState<TPolicyClaims | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    getPolicyClaims(policy.policyId)
      .then((found) => live && setClaims(found))
      .catch((error: unknown) => {
        if (live && !ended(error)) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [policy.policyId, ended]);

  const day = (iso: string | null) => {
    const date = iso ? parseIso(iso) : null;
    return date ? formatDisplayDate(date, lang) : '';
  };
  const dayOf = (at: string | null) =>
    at ? formatDisplayDate(todayIn(MARKETS[policy.country].timeZone, new Date(at)), lang) : '';
  const money = (cents: number | null) => (cents === null ? '' : formatMoney(cents, policy.country));
  const canClaim = claims ? claims.canClaim : policy.status !== 'cancelled';

  return (
    <section className={styles.card} aria-labelledby="policy-claims">
      <h2 id="policy-claims" className={styles.cardTitle}>
        {t('myPolicy.details.claimsTitle')}
      </h2>
      {failed ? (
        <p className={styles.error} role="alert">
          {t('myPolicy.claims.loadFailed')}
        </p>
      ) : !claims ? null : claims.claims.length === 0 ? (
        <p className={styles.muted}>{t('myPolicy.claims.none')}</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">{t('myPolicy.claims.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('myPolicy.claims.number')}</th>
              <th scope="col">{t('myPolicy.claims.type')}</th>
              <th scope="col">{t('myPolicy.claims.incident')}</th>
              <th scope="col">{t('myPolicy.claims.submitted')}</th>
              <th scope="col">{t('myPolicy.claims.status')}</th>
              <th scope="col">{t('myPolicy.claims.claimed')}</th>
              <th scope="col">{t('myPolicy.claims.approved')}</th>
            </tr>
          </thead>
          <tbody>
            {claims.claims.map((claim) => (
              <tr key={claim.claimNumber}>
                <td>
                  <Link to={`/claims/status?claim=${encodeURIComponent(claim.claimNumber)}`}>
                    {claim.claimNumber}
                  </Link>
                </td>
                <td>{claim.claimType ? t(`claims.types.${claim.claimType}`) : ''}</td>
                <td>{day(claim.incidentDate)}</td>
                <td>{dayOf(claim.submittedAt)}</td>
                <td>
                  {t(`claims.status.names.${claim.status}`)}
                  {claim.statusAt ? <span className={styles.muted}> · {dayOf(claim.statusAt)}</span> : null}
                </td>
                <td>{money(claim.amountCents)}</td>
                <td>{money(claim.amountApprovedCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canClaim ? (
        <>
          <p>{t('myPolicy.details.claimsText')}</p>
          <div className={styles.docLinks}>
            <Link to={`/claims?policy=${encodeURIComponent(policy.policyId)}`}>
              {t('myPolicy.details.makeClaim')}
            </Link>
            <Link to="/claims/status">{t('myPolicy.details.claimStatus')}</Link>
          </div>
        </>
      ) : (
        <p className={styles.muted}>{t('claims.errors.policyCancelled')}</p>
      )}
    </section>
  );
}
