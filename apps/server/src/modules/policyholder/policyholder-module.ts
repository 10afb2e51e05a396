import type { TKernel } from '../../app-kernel.ts';
import { serviceMailSender, type TManageUrl } from '../notifications/mail-senders.ts';
import { accessCodeMailSender } from './access-code-sender.ts';
import { createAccessRepository } from './access-repository.ts';
import { accessRoutes } from './access-routes.ts';
import { createAccessService } from './access-service.ts';
import { isContactMailKind } from './contact-mail.ts';
import { createContactRepository } from './contact-repository.ts';
import { createContactService } from './contact-service.ts';
import { createHolderAccess } from './holder-access.ts';
import { createHolderRepository } from './holder-repository.ts';
import { holderRoutes } from './holder-routes.ts';
import { manageLink } from './manage-link.ts';
import { manageRoutes } from './manage-routes.ts';
import { createMyPolicyRepository } from './my-policy-repository.ts';
import { myPolicyRoutes } from './my-policy-routes.ts';
import { createMyPolicyService } from './my-policy-service.ts';
import { createRenewalCardService } from './renewal-card-service.ts';
import { createStepUpRepository } from './step-up-repository.ts';
import { createStepUpService, STEP_UP_MAIL_KIND, type TStepUpService } from './step-up-service.ts';

type TMyPolicyOptions = Parameters<typeof createMyPolicyService>[0];

/** The "Manage your policy" link a policy's mail carries (decision 101): signed, for the policy's own address. */
export function manageUrlOf(kernel: Pick<TKernel, 'db' | 'config' | 'now'>): TManageUrl {
  const { db, config, now } = kernel;
  return (policy, recipient, language) => manageLink({ db, config, now }, policy, recipient, language);
}

/**
 * After the sale, the policyholder (design section 12, decisions 101 and 102): the session only a code
 * sent to the policy's mailbox opens, my policy, a change of contact behind a fresh code with its undo,
 * and their mails.
 */
export async function policyholderModule(
  kernel: TKernel,
  deps: Pick<TMyPolicyOptions, 'documents' | 'renewals'> & {
    /** The policy a step-up code's mail is about. */
    findPolicy: (policyId: string) => Promise<Parameters<TStepUpService['mailContent']>[1] | undefined>;
  },
) {
  const { app, db, config, now, log, onMailQueued, mailSenders } = kernel;
  const holderRepository = createHolderRepository(db);
  const holderAccess = createHolderAccess({ db, config, repository: holderRepository, now });
  await app.register(holderRoutes, { access: holderAccess });
  const accessRepository = createAccessRepository(db);
  const access = createAccessService({
    db,
    config,
    repository: accessRepository,
    holderRepository,
    holders: holderAccess,
    store: kernel.limits,
    now,
    log,
    onMailQueued,
  });
  await app.register(accessRoutes, { service: access, access: holderAccess });
  await app.register(myPolicyRoutes, {
    access: holderAccess,
    service: createMyPolicyService({
      repository: createMyPolicyRepository(db),
      access: accessRepository,
      renewals: deps.renewals,
      documents: deps.documents,
      now,
      log,
      onMailQueued,
    }),
  });
  // The fresh code before a sensitive change, and the wait while a change of address can be undone (decision 102).
  const contactRepository = createContactRepository(db);
  const stepUps = createStepUpService({
    db,
    config,
    repository: createStepUpRepository(db),
    now,
    log,
    onMailQueued,
    undoableUntil: async (policyId) =>
      (await contactRepository.undoPending(policyId, now()))?.undoExpiresAt ?? null,
  });
  const contact = createContactService({
    db,
    config,
    now,
    log,
    onMailQueued,
    stepUps,
    holders: holderAccess,
  });
  const renewalCard = createRenewalCardService({ db, config, now, log });
  await app.register(manageRoutes, { access: holderAccess, stepUps, contact, renewalCard, config });
  mailSenders.register(
    serviceMailSender('step-up', (kind) => kind === STEP_UP_MAIL_KIND, {
      mailContent: async (mail) => {
        const policy = mail.policyId ? await deps.findPolicy(mail.policyId) : undefined;
        return policy ? stepUps.mailContent(mail, policy) : null;
      },
    }),
  );
  mailSenders.register(accessCodeMailSender({ db, config, repository: accessRepository, now }));
  mailSenders.register(
    serviceMailSender(
      'contact',
      // The step-up code is worded by the contact mail but composed by the step-up service (above).
      (kind) => isContactMailKind(kind) && kind !== STEP_UP_MAIL_KIND,
      createContactService({ db, config, now, log, onMailQueued: () => {} }),
    ),
  );
  return { holderAccess, access, accessRepository, stepUps };
}
