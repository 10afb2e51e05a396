import { ApiCallError, apiCall, getJson, postJson } from '../../../lib/api-client';

/**
 * The policyholder's calls (`/b2c-server/rest/my-policy/…`, design section 12). The session is an
 * HttpOnly cookie the browser sends by itself; the page never sees it.
 */
const BASE = '/b2c-server/rest/my-policy';

export type TPolicySummary = {
  policyId: string;
  policyNumber: string;
  productType: 'PTR' | 'PAN' | 'PHM';
  status: string;
  startDate: string | null;
  endDate: string | null;
};

export type TSignedIn = { country: 'SGP' | 'HKG'; policies: TPolicySummary[]; policyId?: string };

export type TAutoRenewalBlock =
  | 'not-eligible'
  | 'no-card'
  | 'charge-window'
  | 'already-renewed'
  | 'not-in-force';

export type TPolicyDetails = {
  policyId: string;
  policyNumber: string;
  productType: 'PTR' | 'PAN' | 'PHM';
  country: 'SGP' | 'HKG';
  status: string;
  startDate: string;
  endDate: string;
  planCode: string;
  planName: { en: string; zh: string };
  insuredPersons: { name: string; role: string; idNumber: string }[];
  currency: string;
  premiumCents: number;
  taxCents: number;
  totalCents: number;
  payment: { method: string; card: string | null } | null;
  /** The policy's refunds, oldest first, each with its reference (decisions 129 and 142). */
  refunds: { reference: string; amountCents: number; state: string; method: string; basis: string }[];
  autoRenewal: { on: boolean; canTurnOn: boolean; blockedBecause: TAutoRenewalBlock | null };
  renewal: {
    mails: { kind: string; status: string; at: string }[];
    renewedPolicyNumber: string | null;
    /** The renewal charged and issued (decision 129): the old policy links it instead of offering turn-off. */
    renewed: {
      policyId: string;
      policyNumber: string;
      chargedCents: number;
      startDate: string;
      endDate: string;
    } | null;
  };
  wordingUrl: string;
};

/** A sign-in started: the challenge only this browser holds, sent back with the code (decision 101). */
export const startAccess = (body: {
  policyNumber: string;
  idNumber: string;
  dateOfBirth: string;
  language: 'en' | 'zh';
}) => postJson<{ accepted: true; challenge: string }>(`${BASE}/access/start`, body);

export const verifyAccess = (body: { challenge: string; code: string }) =>
  postJson<TSignedIn>(`${BASE}/access/verify`, body);

export const openAccessLink = (body: { policyId: string; n: string; e: string; sig: string }) =>
  postJson<TSignedIn>(`${BASE}/access/link`, body);

/** The old address's undo of a change of e-mail address (decision 102): the token from its mailed link. */
export const undoEmailChange = (token: string) =>
  postJson<{ policyNumber: string; email: string }>(`${BASE}/contact/undo`, { token });

export const getSession = () => getJson<TSignedIn>(`${BASE}/session`);

export const getPolicy = (policyId: string) =>
  getJson<TPolicyDetails>(`${BASE}/policies/${encodeURIComponent(policyId)}`);

/** A claim made on a policy, as the policy's page lists it (issue 29). */
export type TPolicyClaim = {
  claimNumber: string;
  status: string;
  claimType: string;
  incidentDate: string | null;
  submittedAt: string | null;
  statusAt: string | null;
  amountCents: number | null;
  amountApprovedCents: number | null;
  currency: string;
};
export type TPolicyClaims = {
  policyId: string;
  country: 'SGP' | 'HKG';
  canClaim: boolean;
  claims: TPolicyClaim[];
};

/** The claims made on one of the session's policies: dates, decisions and amounts (the claims API's list). */
export const getPolicyClaims = (policyId: string) =>
  getJson<TPolicyClaims>(`/b2c-server/rest/claims/policy/${encodeURIComponent(policyId)}`);

export const setAutoRenewal = (policyId: string, on: boolean) =>
  postJson<TPolicyDetails>(`${BASE}/policies/${encodeURIComponent(policyId)}/auto-renewal`, { on });

export const resendPolicyMail = (policyId: string) =>
  postJson<{ queued: true }>(`${BASE}/policies/${encodeURIComponent(policyId)}/resend`, {});

export const signOut = () => apiCall(`${BASE}/sign-out`, { method: 'POST' });

/** Where the schedule downloads from (the cookie goes with a plain link on the shop's origin). */
export const scheduleUrl = (policyId: string) => `${BASE}/policies/${encodeURIComponent(policyId)}/schedule`;

/** The session ended (idle, or signed out elsewhere): the page goes back to sign-in and says so. */
export const isSessionEnded = (error: unknown) => error instanceof ApiCallError && error.status === 401;
