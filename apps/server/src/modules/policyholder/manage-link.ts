import { MANAGE_LINK_VALID_DAYS } from '@lionrock/domain/self-service/access-rules';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import { signLink, verifyLink } from '../../lib/signed-link.ts';

/** The page the "Manage your policy" link opens: `/my-policy/open/{policyId}?s=…&e=…&sig=…`. */
export const MANAGE_LINK_PATH = '/my-policy/open';

export type TManageLinkDeps = { db: TDb; config: TConfig; now: () => Date };

const secret = (deps: TManageLinkDeps) =>
  sharedSecret(deps.db, 'link-signing', deps.config.linkSigningSecret);

/**
 * The "Manage your policy" link of every policy e-mail and the finish page (design section 12): signed
 * for the policy's number, bound to its id, valid MANAGE_LINK_VALID_DAYS; without the shop's origin.
 */
export async function manageLinkPath(deps: TManageLinkDeps, policyId: string, policyNumber: string) {
  const expiresAt = new Date(deps.now().getTime() + MANAGE_LINK_VALID_DAYS * 86_400_000);
  return signLink(
    { path: `${MANAGE_LINK_PATH}/${policyId}`, subject: policyNumber, expiresAt },
    await secret(deps),
  );
}

/** The same link, absolute, for an e-mail. */
export async function manageLink(deps: TManageLinkDeps, policyId: string, policyNumber: string) {
  return `${deps.config.publicUrl}${await manageLinkPath(deps, policyId, policyNumber)}`;
}

/** Whether the link's parts were signed for this policy id and are unexpired. */
export async function verifyManageLink(
  deps: TManageLinkDeps,
  input: { policyId: string; s?: string | undefined; e?: string | undefined; sig?: string | undefined },
) {
  return verifyLink(
    { path: `${MANAGE_LINK_PATH}/${input.policyId}`, subject: input.s, e: input.e, sig: input.sig },
    await secret(deps),
    deps.now(),
  );
}
