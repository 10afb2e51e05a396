import type { TCountry } from '@lionrock/domain/market/market';
import type { TPolicy, TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { systemApi } from '../../../lib/system-api';

/**
 * The gateway fields `updateToPending` answers (decision 010): every signed field, plus `paymentUrl`
 * (where to post) and `paymentSignatureKey` (posted as `signature`).
 */
export type TPaymentSignature = Record<string, string>;

export type TPendingAnswer = { policy: TPolicy; paymentSignature?: TPaymentSignature };

export type TQrAnswer = {
  policy: TPolicy;
  response?: { qrCode: string; txnRef: string; expiryTime: string };
  policyNumber?: string;
  error: boolean;
  errorMessage: string;
};

export type TPaynowCheck = { success: boolean; error: boolean; message: string };

/** A payment lifecycle entry: what happened to an attempt, never card data (travel-flow section 7). */
export type TLifecycleEntry = {
  policyId: string | undefined;
  paymentReferenceNumber: string | undefined;
  paymentMethod: 'CC' | 'PN';
  step: string;
  outcome?: string;
  reasonCode?: string;
  messageKey?: string;
  detail?: string;
};

const REST = '/b2c-server/rest';

/** One key per payment attempt: a retry of the same attempt replays, a new attempt pays anew (decision 010). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The payment calls of travel-flow section 7, each with Session-Name (the lifecycle log without). */
export const paymentApi = {
  updateToPending: (policy: TPolicyInput, idempotencyKey: string) =>
    postJson<TPendingAnswer>(`${REST}/policy/updateToPending`, policy, {
      'Idempotency-Key': idempotencyKey,
    }),
  issueAndReceiptPolicy: (policy: TPolicyInput) =>
    postJson<TPolicy>(`${REST}/policy/issueAndReceiptPolicy`, policy),
  generateQr: (policy: TPolicyInput, idempotencyKey: string) =>
    postJson<TQrAnswer>(`${REST}/policy/updateToPendingGenerateQR`, policy, {
      'Idempotency-Key': idempotencyKey,
    }),
  checkPaynow: (policy: TPolicyInput, txnRef: string) =>
    postJson<TPaynowCheck>(`${REST}/payNow/checkB2CPaymentSuccess`, {
      ...policy,
      payment: { ...policy.payment, paymentReferenceNumber: txnRef },
    }),
  issueAndReceiptQrPolicy: (policy: TPolicyInput) =>
    postJson<TPolicy>(`${REST}/payNow/issueAndReceiptQRPolicy`, policy),
  simulatePaynow: (txnRef: string) =>
    postJson<{ success: boolean }>(`${REST}/payNow/qrCodeSimulatePaymentB2C`, { txnRef }),
  /** Answers the word `success`; anything else (or a failed call) is a failure the page shows. */
  logLifecycle: async (entry: TLifecycleEntry): Promise<void> => {
    const response = await fetch(`${REST}/policy/logPaymentLifeCycle`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(entry),
    });
    if (!response.ok || (await response.text()).trim() !== 'success')
      throw new Error(`logPaymentLifeCycle answered ${response.status}`);
  },
};

/** Whether PayNow can be offered in the market (getPaynowStatus); a failed call means no. */
export function usePaynowAvailable(country: TCountry) {
  const query = useQuery({
    queryKey: ['system', 'paynow', country],
    queryFn: async () => {
      try {
        return await systemApi.paynowAvailable(country);
      } catch {
        return false;
      }
    },
    staleTime: 60_000,
  });
  return { available: query.data ?? false, loaded: !query.isPending };
}
