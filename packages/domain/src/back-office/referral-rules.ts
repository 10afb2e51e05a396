import {
  validateCountryCode,
  validateEmail,
  validateFullName,
  validateMobile,
} from '../eligibility/people.ts';
import { idTypesFor, type TIdType, validateIdNumber } from '../identity/id-number.ts';
import type { TCountry } from '../market/market.ts';
import { isOccupationDeclined, type TOccupationClass } from '../pa/occupation.ts';
import type { TRatedClass } from '../pa/occupation-classes.ts';
import type { TPolicy } from '../schemas/policy-schema.ts';
import { wireToCents } from '../schemas/wire-amounts.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * Underwriting referrals (issue 18, "referrals: a declined occupation or a rule a quote broke, accepted
 * with a recorded reason or refused"; decisions 085 and 089). A personal accident quote the shop
 * refuses for an underwriting reason may be referred by the customer; an underwriter accepts it (with
 * terms the rating then takes as input) or refuses it. Every number and rule of that lives here.
 */

/** The refusals an underwriter may overturn (refusals.ts): a class-04 occupation, a Hong Kong claim over HK$3,000. */
export const REFERRAL_REASONS = ['OCCUPATION_DECLINED', 'CLAIMS_REFER_TO_AGENT'] as const;
export type TReferralReason = (typeof REFERRAL_REASONS)[number];

export function isReferralReason(value: string | null | undefined): value is TReferralReason {
  return (REFERRAL_REASONS as readonly string[]).includes(value ?? '');
}

export const REFERRAL_STATUSES = ['open', 'accepted', 'refused'] as const;
export type TReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** An acceptance prices the quote for 30 days from the decision (as a saved quote's link, decision 076). */
export const REFERRAL_VALID_DAYS = 30;
/** Referrals per Session-Name in one window: enough to fix a typo, too few to flood the queue. */
export const REFERRALS_PER_WINDOW = 5;
/** Per client address (an office or a carrier's NAT shares one): more, but still bounded. */
export const REFERRALS_PER_CLIENT_PER_WINDOW = 30;
export const REFERRAL_WINDOW_MINUTES = 60;
/** A loading is a whole percentage of the referred adults' premium, at most doubling it. */
export const REFERRAL_MAX_LOADING_PERCENT = 100;
/** The classes an underwriter may rate a declined occupation at: those the PA table prices (pa-rating.ts). */
export const REFERRAL_CLASSES = ['02', '03'] as const satisfies readonly TRatedClass[];
export type TReferralClass = (typeof REFERRAL_CLASSES)[number];

/** Message keys of the refer-me form and its answers (texts in the `referral` section of the locales). */
export const REFERRAL_MESSAGE_KEYS = {
  consent: 'referral.errors.consent',
  alreadyOpen: 'referral.errors.alreadyOpen',
  notReferable: 'referral.errors.notReferable',
  tooMany: 'referral.errors.tooMany',
} as const;

/** When an acceptance stops pricing the quote. */
export function referralValidUntil(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + REFERRAL_VALID_DAYS * 86_400_000);
}

// --- The customer's refer-me form -------------------------------------------------------------

export type TReferralContact = {
  fullName: string;
  idType: TIdType;
  idNumber: string;
  mobileNoCountryCode: string;
  mobileNo: string;
  email: string;
  /** "You may contact me about this quote": required, the only use made of the details. */
  consent: boolean;
};
export type TReferralContactError = { field: keyof TReferralContact; messageKey: string };

/**
 * The refer-me form by the applicant page's own rules (travel-flow section 5): name, an ID type the
 * market offers and its number by that type's check, mobile and e-mail, and the consent ticked.
 * Every failing field, in the form's order.
 */
export function validateReferralContact(
  country: TCountry,
  contact: TReferralContact,
): TReferralContactError[] {
  const errors: TReferralContactError[] = [];
  const add = (field: keyof TReferralContact, messageKey: string | null) => {
    if (messageKey) errors.push({ field, messageKey });
  };
  add('fullName', validateFullName(contact.fullName));
  const typeOffered = idTypesFor(country).includes(contact.idType);
  add('idType', typeOffered ? null : MESSAGE_KEYS.selectValue);
  add(
    'idNumber',
    contact.idNumber.trim() === ''
      ? MESSAGE_KEYS.required
      : typeOffered
        ? validateIdNumber(contact.idType, contact.idNumber)
        : null,
  );
  add('mobileNoCountryCode', validateCountryCode(contact.mobileNoCountryCode));
  add('mobileNo', validateMobile(contact.mobileNo));
  add('email', validateEmail(contact.email));
  add('consent', contact.consent === true ? null : REFERRAL_MESSAGE_KEYS.consent);
  return errors;
}

// --- The underwriter's decision ---------------------------------------------------------------

/** A referral is decided once: accepted or refused from open, never from one to the other. */
export const REFERRAL_TRANSITIONS: Record<TReferralStatus, readonly TReferralStatus[]> = {
  open: ['accepted', 'refused'],
  accepted: [],
  refused: [],
};

export function canDecideReferral(from: TReferralStatus, to: TReferralStatus): boolean {
  return REFERRAL_TRANSITIONS[from].includes(to);
}

export type TReferralDecision = {
  outcome: 'accepted' | 'refused';
  /** What the customer's file records and the audit notes: required either way. */
  reason: string;
  /** Occupation referrals: the class the declined occupation is rated at. */
  occupationClass?: string | undefined;
  /** A loading in whole percent of the referred adults' premium (0 to 100). */
  loadingPercent?: number | undefined;
};
export type TReferralDecisionProblem = { field: string; problem: string; conflict?: true };

/** What an acceptance carries into the rating. */
export type TReferralTerms = { occupationClass: TReferralClass | null; loadingBasisPoints: number };

/** A decision's reason: what the customer's file keeps (and, for a refusal, what the customer is told). */
export const REFERRAL_DECISION_REASON_LENGTH = { min: 3, max: 500 } as const;

/** The decision form's messages, one per field, shown by the back office and answered by the API. */
export const REFERRAL_DECISION_MESSAGES = {
  reason: `Give the reason for the decision (${REFERRAL_DECISION_REASON_LENGTH.min} to ${REFERRAL_DECISION_REASON_LENGTH.max} characters).`,
  refusalTerms: 'A refusal carries no class or loading.',
  occupationClass: `Choose the class the occupation is rated at: ${REFERRAL_CLASSES.join(' or ')}.`,
  classNotForClaims: 'Only an occupation referral is given a class.',
  loadingPercent: `A loading is a whole percent from 0 to ${REFERRAL_MAX_LOADING_PERCENT}.`,
} as const;

/**
 * Every field's problem at once (the form shows them together): a reason of 3 to 500 characters; an
 * occupation acceptance needs one of `REFERRAL_CLASSES`; a claims acceptance takes no class; a loading
 * only with an acceptance, a whole percent from 0 to `REFERRAL_MAX_LOADING_PERCENT`.
 */
export function referralDecisionFieldProblems(
  referralReason: TReferralReason,
  decision: TReferralDecision,
): TReferralDecisionProblem[] {
  const problems: TReferralDecisionProblem[] = [];
  const reason = decision.reason.trim();
  if (
    reason.length < REFERRAL_DECISION_REASON_LENGTH.min ||
    reason.length > REFERRAL_DECISION_REASON_LENGTH.max
  )
    problems.push({ field: 'reason', problem: REFERRAL_DECISION_MESSAGES.reason });
  const hasClass = decision.occupationClass !== undefined && decision.occupationClass !== '';
  if (decision.outcome === 'refused') {
    if (hasClass || decision.loadingPercent !== undefined)
      problems.push({ field: 'occupationClass', problem: REFERRAL_DECISION_MESSAGES.refusalTerms });
    return problems;
  }
  if (
    referralReason === 'OCCUPATION_DECLINED' &&
    !(REFERRAL_CLASSES as readonly string[]).includes(decision.occupationClass ?? '')
  )
    problems.push({ field: 'occupationClass', problem: REFERRAL_DECISION_MESSAGES.occupationClass });
  if (referralReason !== 'OCCUPATION_DECLINED' && hasClass)
    problems.push({ field: 'occupationClass', problem: REFERRAL_DECISION_MESSAGES.classNotForClaims });
  const loading = decision.loadingPercent ?? 0;
  if (!Number.isInteger(loading) || loading < 0 || loading > REFERRAL_MAX_LOADING_PERCENT)
    problems.push({ field: 'loadingPercent', problem: REFERRAL_DECISION_MESSAGES.loadingPercent });
  return problems;
}

/** The decision's first problem, or null: the status must allow the move (else a conflict), then the fields. */
export function referralDecisionProblem(
  referral: { reason: TReferralReason; status: TReferralStatus },
  decision: TReferralDecision,
): TReferralDecisionProblem | null {
  if (!canDecideReferral(referral.status, decision.outcome))
    return { field: 'outcome', problem: `This referral is already ${referral.status}.`, conflict: true };
  return referralDecisionFieldProblems(referral.reason, decision)[0] ?? null;
}

/** The terms an acceptance records (call after `referralDecisionProblem` found none). */
export function referralTermsOf(reason: TReferralReason, decision: TReferralDecision): TReferralTerms {
  return {
    occupationClass: reason === 'OCCUPATION_DECLINED' ? (decision.occupationClass as TReferralClass) : null,
    loadingBasisPoints: (decision.loadingPercent ?? 0) * 100,
  };
}

// --- The rating honouring an acceptance -------------------------------------------------------

/** A stored referral as the rating reads it. */
export type TStoredReferral = {
  referralId: string;
  productType: string;
  country: string;
  reason: TReferralReason;
  status: TReferralStatus;
  validUntil: Date | null;
  terms: TReferralTerms | null;
  /** The quote as it was referred: which adults held the declined occupations, the claim declared. */
  referred: TPolicy;
};

/** Whose quote this is, as far as the server knows: nobody named yet, the referral's applicant, or someone else. */
export type TReferralApplicant = 'none' | 'matches' | 'differs';

/** What the rating does differently for an accepted referral's quote. */
export type TReferralOverride = {
  referralId: string;
  reason: TReferralReason;
  /** Per adult (adult1, adult2): the class rating uses in place of the declined one, or null. */
  adultClasses: (TOccupationClass | null)[];
  /** Which adults the loading applies to, by position. */
  loadedAdults: number[];
  loadingBasisPoints: number;
  /** The Hong Kong claims rule is not applied. */
  skipClaimsRule: boolean;
};

const adultsOf = (policy: TPolicy) => {
  const pa = policy.policyPAN;
  if (!pa) return [];
  const count = pa.insuredPersonType === 'family' ? pa.family.numberOfAdults : 1;
  return [pa.insured.adult1, pa.insured.adult2].slice(0, count);
};

/**
 * The override an accepted referral gives this policy, or null (the normal refusal stands). Only
 * the quote that names the referral, of its product and market, while the acceptance is valid, and —
 * once the applicant is named — only for the applicant whose ID number it was referred with. An
 * occupation acceptance rates only the declined occupations referred, at their positions; a claims
 * acceptance only a claim no larger than the one referred.
 */
export function referralOverride(
  referral: TStoredReferral | null,
  policy: TPolicy,
  context: { now: Date; applicant: TReferralApplicant },
): TReferralOverride | null {
  const pa = policy.policyPAN;
  if (!referral || !pa || policy.productType !== 'PAN') return null;
  if (pa.referralId !== referral.referralId || referral.productType !== 'PAN') return null;
  if (referral.country !== policy.country || referral.referred.country !== policy.country) return null;
  if (referral.status !== 'accepted' || !referral.terms || !referral.validUntil) return null;
  if (referral.validUntil.getTime() <= context.now.getTime()) return null;
  if (context.applicant === 'differs') return null;
  const adults = adultsOf(policy);
  if (referral.reason === 'OCCUPATION_DECLINED') {
    const referred = adultsOf(referral.referred);
    const adultClasses = adults.map((adult, index) => {
      const code = adult?.occupation ?? '';
      const declined = isOccupationDeclined(code) && referred[index]?.occupation === code;
      return declined ? referral.terms!.occupationClass : null;
    });
    // Nothing declined that the acceptance covers: the policy is rated (or refused) as anyone's is.
    if (!adultClasses.some((value) => value !== null)) return null;
    return {
      referralId: referral.referralId,
      reason: referral.reason,
      adultClasses,
      loadedAdults: adultClasses.flatMap((value, index) => (value === null ? [] : [index])),
      loadingBasisPoints: referral.terms.loadingBasisPoints,
      skipClaimsRule: false,
    };
  }
  const claimed = wireToCents(pa.largestClaimInThreeYears ?? 0);
  const referredClaim = wireToCents(referral.referred.policyPAN?.largestClaimInThreeYears ?? 0);
  if (claimed > referredClaim) return null;
  return {
    referralId: referral.referralId,
    reason: referral.reason,
    adultClasses: adults.map(() => null),
    loadedAdults: adults.map((_, index) => index),
    loadingBasisPoints: referral.terms.loadingBasisPoints,
    skipClaimsRule: true,
  };
}

/** A referral's short reference for the customer and the queue: R- and the id's first 8 hex digits. */
export function referralReference(referralId: string): string {
  return `R-${referralId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
