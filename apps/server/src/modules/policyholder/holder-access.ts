import { createHash, createHmac, randomBytes } from 'node:crypto';
import { normaliseIdForMatching } from '@lionrock/domain/identity/id-number';
import type { TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  HOLDER_SESSION_IDLE_MINUTES,
  HOLDER_SESSION_MAX_HOURS,
} from '@lionrock/domain/self-service/access-rules';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { policies, policyholderSessions } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';

/**
 * Who a policyholder is, without an account (design section 12): the market, the ID number and the
 * date of birth on the policy's applicant, kept only as a keyed hash. Every call after the sale
 * (my policy, cancellation, claims) asks `requireHolder` first and reaches a policy only through
 * `policyOfHolder`, so a session never sees another policyholder's policy.
 */
export type TPolicyholder = { holderKey: string; country: TCountry };

/** The cookie that carries the session's random token: HttpOnly, SameSite=Strict, path-bound. */
export const HOLDER_COOKIE = 'lr_holder';
const COOKIE_PATH = '/b2c-server/rest/';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireHolder` for the calls behind it. */
    policyholder?: TPolicyholder;
  }
}

/** The parts of a policy that say who holds it: `null` when it has no applicant to check against. */
export function holderIdentityOf(policy: TPolicy): { idNumber: string; dateOfBirth: string } | null {
  const applicant = policyApplicant(policy);
  if (!applicant) return null;
  const idNumber = applicant.clientType === 'C' ? applicant.uen : applicant.hkId;
  if (!idNumber) return null;
  return { idNumber, dateOfBirth: applicant.clientType === 'C' ? '' : applicant.dateOfBirth };
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

export type THolderAccessDeps = { db: TDb; config: TConfig; now: () => Date };

export function createHolderAccess(deps: THolderAccessDeps) {
  const { db, config, now } = deps;
  // A configured signing secret derives the key, so production needs no new setting; else the shared one.
  const keySecret = () =>
    config.linkSigningSecret
      ? Promise.resolve(
          createHmac('sha256', config.linkSigningSecret).update('holder-key').digest('base64url'),
        )
      : sharedSecret(db, 'holder-key');

  /** The keyed hash of who holds a policy: equal for the same person in the same market only. */
  async function holderKeyFor(country: TCountry, idNumber: string, dateOfBirth: string): Promise<string> {
    const secret = await keySecret();
    return createHmac('sha256', secret)
      .update(`${country}|${normaliseIdForMatching(idNumber)}|${dateOfBirth.trim()}`, 'utf8')
      .digest('base64url');
  }

  /** The holder of a policy row, or null when the policy names nobody to check. */
  async function holderOfPolicy(row: TPolicyRow): Promise<TPolicyholder | null> {
    const identity = holderIdentityOf(row.document as TPolicy);
    if (!identity) return null;
    const country = row.country as TCountry;
    return { country, holderKey: await holderKeyFor(country, identity.idNumber, identity.dateOfBirth) };
  }

  /** Numbered policies not yet keyed get their key (a handful at a time: those issued since the last ask). */
  async function keyNewPolicies(): Promise<void> {
    const rows = await db
      .select()
      .from(policies)
      .where(and(isNull(policies.holderKey), isNotNull(policies.policyNumber)))
      .limit(500);
    for (const row of rows) {
      const holder = await holderOfPolicy(row);
      await db
        .update(policies)
        .set({ holderKey: holder?.holderKey ?? '-' })
        .where(eq(policies.policyId, row.policyId));
    }
  }

  /** Opens a session for the holder and sets its cookie on the answer. */
  async function startSession(reply: FastifyReply, holder: TPolicyholder): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await db.insert(policyholderSessions).values({
      tokenHash: sha256(token),
      holderKey: holder.holderKey,
      country: holder.country,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + HOLDER_SESSION_MAX_HOURS * 3_600_000),
    });
    reply.setCookie(HOLDER_COOKIE, token, cookieOptions(config));
  }

  /** The session's holder, or null when there is none, it idled out or it is past its end; a call keeps it alive. */
  async function currentHolder(request: FastifyRequest): Promise<TPolicyholder | null> {
    const token = request.cookies?.[HOLDER_COOKIE];
    if (!token || token.length > 100) return null;
    const at = now();
    const idleSince = new Date(at.getTime() - HOLDER_SESSION_IDLE_MINUTES * 60_000);
    const [row] = await db
      .update(policyholderSessions)
      .set({ lastSeenAt: at })
      .where(
        and(
          eq(policyholderSessions.tokenHash, sha256(token)),
          gt(policyholderSessions.lastSeenAt, idleSince),
          gt(policyholderSessions.expiresAt, at),
        ),
      )
      .returning();
    return row ? { holderKey: row.holderKey, country: row.country as TCountry } : null;
  }

  /** Ends the session (sign out): the row goes and the cookie is cleared. */
  async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies?.[HOLDER_COOKIE];
    if (token) await db.delete(policyholderSessions).where(eq(policyholderSessions.tokenHash, sha256(token)));
    reply.clearCookie(HOLDER_COOKIE, { path: COOKIE_PATH });
  }

  /** A preHandler: 401 without a live session, else `request.policyholder` is set. */
  const requireHolder: preHandlerAsyncHookHandler = async (request) => {
    const holder = await currentHolder(request);
    if (!holder)
      throw new ApiError(401, 'Please confirm who you are again: your session has ended.', {
        field: 'session',
      });
    request.policyholder = holder;
  };

  /** The policyholder's numbered policies, newest first. */
  async function policiesOfHolder(holder: TPolicyholder): Promise<TPolicyRow[]> {
    await keyNewPolicies();
    return db
      .select()
      .from(policies)
      .where(
        and(
          eq(policies.holderKey, holder.holderKey),
          eq(policies.country, holder.country),
          isNotNull(policies.policyNumber),
        ),
      )
      .orderBy(sql`${policies.issuedAt} desc nulls last`);
  }

  /**
   * The policy if this holder holds it; a 404 otherwise, the same whether the policy does not exist
   * or is someone else's, so the answer tells nothing.
   */
  async function policyOfHolder(holder: TPolicyholder, policyId: string): Promise<TPolicyRow> {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (UUID.test(policyId)) {
      await keyNewPolicies();
      const [row] = await db
        .select()
        .from(policies)
        .where(
          and(
            eq(policies.policyId, policyId),
            eq(policies.holderKey, holder.holderKey),
            eq(policies.country, holder.country),
            isNotNull(policies.policyNumber),
          ),
        );
      if (row) return row;
    }
    throw new ApiError(404, 'No such policy.', { field: 'policyId' });
  }

  /** Sessions past their end or idle for a day are removed (a job may call this). */
  async function pruneSessions(): Promise<number> {
    const at = now();
    const rows = await db
      .delete(policyholderSessions)
      .where(lt(policyholderSessions.lastSeenAt, new Date(at.getTime() - 86_400_000)))
      .returning({ tokenHash: policyholderSessions.tokenHash });
    const ended = await db
      .delete(policyholderSessions)
      .where(lt(policyholderSessions.expiresAt, at))
      .returning({ tokenHash: policyholderSessions.tokenHash });
    return rows.length + ended.length;
  }

  return {
    holderKeyFor,
    holderOfPolicy,
    startSession,
    currentHolder,
    endSession,
    requireHolder,
    policiesOfHolder,
    policyOfHolder,
    pruneSessions,
  };
}

export type THolderAccess = ReturnType<typeof createHolderAccess>;

/**
 * HttpOnly and SameSite=Strict always; Secure in production and wherever the shop is served over
 * https. Only the local shop on plain http (localhost, 127.0.0.1) sends it without Secure, because a
 * browser may drop a Secure cookie set over plain http (decision 065).
 */
export function cookieOptions(config: TConfig) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.isProduction || config.publicUrl.startsWith('https:'),
    path: COOKIE_PATH,
    maxAge: HOLDER_SESSION_MAX_HOURS * 3600,
  };
}
