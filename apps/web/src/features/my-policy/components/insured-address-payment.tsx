import type { TCardForm } from '@lionrock/domain/card/card';
import { todayIn } from '@lionrock/domain/dates/local-date';
import {
  INSURED_ADDRESS_MESSAGE_KEYS,
  type TCollectionResult,
  type TInsuredAddressChange,
} from '@lionrock/domain/home/address-endorsement';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from '../../../lib/i18n';
import { CardForm } from '../../checkout/components/payment/card-form';
import { gatewayFields, postToFrame } from '../../checkout/components/payment/gateway-form';
import { manageApi, type TInsuredAddressChanged, type TInsuredAddressQuote } from '../api/manage-api';
import styles from './manage-panels.module.css';
import { StepUpForm } from './step-up-form';
import { useFrameReceipt } from './use-frame-receipt';

/** The hidden frame the card is posted into; the receipt page inside it answers by postMessage. */
export const COLLECTION_FRAME = 'lionrock-endorsement-payment-frame';
/** Without an answer from the frame in this time, the payment is reported as not confirmed. */
const GATEWAY_TIMEOUT_MS = 90_000;

type TPhase = 'card' | 'step-up' | 'gateway' | 'challenge';

/**
 * A move that raises the premium, paid by card (decision 144): the payment page's own card form, then a
 * code e-mailed to the address on the policy, then the card posted with the shop's signed sale of the
 * difference into a hidden frame straight to the gateway (the card never reaches the shop). The
 * gateway's verified answer endorses the policy on the server; the receipt page in the frame says so.
 */
export function InsuredAddressPayment({
  policyId,
  country,
  change,
  quote,
  onDone,
  onCancel,
  onRefused,
}: {
  policyId: string;
  country: TCountry;
  change: TInsuredAddressChange;
  quote: TInsuredAddressQuote;
  onDone: (changed: TInsuredAddressChanged) => void;
  onCancel: () => void;
  /** A refusal of the change itself (the premium moved, a field): back to the form with it. */
  onRefused: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<TPhase>('card');
  const [message, setMessage] = useState<string | null>(null);
  const phaseRef = useRef<TPhase>('card');
  const timeout = useRef(0);
  /** The card typed, kept in this page only while the code is asked for; never sent to the shop. */
  const typedCard = useRef<TCardForm | null>(null);
  const section = useRef<HTMLDivElement>(null);
  const amount = formatMoney(quote.differenceCents, country);

  const go = useCallback((next: TPhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  const fail = useCallback(
    (key: string) => {
      window.clearTimeout(timeout.current);
      go('card');
      setMessage(t(key, { amount }));
    },
    [go, t, amount],
  );

  useFrameReceipt<TCollectionResult>(
    'lionrock-endorsement-receipt',
    () => phaseRef.current === 'gateway' || phaseRef.current === 'challenge',
    {
      onChallenge: () => go('challenge'),
      onResult: (result) => {
        // The bank asks the cardholder first (3-D Secure): its final answer comes after.
        if (result.pending) return;
        window.clearTimeout(timeout.current);
        if (!result.endorsed) {
          fail(result.messageKey ?? INSURED_ADDRESS_MESSAGE_KEYS.paymentNotVerified);
          return;
        }
        onDone({
          policyNumber: '',
          address: change,
          endorsedFrom: result.endorsedFrom,
          refund: null,
          collected: {
            amountCents: result.amountCents,
            cardLast4: result.cardLast4,
            reference: result.reference,
          },
        });
      },
    },
  );

  useEffect(() => () => window.clearTimeout(timeout.current), []);

  // The card number takes the focus when the card form opens.
  useEffect(() => {
    if (phase === 'card')
      section.current?.querySelector<HTMLInputElement>('input[autocomplete="cc-number"]')?.focus();
  }, [phase]);

  /** The card form is filled in: the payment is confirmed with a code from the policy's address first. */
  const pay = async (form: TCardForm): Promise<boolean> => {
    // One payment at a time: a double click never posts twice.
    if (phaseRef.current !== 'card') return false;
    typedCard.current = form;
    setMessage(null);
    go('step-up');
    return true;
  };

  /** With the code: the signed sale from the shop, then the card straight to the gateway's frame. */
  const confirmed = async (stepUpCode: string) => {
    const form = typedCard.current;
    if (!form || phaseRef.current !== 'step-up') return;
    // A refusal about the code stays with the code's form (it throws from here).
    const signature = await manageApi.startInsuredAddressPayment(policyId, {
      ...change,
      stepUpCode,
      expectedDifferenceCents: quote.differenceCents,
    });
    typedCard.current = null;
    if (!signature.paymentUrl) {
      fail(INSURED_ADDRESS_MESSAGE_KEYS.paymentNotVerified);
      return;
    }
    go('gateway');
    postToFrame(signature.paymentUrl, gatewayFields(signature, form), COLLECTION_FRAME);
    timeout.current = window.setTimeout(
      () => fail(INSURED_ADDRESS_MESSAGE_KEYS.paymentNotVerified),
      GATEWAY_TIMEOUT_MS,
    );
  };

  const today = todayIn(MARKETS[country].timeZone, new Date());
  const busy = phase === 'gateway' || phase === 'challenge';

  return (
    <div ref={section}>
      {phase === 'step-up' ? (
        <StepUpForm
          policyId={policyId}
          purpose="insured-address"
          confirmLabel={t('myPolicy.insuredAddress.pay', { amount })}
          onConfirm={confirmed}
          onCancel={() => {
            typedCard.current = null;
            setMessage(null);
            go('card');
          }}
          onError={(error) => {
            typedCard.current = null;
            go('card');
            onRefused(error);
          }}
        />
      ) : (
        <>
          <p className={styles.intro}>{t('myPolicy.insuredAddress.payIntro', { amount })}</p>
          {message ? (
            <p className={styles.formError} role="alert">
              {message}
            </p>
          ) : null}
          <CardForm today={today} busy={busy} amount={amount} onPay={pay} />
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} disabled={busy} onClick={onCancel}>
              {t('myPolicy.contact.cancel')}
            </button>
          </div>
        </>
      )}
      {phase === 'gateway' ? <Spinner label={t('myPolicy.insuredAddress.paying')} /> : null}
      {/* The gateway's frame: hidden while it works, a dialog when the bank asks the cardholder. */}
      <Modal
        open={phase === 'challenge'}
        title={t('myPolicy.card.challengeTitle')}
        onClose={() => {
          if (phaseRef.current === 'challenge') fail(INSURED_ADDRESS_MESSAGE_KEYS.paymentNotVerified);
        }}
      >
        <p className={styles.intro}>{t('myPolicy.insuredAddress.challengeText')}</p>
        <iframe name={COLLECTION_FRAME} title={t('myPolicy.card.frame')} className={styles.frame} />
      </Modal>
    </div>
  );
}
