import { createHmac, timingSafeEqual } from 'node:crypto';
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
import { sharedSecret } from '../../lib/server-secrets.ts';
import { buildPaynowPayload, PAYNOW_QR_QUIET_ZONE_MODULES } from '../../payments/paynow/sgqr.ts';
import { REFERENCE_PATTERN, type TCardPaymentService, type TPaymentResult } from './card-payment-service.ts';
import type { TIssuanceService } from './issuance-service.ts';
import type { TPaymentRepository } from './payment-repository.ts';

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
  card: TCardPaymentService;
  issuance: TIssuanceService;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repository } = deps;
  const webhookSecret = () => sharedSecret(deps.db, 'paynow-webhook', deps.config.paynow.webhookSecret);

  async function notify(rawBody: string, signature: string | undefined): Promise<{ recorded: boolean }> {
    const expected = Buffer.from(signNotification(rawBody, await webhookSecret()), 'utf8');
    const given = Buffer.from(signature ?? '', 'utf8');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      deps.log.warn('PayNow notification with a bad signature ignored');
      throw new ApiError(401, 'The notification signature is not valid.', { field: PAYNOW_SIGNATURE_HEADER });
    }
    let parsed: TPaynowNotification;
    try {
      parsed = ZPaynowNotificationSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new ApiError(400, 'The notification is not a PayNow credit.', { field: 'body' });
    }
    const payment = await repository.findByReference(parsed.txnRef);
    if (payment?.method !== 'PN') {
      // Money for no payment we know: operations must return it.
      deps.log.warn({ txnRef: parsed.txnRef }, 'PayNow credit for an unknown reference');
      await repository.addAlert({ kind: 'refund', detail: { ...parsed, reason: 'unknown reference' } });
      return { recorded: false };
    }
    const amountCents = parseGatewayAmount(parsed.amount);
    const fullAmount = amountCents === payment.amountCents;
    // A verified credit is recorded whatever the state of its QR: banks accept transfers after our 10 minutes.
    const recorded = await repository.recordAnswer(
      payment.paymentId,
      ['pending', 'expired', 'voided', 'declined'],
      {
        status: fullAmount ? 'paid' : 'refund_due',
        gatewayTransactionId: `PAYNOW:${parsed.bankTransactionId}`,
        decision: 'ACCEPT',
        reasonCode: fullAmount ? 100 : 110,
        authorisedCents: amountCents,
        gatewayAnswer: parsed,
      },
    );
    if (!recorded) {
      deps.log.info({ txnRef: parsed.txnRef }, 'PayNow notification already recorded');
      return { recorded: false };
    }
    if (!fullAmount) {
      await repository.addAlert({
        kind: 'refund',
        paymentId: payment.paymentId,
        policyId: payment.policyId,
        detail: { reason: 'amount differs', amountCents, expectedCents: payment.amountCents },
      });
      return { recorded: true };
    }
    if (payment.status !== 'pending')
      await repository.addAlert({
        kind: 'late_payment',
        paymentId: payment.paymentId,
        policyId: payment.policyId,
        detail: { previousStatus: payment.status },
      });
    await deps.issuance.issuePayment(payment.paymentId);
    return { recorded: true };
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
