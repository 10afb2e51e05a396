import { normaliseCardHolderName, type TCardForm } from '@lionrock/domain/card/card';
import { validateDeclarations } from '@lionrock/domain/consents/consents';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { showsPaymentMethodSelector } from '@lionrock/domain/display/price-display';
import { MARKETS } from '@lionrock/domain/market/market';
import type { TPaymentResult } from '@lionrock/domain/payments/gateway-decision';
import { isAutoRenewalOn, isPaid, validatePaymentStart } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { ApiCallError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { newIdempotencyKey, paymentApi, usePaynowAvailable } from '../api/payment-api';
import { partOf, type TCheckoutPolicy, type TCheckoutProduct, type TPolicyPart } from '../checkout-product';
import { CardForm } from '../components/payment/card-form';
import { GATEWAY_FRAME, gatewayFields, postToFrame } from '../components/payment/gateway-form';
import {
  issueFailureMessage,
  receiptFailureMessage,
  type TShownMessage,
  useMessageText,
} from '../components/payment/payment-messages';
import { MethodSelector, PaymentSummary } from '../components/payment/payment-summary';
import { PaynowPanel } from '../components/payment/paynow-panel';
import { useLeaveWarning } from '../components/payment/use-leave-warning';
import { planPrice } from '../components/summary/plan-price';
import { useErrorTitle } from '../hooks/use-error-title';
import { checkoutActions } from '../state/checkout-store';
import styles from './checkout-page.module.css';

/** Without an answer from the gateway frame in this time, the attempt is reported as failed. */
const GATEWAY_TIMEOUT_MS = 90_000;
/** The message of a post that never reached the gateway (decision 036): shown at once, not after the timeout. */
const GATEWAY_UNREACHABLE = 'gatewayReach.unreachable';

type TPhase = 'idle' | 'starting' | 'gateway' | 'challenge' | 'issuing';
type TLog = { step: string; reference?: string | undefined; detail?: string | undefined };

type TProductProps<P extends TPolicyPart> = { product: TCheckoutProduct<P> };

/**
 * The payment page of every product (travel-flow section 2, Payment; decision 044). It needs a
 * confirmed policy (both declarations given); a paid one goes to the finish page.
 */
export function PaymentPage<P extends TPolicyPart>({ product }: TProductProps<P>) {
  useErrorTitle(product.errorTitleKey);
  const policy = product.useJourney((state) => state.policy);
  const own = partOf(product, policy);
  if (isPaid(policy) && policy.policyNumber) return <Navigate to={product.paths.finish} replace />;
  const declared = policy.consents && Object.keys(validateDeclarations(policy.consents)).length === 0;
  if (!policy.policyId || !own.applicant || !own.policyPremium || !declared)
    return <Navigate to={product.paths.confirm} replace />;
  return <Payment product={product} policy={policy} />;
}

function isReceipt(data: unknown): data is { source: 'lionrock-receipt'; result: TPaymentResult } {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === 'lionrock-receipt' &&
    typeof (data as { result?: unknown }).result === 'object'
  );
}

function Payment<P extends TPolicyPart>({
  product,
  policy,
}: TProductProps<P> & { policy: TCheckoutPolicy<P> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const textOf = useMessageText();
  const campaignCode = product.useJourney((state) => state.campaign?.campaignCode);
  const journey = useMemo(() => checkoutActions(product.useJourney, product.part), [product]);
  const { saveAnswer, readPolicy } = journey;
  const premium = partOf(product, policy).policyPremium;
  const country = policy.country ?? 'SGP';
  const paynow = usePaynowAvailable(country);
  const renewalOn = isAutoRenewalOn(policy as TPolicy);
  const paynowOffered =
    showsPaymentMethodSelector(paynow.available, renewalOn) &&
    validatePaymentStart(policy as TPolicy, 'PN', { paynowAvailable: paynow.available }) === null;
  const [method, setMethod] = useState<'CC' | 'PN'>('CC');
  const [phase, setPhase] = useState<TPhase>('idle');
  const [messages, setMessages] = useState<string[]>([]);
  const phaseRef = useRef<TPhase>('idle');
  const reference = useRef<string | undefined>(undefined);
  const timeout = useRef(0);
  const frame = useRef<HTMLIFrameElement>(null);
  /** The gateway's origin of the attempt in flight; undefined before a post. */
  const gatewayOrigin = useRef<string | undefined>(undefined);
  const amount = premium ? planPrice(premium, country, campaignCode).total : '';

  useLeaveWarning(t('payment.leaveWarning'));

  const go = useCallback((next: TPhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  /** Shows the message and logs the attempt's lifecycle (no card data); a failed log is shown too. */
  const fail = useCallback(
    (message: TShownMessage, log?: TLog) => {
      window.clearTimeout(timeout.current);
      phaseRef.current = 'idle';
      setPhase('idle');
      const shown = [textOf(message)];
      setMessages(shown);
      if (!log) return;
      const stored = readPolicy();
      paymentApi
        .logLifecycle({
          policyId: stored.policyId,
          paymentReferenceNumber: log.reference ?? stored.payment?.paymentReferenceNumber,
          paymentMethod: stored.payment?.paymentMethod ?? 'CC',
          step: log.step,
          messageKey: message.key.slice(0, 100),
          ...(message.values?.code ? { reasonCode: message.values.code } : {}),
          ...(log.detail ? { detail: log.detail.slice(0, 200) } : {}),
        })
        .catch(() => setMessages([...shown, t('paymentError.logLifecycleFailed')]));
    },
    [readPolicy, t, textOf],
  );

  const finish = useCallback(
    (issued: TPolicy) => {
      saveAnswer(issued);
      navigate(product.paths.finish);
    },
    [navigate, product, saveAnswer],
  );

  const issue = useCallback(
    async (result: Pick<TPaymentResult, 'paymentReferenceNumber'>) => {
      go('issuing');
      const stored = readPolicy();
      try {
        const issued = await paymentApi.issueAndReceiptPolicy({
          ...stored,
          paymentSuccess: 'true',
          payment: { ...stored.payment, paymentReferenceNumber: result.paymentReferenceNumber },
        });
        if (issued.status === 'issued' && issued.policyNumber) finish(issued);
        else
          fail(issueFailureMessage(issued.errorMessage), {
            step: 'issue-error',
            reference: result.paymentReferenceNumber,
            detail: issued.errorMessage,
          });
      } catch (error) {
        fail(issueFailureMessage((error as Error).message), {
          step: 'issue-error',
          reference: result.paymentReferenceNumber,
        });
      }
    },
    [fail, finish, go, readPolicy],
  );

  // The receipt page in the frame answers by postMessage; only the shop's own origin is listened to.
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !event.data) return;
      const waiting = phaseRef.current === 'gateway' || phaseRef.current === 'challenge';
      if (!waiting) return;
      const data = event.data as { source?: string; type?: string };
      if (data.source === 'lionrock-test-gateway' && data.type === 'challenge') {
        go('challenge');
        return;
      }
      if (!isReceipt(event.data)) return;
      window.clearTimeout(timeout.current);
      const { result } = event.data;
      if (result.paid) {
        void issue(result);
        return;
      }
      fail(receiptFailureMessage(result), {
        step: 'gateway-answer',
        reference: result.paymentReferenceNumber,
        detail: `${result.outcome} ${result.reasonCode ?? ''}`.trim(),
      });
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [fail, issue, go]);

  useEffect(() => () => window.clearTimeout(timeout.current), []);

  /** A post that cannot reach the gateway fails at once with a clear message, not after 90 s (decision 036). */
  const unreachable = useCallback(
    (detail: string) => {
      const waiting = phaseRef.current === 'gateway' || phaseRef.current === 'challenge';
      if (!waiting || !gatewayOrigin.current) return;
      gatewayOrigin.current = undefined;
      fail(
        { key: GATEWAY_UNREACHABLE },
        { step: 'gateway-unreachable', reference: reference.current, detail },
      );
    },
    [fail],
  );

  // The page's own policy refusing the post or the frame (form-action, frame-src).
  useEffect(() => {
    const refused = (event: SecurityPolicyViolationEvent) => {
      const directive = event.effectiveDirective || event.violatedDirective;
      if (directive.startsWith('form-action') || directive.startsWith('frame-src'))
        unreachable(`blocked by ${directive}`);
    };
    document.addEventListener('securitypolicyviolation', refused);
    return () => document.removeEventListener('securitypolicyviolation', refused);
  }, [unreachable]);

  /**
   * Every page of a same-origin gateway (the built-in one), its answer and the receipt are the shop's
   * own: a frame that loads anything the page cannot read is the browser's error page (refused,
   * offline, aborted).
   */
  const frameLoaded = () => {
    if (gatewayOrigin.current !== window.location.origin) return;
    let readable = false;
    try {
      readable = frame.current?.contentWindow?.location.origin === window.location.origin;
    } catch {
      readable = false;
    }
    if (!readable) unreachable('the gateway frame showed an error page');
  };

  const payByCard = async (card: TCardForm): Promise<boolean> => {
    // One attempt at a time: a double click never pays twice.
    if (phaseRef.current !== 'idle') return false;
    go('starting');
    setMessages([]);
    const stored = readPolicy();
    let answer: Awaited<ReturnType<typeof paymentApi.updateToPending>>;
    try {
      answer = await paymentApi.updateToPending(
        {
          ...stored,
          status: undefined,
          payment: {
            ...stored.payment,
            paymentMethod: 'CC',
            paymentCreditCardName: normaliseCardHolderName(card.cardHolderName).slice(0, 50),
          },
        },
        newIdempotencyKey(),
      );
    } catch (error) {
      const body =
        error instanceof ApiCallError ? (error.body as { policy?: TPolicy } | undefined) : undefined;
      if (error instanceof ApiCallError && error.messageKey === MESSAGE_KEYS.paymentAlreadyMade) {
        void issue({ paymentReferenceNumber: stored.payment?.paymentReferenceNumber ?? '' });
        return false;
      }
      // A changed price comes back with the re-rated policy: the page shows the new amount.
      if (body?.policy) saveAnswer(body.policy);
      const key =
        error instanceof ApiCallError && error.messageKey ? error.messageKey : MESSAGE_KEYS.paymentFailed;
      fail({ key });
      return false;
    }
    if (!answer.paymentSignature?.paymentUrl) {
      fail({ key: answer.policy?.errorMessage || MESSAGE_KEYS.paymentFailed });
      return false;
    }
    saveAnswer(answer.policy);
    reference.current = answer.policy.payment?.paymentReferenceNumber;
    go('gateway');
    gatewayOrigin.current = new URL(answer.paymentSignature.paymentUrl, window.location.href).origin;
    postToFrame(answer.paymentSignature.paymentUrl, gatewayFields(answer.paymentSignature, card));
    timeout.current = window.setTimeout(
      () =>
        fail({ key: MESSAGE_KEYS.paymentFailed }, { step: 'gateway-timeout', reference: reference.current }),
      GATEWAY_TIMEOUT_MS,
    );
    return true;
  };

  const today = todayIn(MARKETS[country].timeZone, new Date());
  const busy = phase !== 'idle';
  const spinnerLabel =
    phase === 'starting'
      ? t('payment.starting')
      : phase === 'gateway'
        ? t('payment.waitingForBank')
        : phase === 'issuing'
          ? t('payment.issuing')
          : null;

  return (
    <div className={styles.page}>
      <Stepper current={5} steps={product.steps} />
      <h1 className={styles.title}>{t('payment.title')}</h1>
      <p className={styles.intro}>{t('payment.intro')}</p>
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <PaymentSummary product={product} policy={policy} />
        </aside>
        <div className={styles.main}>
          {/* The ways to pay are drawn once PayNow's status is known: a selector appearing above a card
              form already drawn would move its Pay button under the customer's finger. */}
          {paynow.loaded ? null : <Spinner inline label={t('payment.loadingMethods')} />}
          {paynow.loaded && paynowOffered ? (
            <MethodSelector method={method} onChange={setMethod} disabled={busy} />
          ) : null}
          {messages.length > 0 ? (
            <div className={styles.failure} role="alert">
              {messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}
          {!paynow.loaded ? null : method === 'PN' && paynowOffered ? (
            <PaynowPanel journey={journey} amount={amount} onIssued={finish} onFailure={fail} />
          ) : (
            <section className={styles.cardSection} aria-labelledby="card-title">
              <h2 id="card-title" className={styles.sectionTitle}>
                {t('payment.card.title')}
              </h2>
              <p className={styles.secure}>{t('payment.card.secure')}</p>
              <CardForm today={today} busy={busy} amount={amount} onPay={payByCard} />
            </section>
          )}
        </div>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.back}
          disabled={busy}
          onClick={() => navigate(product.paths.confirm)}
        >
          {t('payment.back')}
        </button>
      </div>
      {spinnerLabel ? <Spinner label={spinnerLabel} /> : null}
      {/* The gateway's frame: hidden while it works, a dialog when the bank asks the cardholder (3-D Secure). */}
      <Modal
        open={phase === 'challenge'}
        title={t('payment.challengeTitle')}
        onClose={() => {
          if (phaseRef.current === 'challenge')
            fail(
              { key: 'payment.challengeClosed' },
              { step: 'challenge-closed', reference: reference.current },
            );
        }}
      >
        <p className={styles.hint}>{t('payment.challengeText')}</p>
        <iframe
          ref={frame}
          name={GATEWAY_FRAME}
          title={t('payment.gatewayFrame')}
          className={styles.gatewayFrame}
          onLoad={frameLoaded}
        />
      </Modal>
    </div>
  );
}
