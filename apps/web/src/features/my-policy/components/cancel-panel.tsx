import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { CANCELLATION_REASON_MAX_LENGTH } from '@lionrock/domain/self-service/cancellation-rules';
import { useEffect, useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { ApiCallError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { cancelPolicy, fetchCancellation, type TCancellationView } from '../api/cancel-api';
import styles from './cancel-panel.module.css';
import { refundLine } from './refund-line';
import { StepUpForm } from './step-up-form';

const countryOf = (currency: string): TCountry => (currency === 'HKD' ? 'HKG' : 'SGP');

type TState =
  | { kind: 'loading' }
  | { kind: 'load-error' }
  | { kind: 'quote'; view: TCancellationView }
  | { kind: 'cancelled'; view: TCancellationView };

/**
 * Free-look or short-period cancellation of one policy (decision 071): what cancelling today refunds,
 * or why it cannot be done online; the spec's "Are you sure?"; progress while it is done; then the
 * refund's way back (the card, or a transfer arranged by operations).
 */
export function CancelPanel({
  policyId,
  onCancelled,
}: {
  policyId: string;
  onCancelled?: (view: TCancellationView) => void;
}) {
  const { t, exists } = useTranslation();
  const [state, setState] = useState<TState>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  /** "Are you sure?" answered yes: the code from the policy's address comes next (decision 102). */
  const [stepUp, setStepUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const headingId = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetchCancellation(policyId, controller.signal).then(
      (view) => setState({ kind: view.status === 'cancelled' ? 'cancelled' : 'quote', view }),
      (failure: unknown) => {
        if (!controller.signal.aborted && (failure as Error).name !== 'AbortError')
          setState({ kind: 'load-error' });
      },
    );
    return () => controller.abort();
  }, [policyId]);

  /** The cancellation itself, with the code; a refusal about the code stays in the code's form. */
  const submit = async (stepUpCode: string) => {
    setBusy(true);
    setError('');
    try {
      const view = await cancelPolicy(policyId, stepUpCode, reason);
      setConfirming(false);
      setStepUp(false);
      setState({ kind: 'cancelled', view });
      onCancelled?.(view);
    } finally {
      setBusy(false);
    }
  };
  const refused = (failure: unknown) => {
    setStepUp(false);
    const key = failure instanceof ApiCallError ? failure.messageKey : undefined;
    setError(key && exists(key) ? t(key) : t('myPolicy.cancel.error'));
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('myPolicy.cancel.title')}
      </h2>
      {state.kind === 'loading' && <Spinner inline label={t('myPolicy.cancel.loading')} />}
      {state.kind === 'load-error' && (
        <p className={styles.error} role="alert">
          {t('myPolicy.cancel.loadError')}
        </p>
      )}
      {state.kind === 'quote' && (
        <Quote
          view={state.view}
          onCancel={() => {
            setError('');
            setConfirming(true);
          }}
        />
      )}
      {state.kind === 'cancelled' && <Outcome view={state.view} />}
      {state.kind === 'quote' && (
        <Modal
          open={confirming}
          onClose={() => {
            if (busy) return;
            setConfirming(false);
            setStepUp(false);
          }}
          title={t('myPolicy.cancel.confirmTitle')}
          size="small"
        >
          {stepUp ? (
            <div className={styles.modalBody}>
              <StepUpForm
                policyId={policyId}
                purpose="cancellation"
                confirmLabel={t('myPolicy.cancel.confirm')}
                onConfirm={submit}
                onCancel={() => {
                  setStepUp(false);
                  setConfirming(false);
                }}
                onError={refused}
              />
              {busy && <Spinner label={t('myPolicy.cancel.cancelling')} />}
            </div>
          ) : (
            <div className={styles.modalBody}>
              <p className={styles.text}>
                {t('myPolicy.cancel.confirmText', {
                  number: state.view.policyNumber,
                  amount: formatMoney(state.view.refundCents, countryOf(state.view.currency)),
                })}
              </p>
              <div className={styles.field}>
                <label className={styles.label} htmlFor={reasonId}>
                  {t('myPolicy.cancel.reasonLabel')}
                </label>
                <textarea
                  id={reasonId}
                  className={styles.reason}
                  maxLength={CANCELLATION_REASON_MAX_LENGTH}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              </div>
              {error && (
                <p className={styles.error} role="alert">
                  {error}
                </p>
              )}
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.keep}
                  disabled={busy}
                  onClick={() => setConfirming(false)}
                >
                  {t('myPolicy.cancel.keep')}
                </button>
                <button
                  type="button"
                  className={styles.confirm}
                  disabled={busy}
                  onClick={() => {
                    setError('');
                    setStepUp(true);
                  }}
                >
                  {t('myPolicy.cancel.continue')}
                </button>
              </div>
            </div>
          )}
        </Modal>
      )}
    </section>
  );
}

function Quote({ view, onCancel }: { view: TCancellationView; onCancel: () => void }) {
  const { t } = useTranslation();
  const amount = formatMoney(view.refundCents, countryOf(view.currency));
  if (!view.allowed)
    return (
      <p className={styles.text} role="status">
        {t(view.reasonKey, { defaultValue: t('myPolicy.cancel.reason.notIssued') })}
      </p>
    );
  const offer =
    view.basis === 'short-period'
      ? t('myPolicy.cancel.shortPeriod', { amount })
      : view.reasonKey.endsWith('.notStarted')
        ? t('myPolicy.cancel.notStarted', { amount })
        : t('myPolicy.cancel.freeLook', { amount, date: view.freeLookEnds });
  return (
    <>
      <p className={styles.text}>{offer}</p>
      <p className={styles.muted}>
        {view.paymentMethod === 'PN'
          ? t('myPolicy.cancel.byTransfer')
          : view.cardLast4
            ? t('myPolicy.cancel.toCard', { last4: view.cardLast4 })
            : ''}{' '}
        {t('myPolicy.cancel.effect')}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.cancel} onClick={onCancel}>
          {t('myPolicy.cancel.button')}
        </button>
      </div>
    </>
  );
}

function Outcome({ view }: { view: TCancellationView }) {
  const { t } = useTranslation();
  const refund = view.refund;
  const amount = formatMoney(refund?.amountCents ?? 0, countryOf(view.currency));
  const last4 = view.cardLast4;
  const line = refund ? refundLine(t, refund, { amount, last4 }) : t('myPolicy.cancel.noRefund');
  return (
    <div role="status">
      <p className={styles.done}>{t('myPolicy.cancel.done')}</p>
      <p className={styles.text}>{line}</p>
      {refund ? (
        <p className={styles.text}>{t('myPolicy.cancel.refundReference', { reference: refund.reference })}</p>
      ) : null}
      <p className={styles.muted}>{t('myPolicy.cancel.mailed')}</p>
    </div>
  );
}
