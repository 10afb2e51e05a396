import { z } from 'zod';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * Consents (pa-home-payments section 5): declaration 1 (declarations, major exclusions, policy wording,
 * personal information collection statement) and declaration 2 (transfer of personal data for
 * servicing and claims) are required; marketing is optional. Each is recorded with the wording version
 * shown and when it was given.
 */
export const CONSENT_WORDING_VERSION = '2026-11';

const ZConsentSchema = z.object({
  given: z.boolean(),
  wordingVersion: z.string().max(20),
  at: z.iso.datetime().nullable(),
});

export const ZConsentsSchema = z.object({
  declaration1: ZConsentSchema,
  declaration2: ZConsentSchema,
  marketing: ZConsentSchema,
});

export type TConsent = z.infer<typeof ZConsentSchema>;
export type TConsents = z.infer<typeof ZConsentsSchema>;
export type TConsentKind = keyof TConsents;

export function recordConsent(
  given: boolean,
  at: string,
  wordingVersion = CONSENT_WORDING_VERSION,
): TConsent {
  return { given, wordingVersion, at: given ? at : null };
}

/** Both declarations must be ticked before payment (travel-flow section 5, Confirm). */
export function validateDeclarations(
  consents: TConsents,
): Partial<Record<'declaration1' | 'declaration2', string>> {
  const errors: Partial<Record<'declaration1' | 'declaration2', string>> = {};
  if (!consents.declaration1.given) errors.declaration1 = MESSAGE_KEYS.declaration1;
  if (!consents.declaration2.given) errors.declaration2 = MESSAGE_KEYS.declaration2;
  return errors;
}
