import type { TCorrespondenceAddress } from '@lionrock/domain/self-service/contact-rules';
import { getJson, postJson } from '../../../lib/api-client';
import type { TPaymentSignature } from '../../checkout/api/payment-api';

const POLICIES = '/b2c-server/rest/my-policy/policies';

/** The policy's contact details as the server shows them: the e-mail masked (decision 069). */
export type TContactView = {
  mobileNoCountryCode: string;
  mobileNo: string;
  email: string;
  pendingEmail: string | null;
  /** The correspondence address (issue 29), or null when the policy has none. */
  correspondenceAddress?: TCorrespondenceAddress | null;
  /** After a change: the numbers of the policies it was written to, this one first (issue 29). */
  appliedTo?: string[];
};

export type TContactChangeRequest = {
  mobileNoCountryCode: string;
  mobileNo: string;
  /** Left out: the address stays. */
  email?: string;
  /** Left out: the correspondence address stays. */
  correspondenceAddress?: TCorrespondenceAddress;
  /** The step-up code mailed to the policy's address for this change (decision 102). */
  stepUpCode?: string;
  /** Also the holder's other in-force policies at this address (issue 29); the server finds them. */
  applyToAll?: boolean;
};

export type TRenewalCard = { masked: string; expiry: string };
export type TRenewalCardView = { changeable: boolean; card: TRenewalCard | null };

/** What the card receipt page hands to the panel's window. */
export type TCardChangeResult = {
  stored: boolean;
  maskedCard: string | null;
  cardExpiry: string | null;
  messageKey: string | null;
  reasonCode: number | null;
};

const path = (policyId: string, tail: string) => `${POLICIES}/${encodeURIComponent(policyId)}/${tail}`;

/** The contact and renewal-card calls of my policy (apps/server manage-routes.ts); the session cookie goes along. */
export const manageApi = {
  contact: (policyId: string) => getJson<TContactView>(path(policyId, 'contact')),
  changeContact: (policyId: string, change: TContactChangeRequest) =>
    postJson<TContactView>(path(policyId, 'contact'), change),
  confirmEmail: (policyId: string, code: string) =>
    postJson<TContactView>(path(policyId, 'contact/confirm-email'), { code }),
  renewalCard: (policyId: string) => getJson<TRenewalCardView>(path(policyId, 'renewal-card')),
  /** The signed token-only request the browser posts, with the card, to the gateway. */
  startCardChange: (policyId: string, stepUpCode: string) =>
    postJson<TPaymentSignature>(path(policyId, 'renewal-card'), { stepUpCode }),
};
