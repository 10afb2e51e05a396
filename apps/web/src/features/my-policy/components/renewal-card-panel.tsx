import type { TCardForm } from '@lionrock/domain/card/card';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { ApiCallError } from '../../../lib/api-client';
import { loadPageTexts, useTranslation } from '../../../lib/i18n';
import { CardForm } from '../../checkout/components/payment/card-form';
import { gatewayFields, postToFrame } from '../../checkout/components/payment/gateway-form';
import { manageApi, type TCardChangeResult, type TRenewalCard } from '../api/manage-api';
import styles from './manage-panels.module.css';
import { StepUpForm } from './step-up-form';
import { useFrameReceipt } from './use-frame-receipt';

/** The hidden frame the card is posted into; the card receipt page inside it answers by postMessage. */
export const CARD_FRAME = 'lionrock-renewal-card-frame';
/** Without an answer from the frame in this time, the change is reported as failed (as the payment page does). */
const GATEWAY_TIMEOUT_MS = 90_000;

type TPhase = 'idle' | 'form' | 'step-up' | 'starting' | 'gateway' | 'challenge';

/**
 * The card the renewals are charged to (decisions 069 and 102): the payment page's own card form, then
 * a code e-mailed to the address on the policy, then the card posted with a signed token-only request
 * into a hidden frame straight to the gateway, so the card never reaches the shop; the verified answer
 * comes back from the receipt page in the frame. Nothing is charged.
 */
export function RenewalCardPanel({
  policyId,
  card,
  changeable = true,
  country = 'SGP',
  onChanged,
}: {
  policyId: string;
  card: TRenewalCard | null;
  /** False where the policy cannot renew by card (single trip, corporate, PayNow). */
  changeable?: boolean;
  country?: TCountry;
  onChanged?: (card: TRenewalCard) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState<TRenewalCard | null>(card);
  const [phase, setPhase] = useState<TPhase>('idle');
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);
  const phaseRef = useRef<TPhase>('idle');
  const timeout = useRef(0);
  /** The card typed, kept in this page only while the step-up code is asked for; never sent to the shop. */
  const typedCard = useRef<TCardForm | null>(null);

  const go = useCallback((next: TPhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  const fail = useCallback(
    (key: string) => {
      window.clearTimeout(timeout.current);
      go('form');
      setMessage({ kind: 'error', text: t(key) });
    },
    [go, t],
  );

  useFrameReceipt<TCardChangeResult>(
    'lionrock-card-receipt',
    () => phaseRef.current === 'gateway' || phaseRef.current === 'challenge',
    {
      onChallenge: () => go('challenge'),
      onResult: (result) => {
        window.clearTimeout(timeout.current);
        if (result.stored && result.maskedCard) {
          const saved = { masked: result.maskedCard, expiry: result.cardExpiry ?? '' };
          setShown(saved);
          go('idle');
          setMessage({ kind: 'done', text: t('myPolicy.card.saved', { card: result.maskedCard }) });
          onChanged?.(saved);
          return;
        }
        fail(result.messageKey ?? 'myPolicy.card.errors.notVerified');
      },
    },
  );

  useEffect(() => () => window.clearTimeout(timeout.current), []);

  const section = useRef<HTMLElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  // The card number when the form opens; Change card again when it closes (saved or cancelled).
  const shownForm = phase !== 'idle';
  const wasShown = useRef(shownForm);
  useEffect(() => {
    if (wasShown.current === shownForm) return;
    wasShown.current = shownForm;
    if (shownForm)
      section.current?.querySelector<HTMLInputElement>('input[autocomplete="cc-number"]')?.focus();
    else changeButton.current?.focus();
  }, [shownForm]);

  const open = async () => {
    setMessage(null);
    // The card form's texts are the payment page's (the pages part of the catalogue).
    await loadPageTexts();
    go('form');
  };

  /** The card form is filled in: the change is confirmed with a code from the policy's address first. */
  const save = async (form: TCardForm): Promise<boolean> => {
    // One change at a time: a double click never posts twice.
    if (phaseRef.current !== 'form') return false;
    typedCard.current = form;
    setMessage(null);
    go('step-up');
    return true;
  };

  /** With the code: the signed request from the shop, then the card straight to the gateway's frame. */
  const confirmed = async (stepUpCode: string) => {
    const form = typedCard.current;
    if (!form || phaseRef.current !== 'step-up') return;
    // A refusal about the code stays with the code's form (it throws from here).
    const signature = await manageApi.startCardChange(policyId, stepUpCode);
    typedCard.current = null;
    if (!signature.paymentUrl) {
      fail('myPolicy.card.errors.failed');
      return;
    }
    go('gateway');
    postToFrame(signature.paymentUrl, gatewayFields(signature, form), CARD_FRAME);
    timeout.current = window.setTimeout(() => fail('myPolicy.card.errors.timeout'), GATEWAY_TIMEOUT_MS);
  };

  const today = todayIn(MARKETS[country].timeZone, new Date());
  const busy = phase === 'starting' || phase === 'gateway' || phase === 'challenge';
  const spinner =
    phase === 'starting'
      ? t('myPolicy.card.starting')
      : phase === 'gateway'
        ? t('myPolicy.card.waiting')
        : null;

  return (
    <section ref={section} className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('myPolicy.card.title')}
      </h2>
      <p>
        {shown
          ? t('myPolicy.card.current', { card: shown.masked, expiry: shown.expiry })
          : t('myPolicy.card.none')}
      </p>
      {!changeable ? <p className={styles.intro}>{t('myPolicy.card.notChangeable')}</p> : null}
      <div role="status" aria-live="polite">
        {message?.kind === 'done' ? <p className={styles.success}>{message.text}</p> : null}
      </div>
      {message?.kind === 'error' ? (
        <p className={styles.formError} role="alert">
          {message.text}
        </p>
      ) : null}
      {changeable && phase === 'idle' ? (
        <button ref={changeButton} type="button" className={styles.secondary} onClick={() => void open()}>
          {t('myPolicy.card.change')}
        </button>
      ) : null}
      {changeable && phase === 'step-up' ? (
        <StepUpForm
          policyId={policyId}
          purpose="renewal-card"
          confirmLabel={t('myPolicy.card.save')}
          onConfirm={confirmed}
          onCancel={() => {
            typedCard.current = null;
            setMessage(null);
            go('idle');
          }}
          onError={(error) => {
            typedCard.current = null;
            fail(
              error instanceof ApiCallError && error.messageKey
                ? error.messageKey
                : 'myPolicy.card.errors.failed',
            );
          }}
        />
      ) : null}
      {changeable && phase !== 'idle' && phase !== 'step-up' ? (
        <>
          <p className={styles.intro}>{t('myPolicy.card.intro')}</p>
          <CardForm today={today} busy={busy} amount="" submitLabel={t('myPolicy.card.save')} onPay={save} />
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() => {
                setMessage(null);
                go('idle');
              }}
            >
              {t('myPolicy.card.cancel')}
            </button>
          </div>
        </>
      ) : null}
      {spinner ? <Spinner label={spinner} /> : null}
      {/* The gateway's frame: hidden while it works, a dialog when the bank asks the cardholder. */}
      <Modal
        open={phase === 'challenge'}
        title={t('myPolicy.card.challengeTitle')}
        onClose={() => {
          if (phaseRef.current === 'challenge') fail('myPolicy.card.errors.notVerified');
        }}
      >
        <p className={styles.intro}>{t('myPolicy.card.challengeText')}</p>
        <iframe name={CARD_FRAME} title={t('myPolicy.card.frame')} className={styles.frame} />
      </Modal>
    </section>
  );
}
