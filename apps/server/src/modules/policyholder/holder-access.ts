import { createHash, createHmac, randomBytes } from 'node:crypto';
import { normaliseIdForMatching } from '@lionrock/domain/identity/id-number';
import type { TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  HOLDER_SESSION_IDLE_MINUTES,
  HOLDER_SESSION_MAX_HOURS,
} from '@lionrock/domain/self-service/access-rules';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { purposeSecret } from '../../lib/server-secrets.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { THolderRepository } from './holder-repository.ts';

/**
 * Who a policyholder is, without an account (design section 12, decision 101): whoever holds the
 * policy's mailbox. A session proves addresses — a code mailed to one typed back, a link mailed to one
 * opened — and reaches exactly the numbered policies whose address, as stored at the moment of the
 * call, it has proved. An ID number and birth date locate a policy; they never grant anything.
 * Every call after the sale (my policy, cancellation, claims) asks `requireHolder` first and reaches a
 * policy only through `policyOfHolder`.
 */
export type TPolicyholder = { sessionHash: string; country: TCountry };

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

export type THolderAccessDeps = {
  db: TDb;
  config: TConfig;
  repository: THolderRepository;
  now: () => Date;
};

export function createHolderAccess(deps: THolderAccessDeps) {
  const { db, config, repository, now } = deps;

  /**
   * The keyed hash of the facts that locate a policy (market, ID number, birth date): it finds a
   * policy for the sign-in and groups a person's claims (upload budgets); it opens nothing.
   */
  async function holderKeyFor(country: TCountry, idNumber: string, dateOfBirth: string): Promise<string> {
    const secret = await purposeSecret(db, 'holder-key', config.linkSigningSecret);
    return createHmac('sha256', secret)
      .update(`${country}|${normaliseIdForMatching(idNumber)}|${dateOfBirth.trim()}`, 'utf8')
      .digest('base64url');
  }

  /** The identity key of a policy row's applicant, or null when the policy names nobody to check. */
  async function holderKeyOf(row: TPolicyRow): Promise<string | null> {
    const identity = holderIdentityOf(row.document as TPolicy);
    if (!identity) return null;
    return holderKeyFor(row.country as TCountry, identity.idNumber, identity.dateOfBirth);
  }

  /** The live session of the request, or null when there is none, it idled out or it is past its end; a call keeps it alive. */
  async function currentHolder(request: FastifyRequest): Promise<TPolicyholder | null> {
    const token = request.cookies?.[HOLDER_COOKIE];
    if (!token || token.length > 100) return null;
    const at = now();
    const row = await repository.touchSession(
      sha256(token),
      at,
      new Date(at.getTime() - HOLDER_SESSION_IDLE_MINUTES * 60_000),
    );
    return row ? { sessionHash: row.tokenHash, country: row.country as TCountry } : null;
  }

  /**
   * The mailbox of `contactEmail` has answered in this request (a code or a link): the request's live
   * session in the same market adds it; otherwise a new session, with a new cookie, starts with it alone.
   */
  async function proveAddress(
    request: FastifyRequest,
    reply: FastifyReply,
    country: TCountry,
    contactEmail: string,
  ): Promise<TPolicyholder> {
    const at = now();
    const current = await currentHolder(request);
    if (current && current.country === country) {
      await repository.addAddress(current.sessionHash, contactEmail, at);
      return current;
    }
    if (current) await repository.deleteSession(current.sessionHash);
    const token = randomBytes(32).toString('base64url');
    const holder = { sessionHash: sha256(token), country };
    await repository.insertSession({
      tokenHash: holder.sessionHash,
      country,
      at,
      expiresAt: new Date(at.getTime() + HOLDER_SESSION_MAX_HOURS * 3_600_000),
    });
    await repository.addAddress(holder.sessionHash, contactEmail, at);
    reply.setCookie(HOLDER_COOKIE, token, cookieOptions(config));
    return holder;
  }

  /** Ends the session on the server (sign out): the row and its addresses go, and the cookie is cleared. */
  async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies?.[HOLDER_COOKIE];
    if (token && token.length <= 100) await repository.deleteSession(sha256(token));
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

  /** The numbered policies the session reaches now, newest first. */
  function policiesOfHolder(holder: TPolicyholder): Promise<TPolicyRow[]> {
    return repository.reachablePolicies(holder.sessionHash, holder.country);
  }

  /**
   * The policy if the session reaches it now; a 404 otherwise, the same whether the policy does not
   * exist or is someone else's, so the answer tells nothing.
   */
  async function policyOfHolder(holder: TPolicyholder, policyId: string): Promise<TPolicyRow> {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const row = UUID.test(policyId)
      ? await repository.reachablePolicy(holder.sessionHash, holder.country, policyId)
      : undefined;
    if (!row) throw new ApiError(404, 'No such policy.', { field: 'policyId' });
    return row;
  }

  /** Sessions past their end or idle for a day, and opened links past their expiry, are removed (a job calls this). */
  function pruneSessions(): Promise<number> {
    const at = now();
    return repository.prune(at, new Date(at.getTime() - 86_400_000));
  }

  return {
    holderKeyFor,
    holderKeyOf,
    currentHolder,
    proveAddress,
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
