import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  ACCESS_CODE_DIGITS,
  ACCESS_CODE_MAX_TRIES,
  ACCESS_CODE_VALID_MINUTES,
  ACCESS_LOCK_MINUTES,
  ACCESS_STARTS_PER_CLIENT,
  ACCESS_STARTS_PER_POLICY,
  normalisePolicyNumber,
} from '@lionrock/domain/self-service/access-rules';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { currentClient } from '../../lib/client-address.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';
import { sealValue } from '../../lib/sealed-values.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import { accessCodeHash } from './access-code-mail.ts';
import type { TAccessRepository } from './access-repository.ts';
import type { THolderAccess, TPolicyholder } from './holder-access.ts';
import { manageLink, manageLinkPath, verifyManageLink } from './manage-link.ts';

/** Verifying codes: per client, generous for typing mistakes, tight for walking through numbers. */
const VERIFIES_PER_CLIENT = 30;

const LOCK_MS = ACCESS_LOCK_MINUTES * 60_000;
/** A policy id no policy has (a UUID of version 4 with all random bits zero). */
const NO_POLICY = '00000000-0000-4000-8000-000000000000';

/** One answer for every refused code (wrong, expired, used, dead, none, unknown policy): it tells nothing. */
const refusedCode = () =>
  new ApiError(401, 'That code is not right or no longer works. Please check it, or ask for a new code.', {
    field: 'code',
  });

/** One answer for every refused link (changed, expired, for a policy that is gone). */
const refusedLink = () =>
  new ApiError(401, 'This link no longer opens the policy. Please sign in with your policy number.', {
    field: 'link',
  });

const tooMany = (retryAfterMs: number) =>
  new ApiError(
    429,
    `Too many tries. Please wait ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minutes and try again.`,
    { field: 'access', retryAfterMs },
  );

/**
 * Finding my policy without an account (design section 12, decision 067): the three facts start a
 * one-time code to the policy's e-mail address; the code or the signed "Manage your policy" link opens
 * the policyholder's session. Every refusal answers the same, whichever fact was wrong.
 */
export function createAccessService(deps: {
  db: TDb;
  config: TConfig;
  repository: TAccessRepository;
  holders: THolderAccess;
  store: TLimitStore;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
}) {
  const { repository, holders, store, now } = deps;
  const codeSecret = () => sharedSecret(deps.db, 'access-code', deps.config.linkSigningSecret);
  const codeHash = async (policyId: string, code: string) =>
    accessCodeHash(await codeSecret(), policyId, code);

  /** Counts an attempt against a window; over the limit is a 429 (for any number, known or not). */
  async function limit(key: string, max: number): Promise<void> {
    const count = await store.add(key, 1, LOCK_MS);
    if (count.count > max) throw tooMany(count.retryAfterMs);
  }

  /** Whether the three facts name the holder of the row, compared as keyed hashes in constant time. */
  async function matches(row: TPolicyRow | undefined, idNumber: string, dateOfBirth: string) {
    const country = (row?.country ?? 'SGP') as TCountry;
    // The given facts are hashed even for an unknown number, so both take about as long.
    const given = Buffer.from(await holders.holderKeyFor(country, idNumber, dateOfBirth));
    const holder = row ? await holders.holderOfPolicy(row) : null;
    const expected = Buffer.from(holder?.holderKey ?? '-'.repeat(given.length));
    return Boolean(holder) && expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * Sends a code when the facts match a policy with an e-mail address; answers the same either way.
   * A policy whose last code died of wrong tries waits ACCESS_LOCK_MINUTES before a new one.
   */
  async function start(input: {
    policyNumber: string;
    idNumber: string;
    dateOfBirth: string;
    language?: 'en' | 'zh' | undefined;
  }) {
    const policyNumber = normalisePolicyNumber(input.policyNumber);
    const client = currentClient();
    if (client !== undefined) await limit(`access:start:client:${client}`, ACCESS_STARTS_PER_CLIENT);
    await limit(`access:start:policy:${policyNumber}`, ACCESS_STARTS_PER_POLICY);
    const row = await repository.findNumberedPolicy(policyNumber);
    const matched = await matches(row, input.idNumber, input.dateOfBirth.trim());
    // Asked whether or not the facts matched, so both answers take about as long.
    const previous = await repository.findCode(row?.policyId ?? NO_POLICY);
    if (!row || !matched) return;
    const document = row.document as TPolicy;
    const email = policyApplicant(document)?.email?.trim() || document.payment?.email?.trim();
    if (!email) return;
    const at = now();
    if (
      previous &&
      previous.tries >= ACCESS_CODE_MAX_TRIES &&
      previous.createdAt.getTime() + LOCK_MS > at.getTime()
    )
      return;
    const code = String(randomInt(0, 10 ** ACCESS_CODE_DIGITS)).padStart(ACCESS_CODE_DIGITS, '0');
    const expiresAt = new Date(at.getTime() + ACCESS_CODE_VALID_MINUTES * 60_000);
    await repository.replaceCode(row.policyId, await codeHash(row.policyId, code), at, expiresAt, {
      messageId: `${row.policyNumber}.access-code.${randomUUID()}`,
      recipient: email,
      // In the language the customer is using the page in, else the policy's.
      language: input.language ?? (document.lang === 'zh' ? 'zh' : 'en'),
      // The code and when it stops working, so a mail delayed past it is not sent.
      sealed: sealValue(`${code}|${expiresAt.getTime()}`, await codeSecret()),
    });
    deps.log.info({ policyId: row.policyId }, 'access code queued');
    deps.onMailQueued();
  }

  /** Opens a session for the right code, once; every other answer is the one refusal. */
  async function verify(reply: FastifyReply, input: { policyNumber: string; code: string }) {
    const client = currentClient();
    if (client !== undefined) await limit(`access:verify:client:${client}`, VERIFIES_PER_CLIENT);
    const row = await repository.findNumberedPolicy(normalisePolicyNumber(input.policyNumber));
    if (!row) throw refusedCode();
    const code = input.code.replace(/\s/g, '');
    const used = await repository.consumeCode(
      row.policyId,
      await codeHash(row.policyId, code),
      now(),
      ACCESS_CODE_MAX_TRIES,
    );
    if (!used) {
      await repository.countWrongTry(row.policyId, ACCESS_CODE_MAX_TRIES);
      throw refusedCode();
    }
    const holder = await holders.holderOfPolicy(row);
    if (!holder) throw refusedCode();
    await holders.startSession(reply, holder);
    deps.log.info({ policyId: row.policyId }, 'policyholder signed in by code');
    return holder;
  }

  /** Opens a session from a signed link of a policy e-mail; the same refusal for any bad link. */
  async function openLink(
    reply: FastifyReply,
    input: { policyId: string; s?: string | undefined; e?: string | undefined; sig?: string | undefined },
  ): Promise<{ holder: TPolicyholder; policyId: string }> {
    const client = currentClient();
    if (client !== undefined) await limit(`access:verify:client:${client}`, VERIFIES_PER_CLIENT);
    const checked = await verifyManageLink(deps, input);
    if (!checked.ok) throw refusedLink();
    const row = await repository.findNumberedPolicy(input.s!);
    if (!row || row.policyId !== input.policyId) throw refusedLink();
    const holder = await holders.holderOfPolicy(row);
    if (!holder) throw refusedLink();
    await holders.startSession(reply, holder);
    deps.log.info({ policyId: row.policyId }, 'policyholder signed in by link');
    return { holder, policyId: row.policyId };
  }

  return {
    start,
    verify,
    openLink,
    /** The absolute "Manage your policy" link of a policy (e-mails). */
    manageLink: (policyId: string, policyNumber: string) => manageLink(deps, policyId, policyNumber),
    /** The same link on the shop's own origin (the finish page). */
    manageLinkPath: (policyId: string, policyNumber: string) => manageLinkPath(deps, policyId, policyNumber),
  };
}

export type TAccessService = ReturnType<typeof createAccessService>;
