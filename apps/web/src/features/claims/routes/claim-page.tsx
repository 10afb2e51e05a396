import { parseIso } from '@lionrock/domain/dates/local-date';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDisplayDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { HolderSignIn } from '../../my-policy/components/holder-sign-in';
import { fetchSession, startDraft, type TClaimDraft, type TSession } from '../api/claims-api';
import { ClaimForm } from '../components/claim-form';
import styles from '../components/claims.module.css';

/**
 * /claims: the policyholder confirms who they are (or already has a session), picks the policy (or
 * arrives with `?policy=<id>` from /my-policy), then files the claim. A partner's agent from the
 * visit's link is recorded on the claim.
 */
export function ClaimPage() {
  const { t } = useTranslation();
  const lang = useSystemStore((state) => state.lang);
  const partner = useSystemStore((state) => state.partner);
  const [search] = useSearchParams();
  const [session, setSession] = useState<TSession | null | undefined>(undefined);
  const [policyId, setPolicyId] = useState(search.get('policy') ?? '');
  const [draft, setDraft] = useState<TClaimDraft | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchSession()
      .then((found) => live && setSession(found))
      .catch(() => live && setSession(null));
    return () => {
      live = false;
    };
  }, []);

  const showDate = (iso: string | null) => {
    const date = iso ? parseIso(iso) : null;
    return date ? formatDisplayDate(date, lang) : '';
  };

  async function start() {
    const chosen = policyId || session?.policies[0]?.policyId;
    if (!chosen) return;
    setBusy(true);
    setFailure(null);
    try {
      setDraft(await startDraft({ policyId: chosen, lang, ...(partner ? { agentCode: partner } : {}) }));
    } catch {
      setFailure(t('claims.errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className={styles.page}>
      <h1>{t('claims.title')}</h1>
      <p className={styles.intro}>{t('claims.intro')}</p>
      {session === undefined ? <p role="status">{t('claims.loading')}</p> : null}
      {session === null ? (
        <HolderSignIn titleLevel={2} onSignedIn={(signedIn) => setSession(signedIn)} />
      ) : null}
      {session && !draft ? (
        <section className={styles.section} aria-labelledby="claim-policy">
          <h2 id="claim-policy">{t('claims.policy.title')}</h2>
          {session.policies.length === 0 ? <p>{t('claims.policy.none')}</p> : null}
          <fieldset className={styles.choices}>
            <legend className="visually-hidden">{t('claims.policy.title')}</legend>
            {session.policies.map((policy, index) => (
              <label key={policy.policyId} className={styles.choice}>
                <input
                  type="radio"
                  name="policy"
                  checked={policyId ? policyId === policy.policyId : index === 0}
                  onChange={() => setPolicyId(policy.policyId)}
                />
                {t('claims.policy.option', {
                  product: t(`claims.products.${policy.productType}`),
                  number: policy.policyNumber,
                  start: showDate(policy.startDate),
                  end: showDate(policy.endDate),
                })}
              </label>
            ))}
          </fieldset>
          {session.policies.length > 0 ? (
            <div className={styles.actions} style={{ marginTop: 16 }}>
              <button type="button" className={styles.primary} disabled={busy} onClick={start}>
                {t('claims.policy.start')}
              </button>
            </div>
          ) : null}
          {failure ? (
            <p className={styles.error} role="alert">
              {failure}
            </p>
          ) : null}
        </section>
      ) : null}
      {draft ? <ClaimForm initial={draft} /> : null}
    </article>
  );
}
