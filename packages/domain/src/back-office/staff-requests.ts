import { z } from 'zod';

/**
 * Pieces of the back office's requests that several of them share (decision 123): the back office's
 * form checks a request with the same schema the server's route checks it with.
 */

/** Why a staff member changes something (kept in the audit): a few words at least, a paragraph at most. */
export const STAFF_REASON = { min: 3, max: 500 } as const;
export const ZStaffReason = z.string().trim().min(STAFF_REASON.min).max(STAFF_REASON.max);
