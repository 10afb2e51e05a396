import { compareDates, parseIso, type TLocalDate } from '../dates/local-date.ts';
import { isMarketMobile } from '../eligibility/people.ts';
import { isValidNric } from '../identity/nric.ts';
import { isValidUen } from '../identity/uen.ts';
import type { TCountry } from '../market/market.ts';
import { FIELD_LENGTHS } from '../validation/field-lengths.ts';
import {
  OFFICIAL_DETAILS_MAX_LENGTH,
  OFFICIAL_TYPES,
  type TOfficials,
  validateOfficials,
} from './attended-officials.ts';

/**
 * The online claim form (issue "After the sale", design section 12): claim types per product, the
 * incident's date, place and description, the attended officials, the amount, the payout and the
 * documents. The web form, the claims API and the tests read every rule and number from here.
 */

export type TClaimProduct = 'PTR' | 'PAN' | 'PHM';

/** The claim types each product's wording pays for (travel, personal accident, home). */
export const CLAIM_TYPES = {
  PTR: ['medical', 'tripCancellation', 'baggage', 'other'],
  PAN: ['accidentalInjury', 'hospitalisation', 'death'],
  PHM: ['damage', 'theft', 'liability'],
} as const satisfies Record<TClaimProduct, readonly string[]>;
export type TClaimType = (typeof CLAIM_TYPES)[TClaimProduct][number];

export function claimTypesFor(product: TClaimProduct): readonly TClaimType[] {
  return CLAIM_TYPES[product];
}

/** Where an incident happened: a short free text (the spec's name length is the nearest rule). */
export const PLACE_MAX_LENGTH = FIELD_LENGTHS.name;
/** "Text area 400 characters" (pa-home-payments section 5). */
export const DESCRIPTION_MAX_LENGTH = FIELD_LENGTHS.textArea;
/** The largest amount one claim may state online: S$/HK$ 10 million (above it, the claims team is called; decision 073). */
export const CLAIM_AMOUNT_MAX_CENTS = 1_000_000_000;

/** Documents: PDF, JPEG or PNG, at most 10 MB each and 10 files per claim (issue "After the sale"). */
export const CLAIM_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type TClaimDocumentType = (typeof CLAIM_DOCUMENT_TYPES)[number];
export const CLAIM_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const CLAIM_DOCUMENT_MAX_FILES = 10;
/** "Save and finish later" e-mails a link valid seven days (issue "After the sale"). */
export const CLAIM_DRAFT_LINK_VALID_DAYS = 7;

/*
 * What one policyholder's unfinished claims may hold (issue 27, decision 105): before these, one session
 * wrote 315 MB in 1.8 s through 40 drafts.
 */
/** Unsubmitted drafts one policy may have at once: a second incident while the first is half done, and one spare. */
export const CLAIM_OPEN_DRAFTS_PER_POLICY = 3;
/** A draft untouched this long is deleted with its documents: a saved quote's life, four times a resume link's. */
export const CLAIM_DRAFT_KEPT_DAYS = 30;
/** A part's headers (its name, file name and type) at most; the upload's reader holds every part to it. */
export const CLAIM_UPLOAD_PART_HEADER_MAX_BYTES = 16 * 1024;
/** The largest body an upload may be: every document a claim takes, each at its largest with its headers. */
export const CLAIM_UPLOAD_BODY_MAX_BYTES =
  CLAIM_DOCUMENT_MAX_FILES * (CLAIM_DOCUMENT_MAX_BYTES + CLAIM_UPLOAD_PART_HEADER_MAX_BYTES);
/** Bytes one policyholder may send in uploads an hour: a whole claim's documents, and half as much again for retries. */
export const CLAIM_UPLOAD_BYTES_PER_HOUR = 150 * 1024 * 1024;
/** Bytes one policyholder's open drafts may hold together: two whole claims' documents. */
export const CLAIM_DRAFT_BYTES_MAX = 2 * CLAIM_DOCUMENT_MAX_FILES * CLAIM_DOCUMENT_MAX_BYTES;

/** Which limit bounds an upload: its body's size, what the open drafts hold, what was sent this hour. */
export type TClaimUploadLimit = 'body' | 'drafts' | 'hour';

/**
 * The room an upload may use before a byte of it is read: the length its body declares, or for a body
 * sent without one, all the tightest limit leaves. `refused` names the limit it does not fit.
 */
export function claimUploadRoom(
  declaredBytes: number | undefined,
  spent: { inDrafts: number; thisHour: number },
): { bytes: number; limit: TClaimUploadLimit } | { refused: TClaimUploadLimit } {
  const left: [TClaimUploadLimit, number][] = [
    ['body', CLAIM_UPLOAD_BODY_MAX_BYTES],
    ['drafts', CLAIM_DRAFT_BYTES_MAX - spent.inDrafts],
    ['hour', CLAIM_UPLOAD_BYTES_PER_HOUR - spent.thisHour],
  ];
  const [limit, room] = left.reduce((tightest, next) => (next[1] < tightest[1] ? next : tightest));
  if (declaredBytes === undefined) return room > 0 ? { bytes: room, limit } : { refused: limit };
  const over = left.find(([, roomLeft]) => declaredBytes > roomLeft);
  return over ? { refused: over[0] } : { bytes: declaredBytes, limit };
}

/** The claims section's message keys; the texts are in the web app's `claims.errors` catalogue. */
export const CLAIM_MESSAGE_KEYS = {
  required: 'claims.errors.required',
  typeInvalid: 'claims.errors.typeInvalid',
  dateInvalid: 'claims.errors.dateInvalid',
  dateInFuture: 'claims.errors.dateInFuture',
  dateOutsidePolicy: 'claims.errors.dateOutsidePolicy',
  tooLong: 'claims.errors.tooLong',
  officialsRequired: 'claims.errors.officialsRequired',
  officialDetailsTooLong: 'claims.errors.officialDetailsTooLong',
  amountInvalid: 'claims.errors.amountInvalid',
  amountTooLarge: 'claims.errors.amountTooLarge',
  payoutMethodInvalid: 'claims.errors.payoutMethodInvalid',
  paynowProxyInvalid: 'claims.errors.paynowProxyInvalid',
  bankNameRequired: 'claims.errors.bankNameRequired',
  accountNumberInvalid: 'claims.errors.accountNumberInvalid',
  documentsRequired: 'claims.errors.documentsRequired',
  documentType: 'claims.errors.documentType',
  documentTooLarge: 'claims.errors.documentTooLarge',
  tooManyDocuments: 'claims.errors.tooManyDocuments',
  tooManyDrafts: 'claims.errors.tooManyDrafts',
  draftsFull: 'claims.errors.draftsFull',
  uploadHourSpent: 'claims.errors.uploadHourSpent',
  documentEmpty: 'claims.errors.documentEmpty',
  policyCancelled: 'claims.errors.policyCancelled',
  duplicate: 'claims.errors.duplicate',
  answerEmpty: 'claims.errors.answerEmpty',
  notWaiting: 'claims.errors.notWaiting',
} as const;

/** The message each upload limit refuses with. */
export const CLAIM_UPLOAD_LIMIT_KEYS = {
  body: CLAIM_MESSAGE_KEYS.documentTooLarge,
  drafts: CLAIM_MESSAGE_KEYS.draftsFull,
  hour: CLAIM_MESSAGE_KEYS.uploadHourSpent,
} as const satisfies Record<TClaimUploadLimit, TClaimMessageKey>;
export type TClaimMessageKey = (typeof CLAIM_MESSAGE_KEYS)[keyof typeof CLAIM_MESSAGE_KEYS];

/** A claim number: C, the market's two letters, the year's last two digits, a dash, seven digits (CSG26-0000123). */
export const CLAIM_NUMBER_PATTERN = /^C(SG|HK)\d{2}-\d{7}$/;

/** PayNow pays out in Singapore only; Hong Kong pays to a bank account (decision 073). */
export const PAYOUT_METHODS = { SGP: ['paynow', 'bank'], HKG: ['bank'] } as const;
export type TPayoutMethod = 'paynow' | 'bank';
export type TPayout =
  | { method: 'paynow'; proxyType: 'mobile' | 'nric' | 'uen'; proxy: string }
  | { method: 'bank'; bankName: string; accountNumber: string };

/** Bank account numbers per market: Singapore banks use 9 to 14 digits; Hong Kong 3-digit bank code + 6 to 12 digits. */
export const ACCOUNT_NUMBER_DIGITS = { SGP: { min: 9, max: 14 }, HKG: { min: 9, max: 15 } } as const;
const BANK_NAME_MAX_LENGTH = FIELD_LENGTHS.name;

export function validatePayout(payout: TPayout | null | undefined, country: TCountry, today: TLocalDate) {
  const errors: Record<string, TClaimMessageKey> = {};
  if (!payout) return { payoutMethod: CLAIM_MESSAGE_KEYS.required };
  if (!(PAYOUT_METHODS[country] as readonly string[]).includes(payout.method))
    return { payoutMethod: CLAIM_MESSAGE_KEYS.payoutMethodInvalid };
  if (payout.method === 'paynow') {
    const proxy = payout.proxy.trim().toUpperCase();
    // PayNow proxies (MAS): a Singapore mobile (the market's one rule), an NRIC/FIN, or a UEN.
    const ok =
      payout.proxyType === 'mobile'
        ? isMarketMobile('SGP', proxy.replace(/^\+?65/, ''))
        : payout.proxyType === 'nric'
          ? isValidNric(proxy)
          : payout.proxyType === 'uen' && isValidUen(proxy, today);
    if (!ok) errors.paynowProxy = CLAIM_MESSAGE_KEYS.paynowProxyInvalid;
  } else {
    const name = payout.bankName.trim();
    if (!name) errors.bankName = CLAIM_MESSAGE_KEYS.bankNameRequired;
    else if (name.length > BANK_NAME_MAX_LENGTH) errors.bankName = CLAIM_MESSAGE_KEYS.tooLong;
    const digits = payout.accountNumber.replace(/[\s-]/g, '');
    const { min, max } = ACCOUNT_NUMBER_DIGITS[country];
    if (!new RegExp(`^\\d{${min},${max}}$`).test(digits))
      errors.accountNumber = CLAIM_MESSAGE_KEYS.accountNumberInvalid;
  }
  return errors;
}

/** What is kept of a payout once saved and shown back: its last four characters only. */
export function maskPayout(payout: TPayout): TPayout {
  const mask = (value: string) => {
    const plain = value.replace(/[\s-]/g, '');
    return `${'•'.repeat(Math.max(0, plain.length - 4))}${plain.slice(-4)}`;
  };
  return payout.method === 'paynow'
    ? { ...payout, proxy: mask(payout.proxy) }
    : { ...payout, accountNumber: mask(payout.accountNumber) };
}

/** A masked value (as `maskPayout` writes it) sent back unchanged means "keep what was saved". */
export function isMaskedValue(value: string): boolean {
  return value.startsWith('•');
}

/** The claim form's fields as the web sends them (dates ISO YYYY-MM-DD inside; cents for money). */
export type TClaimForm = {
  claimType: string;
  incidentDate: string;
  incidentPlace: string;
  description: string;
  officials: TOfficials;
  amountCents: number | null;
  payout: TPayout | null;
};

export type TClaimContext = {
  product: TClaimProduct;
  country: TCountry;
  /** Today in the market's time zone: a parameter, never read inside the rule. */
  today: TLocalDate;
  /** The policy's first and last day of cover (ISO). */
  coverStart: string;
  coverEnd: string;
};

/**
 * The date of incident: a real date, not after today, and within the period of insurance — on or
 * after the first day of cover and on or before its last (decision 073: the wording pays only for
 * events during the period; a claim may still be filed after the policy has ended).
 */
export function validateIncidentDate(value: string, context: TClaimContext): TClaimMessageKey | null {
  if (!value) return CLAIM_MESSAGE_KEYS.required;
  const date = parseIso(value);
  if (!date) return CLAIM_MESSAGE_KEYS.dateInvalid;
  if (compareDates(date, context.today) > 0) return CLAIM_MESSAGE_KEYS.dateInFuture;
  const start = parseIso(context.coverStart);
  const end = parseIso(context.coverEnd);
  if ((start && compareDates(date, start) < 0) || (end && compareDates(date, end) > 0))
    return CLAIM_MESSAGE_KEYS.dateOutsidePolicy;
  return null;
}

/** Every rule of the form at submit: field → message key; empty when the claim may be filed. */
export function validateClaimForm(
  form: TClaimForm,
  context: TClaimContext,
  documentCount: number,
): Record<string, TClaimMessageKey> {
  const errors: Record<string, TClaimMessageKey> = {};
  if (!form.claimType) errors.claimType = CLAIM_MESSAGE_KEYS.required;
  else if (!(CLAIM_TYPES[context.product] as readonly string[]).includes(form.claimType))
    errors.claimType = CLAIM_MESSAGE_KEYS.typeInvalid;
  const date = validateIncidentDate(form.incidentDate, context);
  if (date) errors.incidentDate = date;
  const place = form.incidentPlace.trim();
  if (!place) errors.incidentPlace = CLAIM_MESSAGE_KEYS.required;
  else if (place.length > PLACE_MAX_LENGTH) errors.incidentPlace = CLAIM_MESSAGE_KEYS.tooLong;
  const description = form.description.trim();
  if (!description) errors.description = CLAIM_MESSAGE_KEYS.required;
  else if (description.length > DESCRIPTION_MAX_LENGTH) errors.description = CLAIM_MESSAGE_KEYS.tooLong;
  const officials = validateOfficials(form.officials);
  if (officials) errors.officials = officials;
  if (form.amountCents === null || !Number.isInteger(form.amountCents) || form.amountCents <= 0)
    errors.amountCents = CLAIM_MESSAGE_KEYS.amountInvalid;
  else if (form.amountCents > CLAIM_AMOUNT_MAX_CENTS) errors.amountCents = CLAIM_MESSAGE_KEYS.amountTooLarge;
  Object.assign(errors, validatePayout(form.payout, context.country, context.today));
  if (documentCount < 1) errors.documents = CLAIM_MESSAGE_KEYS.documentsRequired;
  else if (documentCount > CLAIM_DOCUMENT_MAX_FILES) errors.documents = CLAIM_MESSAGE_KEYS.tooManyDocuments;
  return errors;
}

export { OFFICIAL_TYPES };

/**
 * The longest text each free-text field of the claim takes (issue 29: a field says its limit and a
 * longer text is refused with that limit, never cut without a word).
 */
export const CLAIM_TEXT_LIMITS = {
  incidentPlace: PLACE_MAX_LENGTH,
  description: DESCRIPTION_MAX_LENGTH,
  officials: OFFICIAL_DETAILS_MAX_LENGTH,
  bankName: BANK_NAME_MAX_LENGTH,
  answerNote: DESCRIPTION_MAX_LENGTH,
} as const;
export type TClaimTextField = keyof typeof CLAIM_TEXT_LIMITS;

/**
 * The values a field's message names, so it says the real problem: a text's limit, a market's
 * account-number length (Hong Kong: 9 to 15 digits), the documents' size and count (issue 29).
 */
export function claimMessageValues(field: string, country: TCountry): Record<string, number> {
  const values: Record<string, number> = {
    maxMb: CLAIM_DOCUMENT_MAX_BYTES / 1024 / 1024,
    maxFiles: CLAIM_DOCUMENT_MAX_FILES,
  };
  if (field in CLAIM_TEXT_LIMITS) values.max = CLAIM_TEXT_LIMITS[field as TClaimTextField];
  if (field === 'accountNumber') {
    values.min = ACCOUNT_NUMBER_DIGITS[country].min;
    values.max = ACCOUNT_NUMBER_DIGITS[country].max;
  }
  return values;
}

/**
 * A file the customer picked, checked before a byte is sent (issue 29) and again by the server on its
 * content: empty, over the size, or not a PDF, JPEG or PNG (by type, or by name when the browser gives
 * no type). Null when it may be sent.
 */
export function claimFileProblem(file: {
  size: number;
  type: string;
  name: string;
}): TClaimMessageKey | null {
  if (file.size === 0) return CLAIM_MESSAGE_KEYS.documentEmpty;
  if (file.size > CLAIM_DOCUMENT_MAX_BYTES) return CLAIM_MESSAGE_KEYS.documentTooLarge;
  const typed = (CLAIM_DOCUMENT_TYPES as readonly string[]).includes(file.type);
  if (!typed && (file.type !== '' || !/\.(pdf|jpe?g|png)$/i.test(file.name)))
    return CLAIM_MESSAGE_KEYS.documentType;
  return null;
}

/** A cancelled policy takes no new claim online (issue 29): the shop neither offers it nor accepts one. */
export function canStartClaimOn(policyStatus: string): boolean {
  return policyStatus !== 'cancelled';
}

/**
 * Whether two claims on one policy look like the same one (issue 29): the same incident date and type.
 * A second such claim is questioned before it is submitted, and the server asks for that confirmation.
 */
export function isSameIncident(
  a: { claimType: string; incidentDate: string | null },
  b: { claimType: string; incidentDate: string | null },
): boolean {
  return (
    Boolean(a.claimType && a.incidentDate) && a.claimType === b.claimType && a.incidentDate === b.incidentDate
  );
}

/**
 * The customer's answer to "more information needed" (issue 29): documents uploaded online, a note, or
 * both, and at least one of them; the note within its limit. Null when it may be sent.
 */
export function claimAnswerProblem(note: string, documentsAdded: number): TClaimMessageKey | null {
  const text = note.trim();
  if (text.length > CLAIM_TEXT_LIMITS.answerNote) return CLAIM_MESSAGE_KEYS.tooLong;
  if (!text && documentsAdded === 0) return CLAIM_MESSAGE_KEYS.answerEmpty;
  return null;
}
