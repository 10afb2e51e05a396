import { CLAIM_DRAFT_KEPT_DAYS } from '@lionrock/domain/claims/claim-rules';
import type { TFileStore } from '../../storage/file-store.ts';
import type { TClaimsRepository } from './claims-repository.ts';

/** The most drafts one run deletes; the next day's run takes the rest. */
const DRAFTS_PER_RUN = 1_000;

/**
 * Unsubmitted drafts untouched for CLAIM_DRAFT_KEPT_DAYS go, with their documents' rows and files (issue
 * 27, decision 105); a draft whose resume link still works stays. One draft a transaction, each held
 * while its files are deleted through the file store, and a draft another instance holds is skipped:
 * several instances may run this at once.
 */
export function createDraftPruner(deps: {
  repository: Pick<TClaimsRepository, 'pruneOneDraft'>;
  store: TFileStore;
  now: () => Date;
}) {
  return {
    /** `at`: now, or the instant a business date staff chose stands for (decision 129). */
    async pruneStaleDrafts(at?: Date): Promise<{ drafts: number; files: number }> {
      const now = at ?? deps.now();
      const removeFiles = async (keys: string[]) => {
        await Promise.all(keys.map((key) => deps.store.delete(key)));
      };
      let drafts = 0;
      let files = 0;
      while (drafts < DRAFTS_PER_RUN) {
        const pruned = await deps.repository.pruneOneDraft(CLAIM_DRAFT_KEPT_DAYS, now, removeFiles);
        if (!pruned) break;
        drafts += 1;
        files += pruned.files;
      }
      return { drafts, files };
    },
  };
}

export type TDraftPruner = ReturnType<typeof createDraftPruner>;
