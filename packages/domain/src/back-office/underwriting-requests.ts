import { z } from 'zod';
import { ZStaffReason } from './staff-requests.ts';

/**
 * Underwriting's requests (decision 085, decision 123): what its forms check before sending and its
 * routes check again.
 */

/** An ID number put on the blacklist: NRIC, FIN, HKID or passport, as typed (the server normalises). */
export const BLACKLIST_ID_NUMBER = { min: 5, max: 30 } as const;

export const ZBlacklistAdd = z.object({
  idNumber: z.string().trim().min(BLACKLIST_ID_NUMBER.min).max(BLACKLIST_ID_NUMBER.max),
  reason: ZStaffReason,
});
export type TBlacklistAdd = z.infer<typeof ZBlacklistAdd>;

export const ZBlacklistRemove = z.object({ reason: ZStaffReason });
export type TBlacklistRemove = z.infer<typeof ZBlacklistRemove>;

/** A rate table is premiums (`rates`) or a benefit schedule's limits (`benefits`), decision 091. */
export const RATE_TABLE_KINDS = ['rates', 'benefits'] as const;
/** A table's product and market codes (PTR, SGP, ALL): short; the service knows which tables exist. */
export const RATE_TABLE_CODE_MAX = 10;
/** A version's label (`2027.1`): something, and unique per table (the service's check). */
export const RATE_TABLE_VERSION = { min: 1, max: 40 } as const;
/** An activation's note, kept in the audit when given. */
export const RATE_TABLE_NOTE_MAX = 500;

/**
 * A new version of a table uploaded as a draft: its table, label, the day cover starting on it is
 * priced by it, and the table itself as a JSON object (its engine's schema is the service's check).
 */
export const ZRateTableUpload = z.object({
  product: z.string().max(RATE_TABLE_CODE_MAX),
  country: z.string().max(RATE_TABLE_CODE_MAX),
  kind: z.enum(RATE_TABLE_KINDS),
  version: z.string().trim().min(RATE_TABLE_VERSION.min).max(RATE_TABLE_VERSION.max),
  effectiveDate: z.iso.date({ error: 'Enter the effective date as YYYY-MM-DD.' }),
  data: z.record(z.string(), z.unknown(), { error: 'The table must be a JSON object.' }),
});
export type TRateTableUpload = z.infer<typeof ZRateTableUpload>;

/** A draft activated, with a note for the audit if any. */
export const ZRateTableActivate = z.object({ note: z.string().max(RATE_TABLE_NOTE_MAX).optional() });
export type TRateTableActivate = z.infer<typeof ZRateTableActivate>;
