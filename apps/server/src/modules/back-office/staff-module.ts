import type { TKernel } from '../../app-kernel.ts';
import { createAuditTrail, type TAuditTrail } from './audit.ts';
import { createAuditRepository } from './audit-repository.ts';
import { backOfficeSessionRoutes } from './session-routes.ts';
import { createStaffAccess, type TStaffAccess } from './staff-access.ts';

/** What every back-office area is given: who is signed in and may do what, and the audit trail. */
export type TStaff = { access: TStaffAccess; audit: TAuditTrail };

/**
 * Back-office and agents' desk accounts, sessions and roles (decision 078): the sign-in routes, the
 * reset mail, and the audit trail every area writes to.
 */
export async function staffModule(
  kernel: TKernel,
  deps: Pick<Parameters<typeof backOfficeSessionRoutes>[1], 'agentMarketOf'>,
): Promise<TStaff> {
  const { app, db } = kernel;
  const access = createStaffAccess({
    db,
    config: kernel.config,
    store: kernel.limits,
    now: kernel.now,
    onMailQueued: kernel.onMailQueued,
  });
  const audit = createAuditTrail(createAuditRepository(db));
  await app.register(backOfficeSessionRoutes, { access, audit, agentMarketOf: deps.agentMarketOf });
  kernel.mailSenders.register({
    name: 'back-office',
    handles: (mail) => mail.recipientRole === 'staff',
    compose: (mail) => access.resetMailContent(mail.sealed),
  });
  return { access, audit };
}
