import { backoffRemainingMs, CODE_SENDS_PER_POLICY } from '@lionrock/domain/self-service/access-rules';

/** The codes a table has mailed for a policy since a moment, and when the newest went. */
export type TCodesSince = (policyId: string, since: Date) => Promise<{ count: number; lastAt: Date | null }>;

/**
 * How long the policy's next mailed code must wait under CODE_SENDS_PER_POLICY (0: it may go now), read
 * from the table whose codes count: sign-in and step-up codes, or a new address's codes.
 */
export async function codeSendWaitMs(codesSince: TCodesSince, policyId: string, at: Date): Promise<number> {
  const sent = await codesSince(policyId, new Date(at.getTime() - CODE_SENDS_PER_POLICY.windowMs));
  return backoffRemainingMs(sent.count, sent.lastAt, at, CODE_SENDS_PER_POLICY);
}
