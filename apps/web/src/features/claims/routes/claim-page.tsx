import {
  CLAIM_DRAFT_KEPT_DAYS,
  CLAIM_MESSAGE_KEYS,
  CLAIM_OPEN_DRAFTS_PER_POLICY,
  canStartClaimOn,
} from '@lionrock/domain/claims/claim-rules';
import { parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiCallError } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { HolderSignIn } from '../../my-policy/components/holder-sign-in';
import {
  fetchDraft,
  fetchOpenDrafts,
  fetchSession,
  startDraft,
  type TClaimDraft,
  type TOpenDraft,
  type TSession,
} from '../api/claims-api';
import { ClaimForm } from '../components/claim-form';
import styles from '../components/claims.module.css';
import { readKeptClaimForm } from '../state/kept-claim-form';

/**
 * /claims: the policyholder confirms who they are (or already has a session), picks the policy (or
 * arrives with `?policy=<id>` from /my-policy), then files the claim. A partner's agent from the
 * visit's link is recorded on the claim. The claims already started on the policy are offered to go on
 * with; a policy may have only a few open (decision 105), and starting one more says so.
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
  const [openDrafts, setOpenDrafts] = useState<TOpenDraft[]>([]);
  // A cancelled policy is listed, but not offered for a new claim (issue 29).
  const claimable = session?.policies.filter((policy) => canStartClaimOn(policy.status)) ?? [];
  const chosen =
    (policyId && claimable.some((policy) => policy.policyId === policyId) ? policyId : '') ||
    claimable[0]?.policyId;
  /** The claim this tab was filling in on the chosen policy, if it is still open (issue 29). */
  const kept = chosen ? readKeptClaimForm(chosen) : null;
  const keptOpen = kept && openDrafts.some((open) => open.claimId === kept.claimId) ? kept : null;

  useEffect(() => {
    let live = true;
    fetchSession()
      .then((found) => live && setSession(found))
      .catch(() => live && setSession(null));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!session || !chosen) return;
    let live = true;
    fetchOpenDrafts(chosen)
      .then((found) => live && setOpenDrafts(found.drafts))
      .catch(() => live && setOpenDrafts([]));
    return () => {
      live = false;
    };
  }, [session, chosen]);

  const showDate = (iso: string | null) => {
    const date = iso ? parseIso(iso) : null;
    return date ? formatDisplayDate(date, lang) : '';
  };
  /** The day a draft was last saved, in the policy's market. */
  const savedOn = (at: string) =>
    formatDisplayDate(todayIn(MARKETS[session?.country ?? 'SGP'].timeZone, new Date(at)), lang);

  async function start() {
    if (!chosen) return;
    setBusy(true);
    setFailure(null);
    try {
      setDraft(await startDraft({ policyId: chosen, lang, ...(partner ? { agentCode: partner } : {}) }));
    } catch (error) {
      const key = error instanceof ApiCallError ? error.messageKey : undefined;
      const tooMany = key === CLAIM_MESSAGE_KEYS.tooManyDrafts;
      setFailure(
        tooMany
          ? t(CLAIM_MESSAGE_KEYS.tooManyDrafts, { max: CLAIM_OPEN_DRAFTS_PER_POLICY })
          : key === CLAIM_MESSAGE_KEYS.policyCancelled
            ? t(key)
            : t('claims.errors.generic'),
      );
      if (tooMany) setOpenDrafts((await fetchOpenDrafts(chosen).catch(() => null))?.drafts ?? openDrafts);
    } finally {
      setBusy(false);
    }
  }

  async function goOn(claimId: string) {
    setBusy(true);
    setFailure(null);
    try {
      setDraft(await fetchDraft(claimId));
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
            {session.policies.map((policy) =>
              canStartClaimOn(policy.status) ? (
                <label key={policy.policyId} className={styles.choice}>
                  <input
                    type="radio"
                    name="policy"
                    checked={chosen === policy.policyId}
                    onChange={() => setPolicyId(policy.policyId)}
                  />
                  {t('claims.policy.option', {
                    product: t(`claims.products.${policy.productType}`),
                    number: policy.policyNumber,
                    start: showDate(policy.startDate),
                    end: showDate(policy.endDate),
                  })}
                </label>
              ) : (
                <p key={policy.policyId} className={styles.hint}>
                  {t('claims.policy.cancelled', {
                    product: t(`claims.products.${policy.productType}`),
                    number: policy.policyNumber,
                  })}
                </p>
              ),
            )}
          </fieldset>
          {keptOpen ? (
            <div className={styles.notice} role="status">
              <p>{t('claims.drafts.resumeKept')}</p>
              <button
                type="button"
                className={styles.primary}
                disabled={busy}
                onClick={() => goOn(keptOpen.claimId)}
              >
                {t('claims.drafts.resumeKeptButton')}
              </button>
            </div>
          ) : null}
          {openDrafts.length > 0 ? (
            <section className={styles.drafts} aria-labelledby="claim-drafts">
              <h3 id="claim-drafts">{t('claims.drafts.title')}</h3>
              <p className={styles.hint}>{t('claims.drafts.kept', { days: CLAIM_DRAFT_KEPT_DAYS })}</p>
              <ul className={styles.files}>
                {openDrafts.map((open) => (
                  <li key={open.claimId} className={styles.file}>
                    <span id={`draft-${open.claimId}`}>
                      {t('claims.drafts.item', {
                        type: open.claimType
                          ? t(`claims.types.${open.claimType}`)
                          : t('claims.drafts.untyped'),
                        date: savedOn(open.updatedAt),
                        count: open.documents,
                      })}
                    </span>
                    <button
                      type="button"
                      className={styles.secondary}
                      disabled={busy}
                      aria-describedby={`draft-${open.claimId}`}
                      onClick={() => goOn(open.claimId)}
                    >
                      {t('claims.drafts.continue')}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {claimable.length > 0 ? (
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
