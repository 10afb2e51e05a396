import type { TApplicantFormValues } from '../components/applicant/applicant-form-values';

const KEY = 'lionrock.travel.applicant';

/**
 * What the customer has typed on the applicant page, kept in sessionStorage beside the journey so a
 * reload, or a step back to the quote, keeps it. It belongs to one policy: another policy starts clean.
 */
export function loadApplicantDraft(policyId: string | undefined): TApplicantFormValues | null {
  if (!policyId) return null;
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
      policyId?: string;
      values?: TApplicantFormValues;
    } | null;
    return stored?.policyId === policyId && stored.values ? stored.values : null;
  } catch {
    return null;
  }
}

export function saveApplicantDraft(policyId: string | undefined, values: TApplicantFormValues): void {
  if (!policyId) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ policyId, values }));
  } catch {
    // A full or blocked storage only costs the draft.
  }
}
