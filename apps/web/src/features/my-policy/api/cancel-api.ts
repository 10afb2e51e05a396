import { getJson, postJson } from '../../../lib/api-client';

/** The server's cancellation view (apps/server modules/cancellation): the quote, or what the cancellation gave. */
export type TCancellationView = {
  policyId: string;
  policyNumber: string;
  status: string;
  currency: string;
  allowed: boolean;
  basis: 'free-look' | 'short-period' | 'none';
  refundCents: number;
  /** A `myPolicy.cancel.reason.*` message key. */
  reasonKey: string;
  /** DD/MM/YYYY */
  freeLookEnds: string;
  paymentMethod: 'CC' | 'PN' | null;
  cardLast4: string;
  /** `reference`: the refund's reference the customer quotes (decision 129). */
  refund: { state: string; amountCents: number; method: string; reference: string } | null;
};

const cancellationPath = (policyId: string) =>
  `/b2c-server/rest/my-policy/policies/${encodeURIComponent(policyId)}/cancellation`;

/** What cancelling today would refund (the holder's session cookie goes with the call). */
export function fetchCancellation(policyId: string, signal?: AbortSignal): Promise<TCancellationView> {
  return getJson<TCancellationView>(cancellationPath(policyId), signal);
}

/** Cancels the policy with the step-up code from its address; sending it again answers the same cancellation. */
export function cancelPolicy(
  policyId: string,
  stepUpCode: string,
  reason?: string,
): Promise<TCancellationView> {
  const trimmed = reason?.trim();
  return postJson<TCancellationView>(cancellationPath(policyId), {
    confirm: true,
    stepUpCode,
    ...(trimmed ? { reason: trimmed } : {}),
  });
}
