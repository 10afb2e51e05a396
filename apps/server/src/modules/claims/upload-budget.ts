import {
  CLAIM_UPLOAD_LIMIT_KEYS,
  claimUploadRoom,
  type TClaimUploadLimit,
} from '@lionrock/domain/claims/claim-rules';
import { ApiError } from '../../lib/api-error.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';
import type { TClaimsRepository } from './claims-repository.ts';

const HOUR_MS = 3_600_000;

/** The room one upload holds from the policyholder's budget, taken before its body is read. */
export type TUploadReservation = {
  /** Counts a file's bytes against the room; past it, the upload is refused by the limit that set it. */
  take(bytes: number): void;
  /** Gives back what a body sent without its length held and did not use. */
  release(): Promise<void>;
};

/** A 413 (what the drafts or a body may hold) or a 429 with Retry-After (the hour's bytes), naming `file`. */
export function uploadRefusal(limit: TClaimUploadLimit, retryAfterMs?: number): ApiError {
  const messages: Record<TClaimUploadLimit, string> = {
    body: 'The upload is larger than the documents of a whole claim.',
    drafts: 'Your unfinished claims hold as many documents as we keep: submit one or remove files first.',
    hour: 'You have uploaded as much as we take in an hour. Please try again later.',
  };
  return new ApiError(limit === 'hour' ? 429 : 413, messages[limit], {
    field: 'file',
    messageKey: CLAIM_UPLOAD_LIMIT_KEYS[limit],
    ...(limit === 'hour' ? { retryAfterMs } : {}),
  });
}

/**
 * A policyholder's upload budget (issue 27, decision 105): the bytes sent in uploads in an hour, counted in
 * the limit store (shared through Redis like every other limit, decision 027), and the bytes their open
 * drafts hold, counted in the database. An upload reserves its room before its body is read: the length
 * it declares, or for a body without one all the tightest limit leaves. The hour's reservation is one
 * atomic add, so two uploads at once cannot both take the hour's last room; what the drafts hold is
 * checked again when the rows are written, under the holder's drafts' locks (claims-repository).
 */
export function createUploadBudget(deps: {
  repository: Pick<TClaimsRepository, 'draftBytesOf'>;
  limits: TLimitStore;
}) {
  const hourKey = (holderKey: string) => `claim-upload:${holderKey}`;
  return {
    async reserve(holderKey: string, declaredBytes: number | undefined): Promise<TUploadReservation> {
      const key = hourKey(holderKey);
      const [inDrafts, hour] = await Promise.all([
        deps.repository.draftBytesOf(holderKey),
        deps.limits.add(key, 0, HOUR_MS),
      ]);
      const room = claimUploadRoom(declaredBytes, { inDrafts, thisHour: hour.count });
      if ('refused' in room) throw uploadRefusal(room.refused, hour.retryAfterMs);
      const spent = await deps.limits.add(key, room.bytes, HOUR_MS);
      // Another upload may have reserved since the hour was read: the count this add answers decides.
      if ('refused' in claimUploadRoom(room.bytes, { inDrafts, thisHour: spent.count - room.bytes })) {
        await deps.limits.add(key, -room.bytes, HOUR_MS);
        throw uploadRefusal('hour', spent.retryAfterMs);
      }
      let taken = 0;
      return {
        take(bytes) {
          taken += bytes;
          if (taken > room.bytes) throw uploadRefusal(room.limit, spent.retryAfterMs);
        },
        async release() {
          // A declared length was sent whole, read or not; only a length-less body's unused room goes back.
          const unused = room.bytes - taken;
          if (declaredBytes === undefined && unused > 0) await deps.limits.add(key, -unused, HOUR_MS);
        },
      };
    },
  };
}

export type TUploadBudget = ReturnType<typeof createUploadBudget>;
