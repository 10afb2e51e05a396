import type { TKernel } from '../../app-kernel.ts';
import { dataKeysFor } from '../../lib/data-encryption.ts';
import { createFileStore } from '../../storage/create-file-store.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { serviceMailSender } from '../notifications/mail-senders.ts';
import { isClaimMailKind } from './claim-mail.ts';
import { createClaimsRepository } from './claims-repository.ts';
import { claimsRoutes } from './claims-routes.ts';
import { createClaimsService } from './claims-service.ts';
import { createDraftPruner } from './prune-drafts.ts';
import { createUploadBudget } from './upload-budget.ts';

type TClaimsOptions = Parameters<typeof createClaimsService>[0];

/**
 * Claims (decision 073): a policyholder's drafts, documents and submission, payout details sealed at
 * rest (decision 106), and the bounds on drafts and uploads (decision 105).
 */
export async function claimsModule(
  kernel: TKernel,
  // manageUrl: a claim mail's status link proves the mailbox as a policy mail's does (decision 101, issue 29).
  deps: Pick<TClaimsOptions, 'access' | 'stepUps' | 'policies' | 'agents' | 'manageUrl'> & {
    /** Claim documents; by default the store FILE_STORE chooses (decision 075). */
    fileStore?: TFileStore;
  },
) {
  const { app, db, config, now } = kernel;
  const { fileStore, ...rest } = deps;
  const repository = createClaimsRepository(db, { keys: () => dataKeysFor(db, config) });
  const store = fileStore ?? createFileStore(config);
  const service = createClaimsService({
    db,
    config,
    repository,
    store,
    now,
    log: kernel.log,
    onMailQueued: kernel.onMailQueued,
    ...rest,
  });
  kernel.mailSenders.register(serviceMailSender('claims', isClaimMailKind, service));
  await app.register(claimsRoutes, {
    access: deps.access,
    service,
    uploads: createUploadBudget({ repository, limits: kernel.limits }),
  });
  return { service, repository, drafts: createDraftPruner({ repository, store, now }) };
}
