import type { TEndorsementQuote, TInsuredAddressChange } from '@lionrock/domain/home/address-endorsement';
import type { TCountry } from '@lionrock/domain/market/market';
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

/** A home policy's insured address as stored, and whether it may change online (issue 29, decision 138). */
export type TInsuredAddressView = {
  changeable: boolean;
  country: TCountry;
  currency: string;
  address: TInsuredAddressChange;
  /** Why it can't change online (a message key), or null. */
  reasonKey: string | null;
};

/** How a lower premium's difference comes back: to the card paid with, or by operations (PayNow). */
export type TRefundRoute = { method: 'CC' | 'PN'; cardLast4: string };

/**
 * The re-rate of a new address: the difference for the days left; `from` as DD/MM/YYYY; where a fall
 * is returned (`refundTo`, null unless the premium falls).
 */
export type TInsuredAddressQuote = Omit<TEndorsementQuote, 'from'> & {
  currency: string;
  from: string;
  refundTo: TRefundRoute | null;
};

export type TInsuredAddressChangeRequest = TInsuredAddressChange & {
  /** The step-up code mailed to the policy's address for this change (decision 102). */
  stepUpCode?: string;
  /** The difference the quote showed: the server refuses the change if it is no longer that. */
  expectedDifferenceCents: number;
};

export type TInsuredAddressChanged = {
  policyNumber: string;
  address: TInsuredAddressChange;
  /** DD/MM/YYYY */
  endorsedFrom: string;
  /** The refund a lower premium owes, with the reference its mail and the policy page give (decision 142). */
  refund: (TRefundRoute & { amountCents: number; state: string; reference: string }) | null;
  /** The additional premium a rise took by card, with its payment's reference (decision 144). */
  collected?: { amountCents: number; cardLast4: string; reference: string };
};

const path = (policyId: string, tail: string) => `${POLICIES}/${encodeURIComponent(policyId)}/${tail}`;

/**
 * The contact, renewal-card and insured-address calls of my policy (apps/server manage-routes.ts,
 * endorsement-routes.ts); the session cookie goes along.
 */
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
  insuredAddress: (policyId: string) => getJson<TInsuredAddressView>(path(policyId, 'insured-address')),
  /** The re-rate only: nothing is written. */
  quoteInsuredAddress: (policyId: string, change: TInsuredAddressChange) =>
    postJson<TInsuredAddressQuote>(path(policyId, 'insured-address/quote'), change),
  changeInsuredAddress: (policyId: string, change: TInsuredAddressChangeRequest) =>
    postJson<TInsuredAddressChanged>(path(policyId, 'insured-address'), change),
  /** A rise: the signed card payment of the difference, posted with the card to the gateway's frame. */
  startInsuredAddressPayment: (policyId: string, change: TInsuredAddressChangeRequest) =>
    postJson<TPaymentSignature>(path(policyId, 'insured-address/payment'), change),
};
