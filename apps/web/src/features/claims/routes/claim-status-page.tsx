import { CLAIM_TEXT_LIMITS, claimAnswerProblem } from '@lionrock/domain/claims/claim-rules';
import { claimTimeline, isClaimStatus, type TClaimStatus } from '@lionrock/domain/claims/claim-status';
import { parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiCallError } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { HolderSignIn } from '../../my-policy/components/holder-sign-in';
import {
  deleteAnswerDocument,
  fetchClaimStatus,
  fetchSession,
  sendAnswer,
  type TClaimStatusAnswer,
  type TSession,
  uploadAnswerDocument,
} from '../api/claims-api';
import styles from '../components/claims.module.css';
import { DocumentUpload } from '../components/document-upload';

/** How the mail's link came here when it could not sign in (my-policy's link page says why). */
type TStatusState = { linkFailed?: string } | null;

/**
 * /claims/status: the claim number and the same check as /my-policy, then the claim: its dates,
 * amounts, decision and timeline. `?claim=` (a claim mail's link, or the policy's list of claims) opens
 * that claim at once, after the sign-in if the session has none (issue 29). While the claims team waits
 * for more information, the page shows what they asked for and takes the answer online: documents
 * (checked before upload) and a note; sending it puts the claim back in their queue.
 */
export function ClaimStatusPage() {
  const { t } = useTranslation();
  const lang = useSystemStore((state) => state.lang);
  const [search] = useSearchParams();
  const location = useLocation();
  const linkFailed = Boolean((location.state as TStatusState)?.linkFailed);
  const asked = search.get('claim') ?? '';
  const [session, setSession] = useState<TSession | null | undefined>(undefined);
  const [claimNumber, setClaimNumber] = useState(asked);
  const [answer, setAnswer] = useState<TClaimStatusAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The answer to "more information needed" has gone: said here, as the claim is back under review. */
  const [answered, setAnswered] = useState(false);
  const opened = useRef(false);

  useEffect(() => {
    fetchSession().then(setSession, () => setSession(null));
  }, []);

  const load = useCallback(
    async (number: string) => {
      setFailure(null);
      setAnswer(null);
      setAnswered(false);
      if (!number.trim()) {
        setFailure(t('claims.errors.required'));
        return;
      }
      try {
        setAnswer(await fetchClaimStatus(number.trim()));
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
    },
    [t],
  );

  // The claim the link names opens as soon as there is a session: at once, or after the sign-in.
  useEffect(() => {
    if (!session || !asked || opened.current) return;
    opened.current = true;
    void load(asked);
  }, [session, asked, load]);

  function find(event: FormEvent) {
    event.preventDefault();
    void load(claimNumber);
  }

  const showDate = (iso: string | null) => {
    const date = iso ? parseIso(iso.slice(0, 10)) : null;
    return date ? formatDisplayDate(date, lang) : '';
  };
  /** The calendar day of an instant, in the claim's market. */
  const dayOf = (at: string | null, country: 'SGP' | 'HKG') =>
    at ? formatDisplayDate(todayIn(MARKETS[country].timeZone, new Date(at)), lang) : '';

  const reached = (answer?.events ?? []).map((event) => event.status).filter(isClaimStatus);
  const steps = claimTimeline(reached);
  const current = answer && isClaimStatus(answer.status) ? answer.status : null;

  return (
    <article className={styles.page}>
      <h1>{t('claims.status.title')}</h1>
      {session === null ? (
        <>
          {linkFailed && asked ? (
            <p className={styles.notice} role="alert">
              {t('claims.status.linkFailed', { claimNumber: asked })}
            </p>
          ) : null}
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
              <dl className={styles.summary}>
                <dt>{t('claims.status.policy')}</dt>
                <dd>{`${t(`claims.products.${answer.productType}`)} ${answer.policyNumber}`}</dd>
                <dt>{t('claims.status.type')}</dt>
                <dd>{answer.claimType ? t(`claims.types.${answer.claimType}`) : ''}</dd>
                <dt>{t('claims.status.incident')}</dt>
                <dd>{showDate(answer.incidentDate)}</dd>
                <dt>{t('claims.status.submittedOn')}</dt>
                <dd>{dayOf(answer.submittedAt, answer.country)}</dd>
                <dt>{t('claims.status.amount')}</dt>
                <dd>{answer.amountCents === null ? '' : formatMoney(answer.amountCents, answer.country)}</dd>
                {answer.amountApprovedCents !== null ? (
                  <>
                    <dt>{t('claims.status.approved')}</dt>
                    <dd>{formatMoney(answer.amountApprovedCents, answer.country)}</dd>
                  </>
                ) : null}
              </dl>
              <ol className={styles.timeline}>
                {steps.map((step: TClaimStatus) => {
                  const done = reached.includes(step);
                  const at = answer.events.filter((event) => event.status === step).at(-1)?.at ?? null;
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
                      {done && at ? ` · ${dayOf(at, answer.country)}` : ''}
                    </li>
                  );
                })}
              </ol>
            </section>
          ) : null}
          {answered ? (
            <p className={styles.notice} role="status">
              {t('claims.more.sent')}
            </p>
          ) : null}
          {answer && answer.status === 'moreInformation' ? (
            <MoreInformation
              answer={answer}
              onChange={setAnswer}
              onSent={(sent) => {
                setAnswer(sent);
                setAnswered(true);
              }}
            />
          ) : null}
          <Link to="/claims">{t('claims.status.newClaim')}</Link>
        </div>
      ) : null}
    </article>
  );
}

/**
 * "More information needed" answered online (issue 29): what the claims team asked for, the documents
 * sent since (removable until the answer goes), a note, and "Send to the claims team".
 */
function MoreInformation({
  answer,
  onChange,
  onSent,
}: {
  answer: TClaimStatusAnswer;
  onChange: (answer: TClaimStatusAnswer) => void;
  /** The answer went: the claim as it is now (back under review). */
  onSent: (answer: TClaimStatusAnswer) => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const added = answer.documents.filter((document) => document.answering);
  const earlier = answer.documents.filter((document) => !document.answering);
  const max = CLAIM_TEXT_LIMITS.answerNote;

  async function send() {
    const found = claimAnswerProblem(note, added.length);
    if (found) {
      setProblem(t(found, { max }));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onSent(await sendAnswer(answer.claimNumber, note));
    } catch (error) {
      const key = error instanceof ApiCallError ? error.messageKey : undefined;
      setProblem(t(key?.startsWith('claims.errors.') ? key : 'claims.errors.generic', { max }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="claim-more-title">
      <h2 id="claim-more-title">{t('claims.more.title')}</h2>
      <p>{t('claims.more.intro')}</p>
      <blockquote className={styles.notice}>{answer.request}</blockquote>
      {earlier.length > 0 ? (
        <>
          <h3>{t('claims.more.earlier')}</h3>
          <ul className={styles.files}>
            {earlier.map((document) => (
              <li key={document.documentId} className={styles.file}>
                {document.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <DocumentUpload
        id="claim-more-documents"
        title={t('claims.more.documents')}
        documents={added}
        upload={async (file, onProgress) =>
          onChange(await uploadAnswerDocument(answer.claimNumber, file, onProgress))
        }
        remove={async (documentId) => onChange(await deleteAnswerDocument(answer.claimNumber, documentId))}
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor="claim-answer-note">
          {t('claims.more.note')}
        </label>
        <textarea
          id="claim-answer-note"
          className={styles.textarea}
          value={note}
          aria-invalid={note.length > max ? true : undefined}
          aria-describedby="claim-answer-counter"
          onChange={(event) => setNote(event.target.value)}
        />
        <p
          id="claim-answer-counter"
          className={note.length > max ? styles.error : styles.hint}
          aria-live="polite"
        >
          {t('claims.incident.counter', { count: note.length, max })}
        </p>
      </div>
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} disabled={busy} onClick={send}>
          {t('claims.more.send')}
        </button>
      </div>
    </section>
  );
}
