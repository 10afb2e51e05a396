import type { TOfficials } from '@lionrock/domain/claims/attended-officials';
import type { TPayout } from '@lionrock/domain/claims/claim-rules';
import { ApiCallError, apiCall, getJson, postJson } from '../../../lib/api-client';
import { getSessionName } from '../../../lib/session-name';

/** The claims calls (`/b2c-server/rest/claims/…`) and the policyholder's sign-in they need. */
const CLAIMS = '/b2c-server/rest/claims';
const MY_POLICY = '/b2c-server/rest/my-policy';

export type TPolicySummary = {
  policyId: string;
  policyNumber: string;
  productType: 'PTR' | 'PAN' | 'PHM';
  status: string;
  startDate: string | null;
  endDate: string | null;
};
export type TSession = { country: 'SGP' | 'HKG'; policies: TPolicySummary[] };

export type TClaimDocument = { documentId: string; name: string; contentType: string; sizeBytes: number };
export type TClaimDraft = {
  claimId: string;
  claimNumber: string | null;
  status: string;
  policyId: string;
  policyNumber: string;
  productType: 'PTR' | 'PAN' | 'PHM';
  country: 'SGP' | 'HKG';
  coverStart: string;
  coverEnd: string;
  claimType: string;
  incidentDate: string | null;
  incidentPlace: string;
  description: string;
  officials: TOfficials;
  amountCents: number | null;
  currency: string;
  payout?: TPayout;
  documents: TClaimDocument[];
};
export type TClaimStatusAnswer = {
  claimNumber: string;
  status: string;
  policyId: string;
  policyNumber: string;
  productType: string;
  country: 'SGP' | 'HKG';
  claimType: string;
  incidentDate: string | null;
  amountCents: number | null;
  amountApprovedCents: number | null;
  currency: string;
  submittedAt: string | null;
  events: { status: string; at: string }[];
  /** While the claim waits for more information: what the claims team asked for. */
  request: string | null;
  /** `answering`: sent since the request, still removable before the answer goes. */
  documents: (TClaimDocument & { answering: boolean })[];
};

/** The live session's policies, or null when there is none (401). */
export async function fetchSession(): Promise<TSession | null> {
  try {
    return await getJson<TSession>(`${MY_POLICY}/session`);
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 401) return null;
    throw error;
  }
}

export const startDraft = (body: { policyId: string; lang: 'en' | 'zh'; agentCode?: string }) =>
  postJson<TClaimDraft>(`${CLAIMS}/draft`, body);

/** A claim started and not yet submitted, as the page offers it to go on with. */
export type TOpenDraft = { claimId: string; claimType: string; updatedAt: string; documents: number };

/** The unfinished claims on one of the signed-in holder's policies, the latest saved first. */
export const fetchOpenDrafts = (policyId: string) =>
  getJson<{ drafts: TOpenDraft[] }>(`${CLAIMS}/drafts?policyId=${encodeURIComponent(policyId)}`);

export const fetchDraft = (claimId: string) => getJson<TClaimDraft>(`${CLAIMS}/draft/${claimId}`);

/** Saves a draft's fields; a new payout account carries the step-up code from the policy's address (decision 102). */
export async function saveDraft(
  claimId: string,
  body: Partial<TClaimDraft> & { stepUpCode?: string },
): Promise<TClaimDraft> {
  return (await (await apiCall(`${CLAIMS}/draft/${claimId}`, { method: 'PUT', body })).json()) as TClaimDraft;
}

export async function deleteDocument(claimId: string, documentId: string): Promise<TClaimDraft> {
  return (await (
    await apiCall(`${CLAIMS}/draft/${claimId}/documents/${documentId}`, { method: 'DELETE' })
  ).json()) as TClaimDraft;
}

/** Submits; a claim like one made already (409 `claims.errors.duplicate`) goes with `confirmDuplicate`. */
export const submitClaim = (claimId: string, confirmDuplicate = false) =>
  postJson<{ claimNumber: string; status: string }>(
    `${CLAIMS}/draft/${claimId}/submit`,
    confirmDuplicate ? { confirmDuplicate } : {},
  );
export const finishLater = (claimId: string) =>
  postJson<{ sentTo: string }>(`${CLAIMS}/draft/${claimId}/finish-later`, {});
export const resumeDraft = (token: string) => postJson<TClaimDraft>(`${CLAIMS}/resume`, { token });
export const fetchClaimStatus = (claimNumber: string) =>
  getJson<TClaimStatusAnswer>(`${CLAIMS}/${encodeURIComponent(claimNumber)}`);

/** Removes a document sent in answer to "more information needed", before the answer goes. */
export async function deleteAnswerDocument(
  claimNumber: string,
  documentId: string,
): Promise<TClaimStatusAnswer> {
  return (await (
    await apiCall(`${CLAIMS}/${encodeURIComponent(claimNumber)}/documents/${documentId}`, {
      method: 'DELETE',
    })
  ).json()) as TClaimStatusAnswer;
}

/** Sends the answer (the documents uploaded since the request, and a note): the claim goes back under review. */
export const sendAnswer = (claimNumber: string, note: string) =>
  postJson<TClaimStatusAnswer>(`${CLAIMS}/${encodeURIComponent(claimNumber)}/answer`, { note });

/**
 * Uploads one file with its progress (fetch cannot report upload progress): multipart, the field
 * `file`, the Session-Name header like every call.
 */
export function uploadDocument(
  claimId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<TClaimDraft> {
  return uploadTo<TClaimDraft>(`${CLAIMS}/draft/${claimId}/documents`, file, onProgress);
}

/** Uploads one file in answer to "more information needed" on a submitted claim. */
export function uploadAnswerDocument(
  claimNumber: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<TClaimStatusAnswer> {
  return uploadTo<TClaimStatusAnswer>(
    `${CLAIMS}/${encodeURIComponent(claimNumber)}/documents`,
    file,
    onProgress,
  );
}

function uploadTo<T>(url: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Session-Name', getSessionName());
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiCallError('network error', 0));
    request.onload = () => {
      let body: { message?: string; field?: string; messageKey?: string } | undefined;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as unknown as T);
      else reject(new ApiCallError(body?.message ?? `HTTP ${request.status}`, request.status, body));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
