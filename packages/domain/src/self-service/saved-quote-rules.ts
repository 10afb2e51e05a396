import type { TPolicyInput } from '../schemas/policy-schema.ts';

/**
 * Quotes saved for later (travel-flow section 3, Policy: the saved-for-later token; decision 076):
 * every number of the rule lives here; the server's saved-quote module, the dialog and the tests read them.
 */

/** The e-mailed link reopens the journey for 30 days from the save (issue "After the sale"). */
export const SAVED_QUOTE_VALID_DAYS = 30;
/** 32 random bytes (256 bits; at least 128 asked): only its SHA-256 is stored. */
export const SAVED_QUOTE_TOKEN_BYTES = 32;
/** An abandoned journey with an e-mail gets its one reminder 24 hours after it was left. */
export const SAVED_QUOTE_REMINDER_HOURS = 24;
/** Saves per Session-Name, and mails per e-mail address, in one window: enough to fix a typo, too few to spam. */
export const SAVED_QUOTE_SAVES_PER_WINDOW = 5;
export const SAVED_QUOTE_WINDOW_MINUTES = 60;

/** The pages a journey may be saved from, and reopened at (quote, applicant, confirm of every product). */
export const SAVED_QUOTE_STEPS = ['quote', 'applicant', 'confirm'] as const;
export type TSavedQuoteStep = (typeof SAVED_QUOTE_STEPS)[number];

/** The token as it travels in the link: base64url of SAVED_QUOTE_TOKEN_BYTES bytes. */
export const SAVED_QUOTE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** When a saved journey stops reopening. */
export function savedQuoteExpiry(savedAt: Date): Date {
  return new Date(savedAt.getTime() + SAVED_QUOTE_VALID_DAYS * 86_400_000);
}

/** Whether the one reminder is due for a journey left at `leftAt` (not before 24 hours, not after its link expires). */
export function isReminderDue(leftAt: Date, now: Date): boolean {
  const age = now.getTime() - leftAt.getTime();
  return age >= SAVED_QUOTE_REMINDER_HOURS * 3_600_000 && age < SAVED_QUOTE_VALID_DAYS * 86_400_000;
}

/**
 * A reminder is marketing: a customer who said no to marketing (the confirm page's consent, mirrored
 * in the applicant's directMarketing flag; pa-home-payments section 5) gets none. Before the confirm
 * page nobody has answered, and the save itself asked for the mail.
 */
export function optedOutOfMarketing(policy: Pick<TPolicyInput, 'consents'>): boolean {
  return policy.consents ? !policy.consents.marketing.given : false;
}

/**
 * Where a reopened journey lands: at the step it was saved from, unless its rules now fail (a departure
 * or start date that has passed), which sends it back to the quote step with the error shown.
 */
export function resumeStep(saved: TSavedQuoteStep, stillValid: boolean): TSavedQuoteStep {
  return stillValid ? saved : 'quote';
}
