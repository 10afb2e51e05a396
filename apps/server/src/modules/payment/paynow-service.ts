import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { formatPlainAmount } from '@lionrock/domain/money/money';
import { parseGatewayAmount } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { NO_PAUSES, type TPausePoints } from '../../lib/pause-points.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import { buildPaynowPayload, PAYNOW_QR_QUIET_ZONE_MODULES } from '../../payments/paynow/sgqr.ts';
import { REFERENCE_PATTERN, type TCardPaymentService, type TPaymentResult } from './card-payment-service.ts';
import type { TIssuanceService } from './issuance-service.ts';
import type { TPaymentRepository, TPaymentStatus } from './payment-repository.ts';
import type { TPaynowCreditDecision, TPaynowCreditRepository } from './paynow-credit-repository.ts';

/** The bank's notification of a PayNow credit (our reference is the QR's bill number). */
export const ZPaynowNotificationSchema = z.object({
  txnRef: z.string().regex(REFERENCE_PATTERN),
  amount: z.string().regex(/^\d{1,9}\.\d{2}$/),
  currency: z.literal('SGD'),
  bankTransactionId: z.string().min(1).max(64),
  paidAt: z.iso.datetime(),
});
export type TPaynowNotification = z.infer<typeof ZPaynowNotificationSchema>;

export const PAYNOW_SIGNATURE_HEADER = 'x-paynow-signature';

/** The states in which a QR still waits for its money: a credit to it is its payment (decision 034). */
const OPEN_QR_STATUSES: TPaymentStatus[] = ['pending', 'expired', 'voided', 'declined'];

function readNotification(rawBody: string): TPaynowNotification | null {
  try {
    return ZPaynowNotificationSchema.parse(JSON.parse(rawBody));
  } catch {
    return null;
  }
}

export function signNotification(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/**
 * PayNow (design section 6): a pending policy with a 10-minute SGQR, the bank's HMAC-signed
 * notification, the status the payment page polls, and — on test hosts only — a simulated payment.
 */
export function createPaynowService(deps: {
  config: TConfig;
  db: TDb;
  repository: TPaymentRepository;
  credits: TPaynowCreditRepository;
  card: TCardPaymentService;
  issuance: TIssuanceService;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Test-only pause points (decision 108). */
  pause?: TPausePoints;
}) {
  const { repository, credits } = deps;
  const pause = deps.pause ?? NO_PAUSES;
  const webhookSecret = () => sharedSecret(deps.db, 'paynow-webhook', deps.config.paynow.webhookSecret);

  /**
   * The bank's credit notification (decision 034): once its signature is verified it is stored, whatever
   * it says, and ends in an issued policy or an operations case. Only the QR's first credit of the
   * QR's exact amount is its payment; a second credit, another amount, an unknown reference or a
   * notification that cannot be read is a refund or review case. The same delivery twice is one credit.
   */
  async function notify(rawBody: string, signature: string | undefined): Promise<{ recorded: boolean }> {
    const expected = Buffer.from(signNotification(rawBody, await webhookSecret()), 'utf8');
    const given = Buffer.from(signature ?? '', 'utf8');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      deps.log.warn('PayNow notification with a bad signature ignored');
      throw new ApiError(401, 'The notification signature is not valid.', { field: PAYNOW_SIGNATURE_HEADER });
    }
    const parsed = readNotification(rawBody);
    const amountCents = parsed ? parseGatewayAmount(parsed.amount) : null;
    const credited = parsed && {
      bankTransactionId: parsed.bankTransactionId,
      amountCents,
      paidAt: parsed.paidAt,
    };
    // The bank has sent the money and its word; the shop has stored nothing of it yet (decision 108).
    await pause('paynow-credit-before-record', parsed?.txnRef ?? 'unreadable');
    const result = await credits.recordPaynowCredit(
      {
        bodySha256: createHash('sha256').update(rawBody, 'utf8').digest('hex'),
        // What the schema reads (nothing about the payer); the body itself only when it cannot be read.
        notification: parsed ? JSON.stringify(parsed) : rawBody.slice(0, 8000),
        bankTransactionId: parsed?.bankTransactionId ?? null,
        txnRef: parsed?.txnRef ?? null,
        amountCents,
        currency: parsed?.currency ?? null,
        paidAt: parsed ? new Date(parsed.paidAt) : null,
      },
      (payment): TPaynowCreditDecision => {
        if (!parsed)
          return {
            outcome: 'unreadable',
            alerts: [
              { kind: 'review', detail: { reason: 'a verified notification that is not a PayNow credit' } },
            ],
          };
        if (payment?.method !== 'PN')
          return {
            outcome: 'unknown_reference',
            alerts: [
              { kind: 'refund', detail: { reason: 'unknown reference', txnRef: parsed.txnRef, ...credited } },
            ],
          };
        // The QR's payment has its money already: this is a second transfer, and goes back.
        if (
          payment.gatewayTransactionId !== null ||
          !OPEN_QR_STATUSES.includes(payment.status as TPaymentStatus)
        )
          return {
            outcome: 'extra_credit',
            alerts: [
              {
                kind: 'refund',
                detail: {
                  reason: 'a second credit for a QR already paid',
                  paymentStatus: payment.status,
                  ...credited,
                },
              },
            ],
          };
        const answer = {
          gatewayTransactionId: `PAYNOW:${parsed.bankTransactionId}`,
          decision: 'ACCEPT',
          authorisedCents: amountCents,
          gatewayAnswer: parsed,
        };
        if (amountCents !== payment.amountCents)
          return {
            outcome: 'amount_differs',
            payment: { ...answer, status: 'refund_due', reasonCode: 110 },
            alerts: [
              {
                kind: 'refund',
                detail: { reason: 'amount differs', expectedCents: payment.amountCents, ...credited },
              },
            ],
          };
        // Banks accept a transfer after our 10 minutes, or to a QR a newer one replaced: the money is kept.
        const late = payment.status !== 'pending' || payment.expiresAt.getTime() < deps.now().getTime();
        return {
          outcome: 'applied',
          payment: { ...answer, status: 'paid', reasonCode: 100 },
          alerts: late
            ? [{ kind: 'late_payment', detail: { previousStatus: payment.status, ...credited } }]
            : [],
        };
      },
    );
    const { credit } = result;
    deps.log.info(
      { txnRef: credit.txnRef, creditId: credit.id, outcome: credit.outcome, repeated: !result.stored },
      'PayNow notification',
    );
    if (credit.outcome === 'unreadable')
      throw new ApiError(400, 'The notification is not a PayNow credit.', { field: 'body' });
    // Issuing is idempotent: a repeated delivery of the applied credit finishes an issue a crash cut short.
    if (credit.outcome === 'applied' && credit.paymentId) await deps.issuance.issuePayment(credit.paymentId);
    return { recorded: result.stored };
  }

  return {
    notify,

    /** updateToPendingGenerateQR: the pending policy and a new QR (any older QR of the policy is voided). */
    async generateQr(policy: TPolicy, sessionName: string) {
      const started = await deps.card.startPayment(policy, sessionName, 'PN');
      if (started.kind === 'refused')
        return { policy: started.refused, error: true, errorMessage: started.refused.errorMessage ?? '' };
      const payload = buildPaynowPayload({
        uen: deps.config.paynow.uen,
        amount: formatPlainAmount(started.amountCents),
        merchantName: deps.config.paynow.merchantName,
        merchantCity: 'Singapore',
        txnRef: started.referenceNumber,
        expiryDate: formatIso(todayIn(MARKETS.SGP.timeZone, started.expiresAt)).replaceAll('-', ''),
      });
      const png = await QRCode.toBuffer(payload, {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: PAYNOW_QR_QUIET_ZONE_MODULES,
        width: 320,
      });
      return {
        policy: started.answer,
        response: {
          qrCode: png.toString('base64'),
          txnRef: started.referenceNumber,
          expiryTime: started.expiresAt.toISOString(),
        },
        policyNumber: '',
        error: false,
        errorMessage: '',
      };
    },

    /** checkB2CPaymentSuccess: success / error / message from the stored state of the caller's payment. */
    async check(
      policy: TPolicy,
      sessionName: string,
    ): Promise<{ success: boolean; error: boolean; message: string; result: TPaymentResult }> {
      const reference = policy.payment?.paymentReferenceNumber;
      if (!reference || !REFERENCE_PATTERN.test(reference))
        throw new ApiError(400, 'payment.paymentReferenceNumber is required.', {
          field: 'payment.paymentReferenceNumber',
        });
      const payment = await repository.findByReference(reference);
      if (!payment)
        throw new ApiError(404, 'There is no payment with this reference.', {
          field: 'payment.paymentReferenceNumber',
        });
      if (payment.sessionName !== sessionName)
        throw new ApiError(403, 'This payment belongs to another session.', {
          field: 'payment.paymentReferenceNumber',
        });
      const stored = await repository.findPolicy(payment.policyId);
      const result = deps.card.resultOf(payment, { policyNumber: stored?.policyNumber ?? null });
      if (payment.status === 'paid') return { success: true, error: false, message: 'paid', result };
      if (payment.status === 'pending') {
        if (payment.expiresAt.getTime() < deps.now().getTime())
          return { success: false, error: true, message: MESSAGE_KEYS.qrExpired, result };
        return { success: false, error: false, message: 'pending', result };
      }
      if (payment.status === 'expired' || payment.status === 'voided')
        return { success: false, error: true, message: MESSAGE_KEYS.qrExpired, result };
      return {
        success: false,
        error: true,
        message: result.messageKey ?? MESSAGE_KEYS.paymentDeclined,
        result,
      };
    },

    /** qrCodeSimulatePaymentB2C (test hosts only): the bank's notification, signed as the bank would. */
    async simulate(txnRef: string, sessionName: string) {
      if (deps.config.isProduction) throw new ApiError(404, 'No such call.');
      const payment = REFERENCE_PATTERN.test(txnRef) ? await repository.findByReference(txnRef) : undefined;
      if (payment?.method !== 'PN')
        throw new ApiError(404, 'There is no QR payment with this reference.', { field: 'txnRef' });
      if (payment.sessionName !== sessionName)
        throw new ApiError(403, 'This payment belongs to another session.', { field: 'txnRef' });
      const body = JSON.stringify({
        txnRef,
        amount: formatPlainAmount(payment.amountCents),
        currency: 'SGD',
        bankTransactionId: `SIM${payment.paymentId.replaceAll('-', '').slice(0, 20).toUpperCase()}`,
        paidAt: deps.now().toISOString(),
      } satisfies TPaynowNotification);
      await notify(body, signNotification(body, await webhookSecret()));
      return { success: true };
    },

    webhookSecret,
  };
}

export type TPaynowService = ReturnType<typeof createPaynowService>;
