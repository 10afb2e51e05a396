import type { TCountry } from '@lionrock/domain/market/market';
import { RENEWAL_LINK_VALID_DAYS } from '@lionrock/domain/payments/renewal-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import { signLink, verifyLink } from '../../lib/signed-link.ts';
import { isoToDmy, type TRenewalContext } from './renewal-context.ts';

/** The page behind the signed link in every renewal e-mail that turns auto-renewal off. */
export const TURN_OFF_PATH = '/b2c-server/rest/renewal/turn-off';

export type TLinkDeps = { db: TDb; config: TConfig; now: () => Date };

const linkSecret = (deps: TLinkDeps) => sharedSecret(deps.db, 'link-signing', deps.config.linkSigningSecret);

/** The absolute, signed turn-off link for a policy, bound to its number, valid 60 days. */
export async function signTurnOffLink(
  deps: TLinkDeps,
  policyId: string,
  policyNumber: string,
): Promise<string> {
  const expiresAt = new Date(deps.now().getTime() + RENEWAL_LINK_VALID_DAYS * 86_400_000);
  const path = signLink(
    { path: `${TURN_OFF_PATH}/${policyId}`, subject: policyNumber, expiresAt },
    await linkSecret(deps),
  );
  return `${deps.config.publicUrl}${path}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the turn-off link shows or did. */
export type TTurnOffState =
  | { kind: 'invalid' | 'expired' }
  | {
      kind: 'ok';
      policyNumber: string;
      country: TCountry;
      language: 'en' | 'zh';
      productType: TPolicy['productType'];
      endDate: string;
      /** Auto-renewal was (GET) or is now (POST) off; `changed` tells whether this request turned it off. */
      autoRenewal: boolean;
      changed: boolean;
      /** The number of the policy that already renewed this one, if any. */
      renewedPolicyNumber: string | null;
      /** That renewal, charged and issued: what was charged and the new policy's period and page (decision 129). */
      renewed: { policyId: string; totalCents: number; startDate: string; endDate: string } | null;
    };

/**
 * The customer's "e-service" (pa-home-payments section 9): the signed link in every renewal e-mail
 * shows the policy it is about and turns auto-renewal off.
 */
export function createTurnOff(deps: TRenewalContext) {
  const { repository } = deps;

  /**
   * What the turn-off link is about, checked (signature, expiry, the policy and its number); with
   * `apply`, auto-renewal is turned off for the policy and the policy that renewed it (idempotent).
   */
  async function turnOff(
    policyId: string,
    query: { s?: string | undefined; e?: string | undefined; sig?: string | undefined },
    apply: boolean,
  ): Promise<TTurnOffState> {
    const checked = verifyLink(
      { path: `${TURN_OFF_PATH}/${policyId}`, subject: query.s, e: query.e, sig: query.sig },
      await linkSecret(deps),
      deps.now(),
    );
    if (!checked.ok) return { kind: checked.reason === 'expired' ? 'expired' : 'invalid' };
    if (!UUID.test(policyId)) return { kind: 'invalid' };
    const policy = await repository.findPolicy(policyId);
    if (!policy?.policyNumber || policy.policyNumber !== query.s) return { kind: 'invalid' };
    const renewal = await repository.findRenewalOf(policyId);
    const issued = renewal?.status === 'issued' && renewal.policyNumber ? renewal : null;
    // Once the renewal is charged this link turns nothing off: it says what happened (decision 129).
    const changed = apply && !issued ? (await repository.turnOffAutoRenewal(policyId)) > 0 : false;
    if (changed) deps.log.info({ policyId, policyNumber: policy.policyNumber }, 'auto-renewal turned off');
    const document = policy.document as TPolicy;
    return {
      kind: 'ok',
      policyNumber: policy.policyNumber,
      country: policy.country as TCountry,
      language: document.lang === 'zh' ? 'zh' : 'en',
      productType: document.productType,
      endDate: isoToDmy(policy.endDate),
      autoRenewal: changed ? false : policy.autoRenewal,
      changed,
      renewedPolicyNumber: issued?.policyNumber ?? null,
      renewed: issued
        ? {
            policyId: issued.policyId,
            totalCents:
              (await repository.latestPayment(issued.policyId))?.amountCents ?? issued.totalCents ?? 0,
            startDate: isoToDmy(issued.startDate),
            endDate: isoToDmy(issued.endDate),
          }
        : null,
    };
  }

  return turnOff;
}
