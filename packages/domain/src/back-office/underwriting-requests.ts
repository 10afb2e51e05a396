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
