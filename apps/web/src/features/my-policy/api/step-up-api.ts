import type { TStepUpPurpose } from '@lionrock/domain/self-service/access-rules';
import { ApiCallError, postJson } from '../../../lib/api-client';

/**
 * The fresh code a sensitive change needs (decision 102): asked for here, mailed to the address on the
 * policy, then sent back with the change itself.
 */
export const requestStepUp = (policyId: string, purpose: TStepUpPurpose, language: 'en' | 'zh') =>
  postJson<{ sentTo: string; validMinutes: number }>(
    `/b2c-server/rest/my-policy/policies/${encodeURIComponent(policyId)}/step-up`,
    { purpose, language },
  );

/** Whether a refusal is about the step-up code (none yet, wrong, expired, used up): the code form shows it. */
export const isStepUpRefusal = (error: unknown): error is ApiCallError =>
  error instanceof ApiCallError && error.field === 'stepUpCode';

/**
 * What a refusal says beyond its key: the values its text names (a date) and, for a 429, when to try
 * again. Read from the answer's body here rather than kept on every ApiCallError: the landing carries
 * that class, and its 120 kB has no room to spare (decision 022).
 */
export function refusalDetails(error: ApiCallError): {
  values?: Record<string, string | number>;
  retryAfterSeconds?: number;
} {
  return (error.body ?? {}) as { values?: Record<string, string | number>; retryAfterSeconds?: number };
}
