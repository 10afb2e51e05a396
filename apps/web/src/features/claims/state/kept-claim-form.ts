/**
 * What the customer has typed on a claim, kept in sessionStorage per policy (issue 29: a draft left
 * half way is offered again): a reload, Back, or a session that ended while typing loses nothing that
 * was not yet saved to the server. The payout's account number and PayNow proxy are never kept here:
 * they go only to the server, behind the step-up code (decision 102).
 */
export type TKeptClaimForm<TFields> = { claimId: string; fields: Partial<TFields> };

const PREFIX = 'lionrock.claim-form.';
const SECRET_FIELDS = ['accountNumber', 'proxy'] as const;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The form kept for a policy, or null (none, unreadable, or storage refused). */
export function readKeptClaimForm<TFields>(policyId: string): TKeptClaimForm<TFields> | null {
  try {
    const raw = storage()?.getItem(`${PREFIX}${policyId}`);
    const kept = raw ? (JSON.parse(raw) as TKeptClaimForm<TFields>) : null;
    return kept && typeof kept.claimId === 'string' && kept.fields && typeof kept.fields === 'object'
      ? kept
      : null;
  } catch {
    return null;
  }
}

/** Keeps the form's fields for its policy and claim, without the payout's secrets. */
export function keepClaimForm<TFields extends object>(
  policyId: string,
  claimId: string,
  fields: TFields,
): void {
  const kept: Record<string, unknown> = { ...(fields as Record<string, unknown>) };
  for (const secret of SECRET_FIELDS) delete kept[secret];
  try {
    storage()?.setItem(`${PREFIX}${policyId}`, JSON.stringify({ claimId, fields: kept }));
  } catch {
    // Storage full or refused: the server's draft is still there.
  }
}

/** Forgets the kept form once the claim is submitted. */
export function forgetClaimForm(policyId: string): void {
  try {
    storage()?.removeItem(`${PREFIX}${policyId}`);
  } catch {
    // Nothing kept, or storage refused.
  }
}
