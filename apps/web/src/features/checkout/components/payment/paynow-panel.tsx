import { isTestHost } from '@lionrock/domain/environment/test-host';
import { QR_VALIDITY_MS } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiCallError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { newIdempotencyKey, paymentApi } from '../../api/payment-api';
import type { TJourneyAccess } from '../../state/checkout-store';
import styles from './payment.module.css';
import { issueFailureMessage, type TShownMessage } from './payment-messages';

/** Polling: the first check after 1 second, then every second (travel-flow section 9). */
const POLL_MS = 1000;
/** The simulate link's spinner shows for 5 seconds (pa-home-payments section 9). */
const SIMULATE_SPINNER_MS = 5000;

/** `deadline`: when the QR stops being payable, on this browser's clock (ms since the epoch). */
type TQr = { image: string; txnRef: string; deadline: number };

/**
 * When a new QR expires, on this browser's clock: the expiry the server answered (decision 014), so a
 * slow answer gets no more time than the bank honours. The answer carries no server time, so the expiry
 * is used as it is, unless the clocks plainly disagree (already past, or more than 10 minutes away):
 * then, as for a missing or unparseable expiry, 10 minutes from the answer's arrival (travel-flow section 9).
 */
function qrDeadline(expiryTime: string | undefined, arrivedAt: number): number {
  const latest = arrivedAt + QR_VALIDITY_MS;
  const expiry = expiryTime ? Date.parse(expiryTime) : Number.NaN;
  return Number.isFinite(expiry) && expiry > arrivedAt ? Math.min(expiry, latest) : latest;
}

/** "09:41" */
function mmss(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * PayNow (travel-flow sections 2 and 4): the policy is set pending with a QR valid 10 minutes and a
 * countdown; on expiry the QR is dimmed and can be reloaded. The payment's state is polled until it
 * succeeds (the policy is issued and onIssued runs) or fails (the message is shown and the lifecycle
 * logged). Test hosts get a link that pays the QR as the bank would.
 */
export function PaynowPanel({
  journey,
  amount,
  onIssued,
  onFailure,
}: {
  /** The product's journey (decision 044): the policy to pay and where answers are saved. */
  journey: TJourneyAccess;
  /** The amount to pay, as the page shows it ("SGD 123.45"). */
  amount: string;
  onIssued: (policy: TPolicy) => void;
  onFailure: (message: TShownMessage, log?: { step: string; reference?: string; detail?: string }) => void;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<TQr | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [issuing, setIssuing] = useState(false);
  const [simulating, setSimulating] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [copied, setCopied] = useState(false);
  const started = useRef(false);
  const testHost = isTestHost(window.location.hostname);

  const generate = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    setQr(null);
    try {
      const policy = journey.readPolicy();
      const answer = await paymentApi.generateQr(
        { ...policy, status: undefined, payment: { ...policy.payment, paymentMethod: 'PN' } },
        newIdempotencyKey(),
      );
      if (answer.error || !answer.response) {
        // QR errors show the server's message, else the error text (travel-flow section 8).
        setFailed(true);
        onFailure({ key: answer.errorMessage || MESSAGE_KEYS.paymentFailed }, { step: 'qr-error' });
        return;
      }
      const arrivedAt = Date.now();
      journey.saveAnswer(answer.policy);
      setNow(arrivedAt);
      setQr({
        image: `data:image/png;base64,${answer.response.qrCode}`,
        txnRef: answer.response.txnRef,
        deadline: qrDeadline(answer.response.expiryTime, arrivedAt),
      });
    } catch (error) {
      setFailed(true);
      const key =
        error instanceof ApiCallError && error.messageKey ? error.messageKey : MESSAGE_KEYS.paymentFailed;
      onFailure({ key }, { step: 'qr-error', detail: error instanceof Error ? error.message : '' });
    } finally {
      setLoading(false);
    }
  }, [journey, onFailure]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void generate();
  }, [generate]);

  const remaining = qr ? Math.max(0, qr.deadline - now) : 0;
  const expired = qr !== null && remaining === 0;

  // The countdown ticks every second while the QR is valid, and once more at the very deadline.
  useEffect(() => {
    if (!qr || expired) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    const end = window.setTimeout(() => setNow(Date.now()), qr.deadline - Date.now());
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(end);
    };
  }, [qr, expired]);

  const txnRef = qr?.txnRef;
  const deadline = qr?.deadline;

  // Polling stops when the QR expires: an expired QR can never pay, and reloading starts a new QR and polling.
  useEffect(() => {
    if (!txnRef || deadline === undefined || Date.now() >= deadline) return;
    let stopped = false;
    let timer = 0;
    const isExpired = () => Date.now() >= deadline;
    const issue = async () => {
      setIssuing(true);
      try {
        const issued = await paymentApi.issueAndReceiptQrPolicy(journey.readPolicy());
        if (stopped) return;
        if (issued.status === 'issued' && issued.policyNumber) onIssued(issued);
        else
          onFailure(issueFailureMessage(issued.errorMessage), {
            step: 'issue-error',
            reference: txnRef,
            detail: issued.errorMessage ?? '',
          });
      } catch (error) {
        onFailure(issueFailureMessage((error as Error).message), { step: 'issue-error', reference: txnRef });
      } finally {
        setIssuing(false);
      }
    };
    const check = async () => {
      if (stopped || isExpired()) return;
      try {
        const state = await paymentApi.checkPaynow(journey.readPolicy(), txnRef);
        if (stopped) return;
        // Money taken is never stale: a payment made before expiry is issued even if its answer is late.
        if (state.success) {
          await issue();
          return;
        }
        // Any other answer that arrives after expiry is stale: the page already says the QR ran out.
        if (isExpired()) return;
        if (state.message === MESSAGE_KEYS.qrExpired) {
          // The server's clock decides: a QR it says has run out ends on the page too, with its reload.
          const endedAt = Date.now();
          setQr((current) => (current?.txnRef === txnRef ? { ...current, deadline: endedAt } : current));
          setNow(endedAt);
          return;
        }
        if (state.error) {
          journey.saveAnswer({ errorMessage: state.message.slice(0, 400) });
          onFailure(
            { key: state.message },
            { step: 'status-error', reference: txnRef, detail: state.message },
          );
          return;
        }
      } catch {
        // A failed check is tried again on the next tick.
      }
      if (!stopped && !isExpired()) timer = window.setTimeout(check, POLL_MS);
    };
    timer = window.setTimeout(check, POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [journey, txnRef, deadline, onIssued, onFailure]);

  const copyReference = () => {
    if (!txnRef || !navigator.clipboard) return;
    navigator.clipboard.writeText(txnRef).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  const simulate = () => {
    if (!txnRef) return;
    setSimulating(true);
    void paymentApi.simulatePaynow(txnRef).catch(() => undefined);
    window.setTimeout(() => setSimulating(false), SIMULATE_SPINNER_MS);
  };

  return (
    <section className={styles.paynow} aria-labelledby="paynow-title">
      <h2 id="paynow-title" className={styles.sectionTitle}>
        {t('payment.paynow.title')}
      </h2>
      <p className={styles.hint}>{t('payment.paynow.intro')}</p>
      <div className={styles.qrBox}>
        {qr ? (
          <img
            src={qr.image}
            alt={t('payment.paynow.qrAlt')}
            width={240}
            height={240}
            className={`${styles.qr} ${expired ? styles.dimmed : ''}`}
          />
        ) : (
          <div className={styles.qrPlaceholder} aria-hidden="true" />
        )}
        {expired || failed ? (
          <button type="button" className={styles.reload} onClick={() => void generate()}>
            {t('payment.paynow.reload')}
          </button>
        ) : null}
      </div>
      {/*
        On a phone the QR is on the screen that would scan it: the customer saves it and pays it from the
        banking app's gallery, with the amount and reference in text to check (design section 6).
      */}
      {qr && !expired ? (
        <div className={styles.paynowSave}>
          <dl className={styles.paynowFacts}>
            <div>
              <dt>{t('paynowSave.amount')}</dt>
              <dd>{amount}</dd>
            </div>
            <div>
              <dt>{t('paynowSave.reference')}</dt>
              <dd>
                <span className={styles.reference}>{qr.txnRef}</span>
                {navigator.clipboard ? (
                  <button type="button" className={styles.copy} onClick={copyReference}>
                    {t('paynowSave.copy')}
                  </button>
                ) : null}
              </dd>
            </div>
          </dl>
          <p className={styles.copied} role="status">
            {copied ? t('paynowSave.copied') : ''}
          </p>
          <a className={styles.saveQr} href={qr.image} download={`lionrock-paynow-${qr.txnRef}.png`}>
            {t('paynowSave.save')}
          </a>
          <p className={styles.hint}>{t('paynowSave.howTo')}</p>
        </div>
      ) : null}
      {/* The countdown is a timer (not read out every second); the state changes are announced. */}
      {qr && !expired ? (
        <p className={styles.countdown} role="timer" aria-atomic="true">
          {t('payment.paynow.expiresIn', { time: mmss(remaining) })}
        </p>
      ) : null}
      <p className={expired ? styles.expired : styles.waiting} role="status">
        {loading
          ? t('payment.paynow.generating')
          : expired
            ? t('payment.paynow.expired')
            : qr
              ? t('payment.paynow.waiting')
              : ''}
      </p>
      {testHost && qr && !expired ? (
        <button type="button" className={styles.linkButton} onClick={simulate} disabled={simulating}>
          {t('payment.paynow.simulate')}
        </button>
      ) : null}
      {simulating || issuing || loading ? (
        <Spinner
          label={t(
            issuing
              ? 'payment.issuing'
              : simulating
                ? 'payment.paynow.simulating'
                : 'payment.paynow.generating',
          )}
        />
      ) : null}
    </section>
  );
}
