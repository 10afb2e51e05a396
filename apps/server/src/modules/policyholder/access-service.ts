import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  ACCESS_CODE_DIGITS,
  ACCESS_CODE_MAX_TRIES,
  ACCESS_CODE_VALID_MINUTES,
  ACCESS_TRIES_PER_CLIENT,
  IDENTITY_MESSAGE_KEYS,
  normalisePolicyNumber,
} from '@lionrock/domain/self-service/access-rules';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { currentClient } from '../../lib/client-address.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';
import { sealValue } from '../../lib/sealed-values.ts';
import { purposeSecret } from '../../lib/server-secrets.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import { accessCodeHash } from './access-code-mail.ts';
import type { TAccessRepository } from './access-repository.ts';
import { codeSendWaitMs } from './code-sends.ts';
import type { THolderAccess, TPolicyholder } from './holder-access.ts';
import type { THolderRepository } from './holder-repository.ts';
import { checkManageLink, manageLink, type TLinkedPolicy } from './manage-link.ts';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/** One answer for every refused code (wrong, expired, used, dead, none, unknown challenge): it tells nothing. */
const refusedCode = () =>
  new ApiError(401, 'That code is not right or no longer works. Please check it, or ask for a new code.', {
    field: 'code',
  });

/** A refused link says why (used, expired, not valid), so the page can say it in the customer's language. */
const refusedLink = (reason: 'used' | 'expired' | 'invalid') =>
  new ApiError(
    401,
    reason === 'used'
      ? 'This link has been used already. Please sign in with your policy number.'
      : reason === 'expired'
        ? 'This link has expired. Please sign in with your policy number.'
        : 'This link is not valid. Please sign in with your policy number.',
    {
      field: 'link',
      messageKey:
        reason === 'used'
          ? IDENTITY_MESSAGE_KEYS.linkUsed
          : reason === 'expired'
            ? IDENTITY_MESSAGE_KEYS.linkExpired
            : IDENTITY_MESSAGE_KEYS.linkInvalid,
    },
  );

const tooMany = (retryAfterMs: number) =>
  new ApiError(
    429,
    `Too many tries. Please wait ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minutes and try again.`,
    { field: 'access', retryAfterMs },
  );

/**
 * Finding my policy without an account (design section 12, decisions 067 and 101): the three facts
 * locate a policy and start a one-time code to its address, bound to a challenge only the asking
 * browser holds; the code, or the "Manage your policy" link of a mail to that address, proves the
 * mailbox and adds it to the session. Every refused start answers the same, whichever fact was wrong.
 */
export function createAccessService(deps: {
  db: TDb;
  config: TConfig;
  repository: TAccessRepository;
  holderRepository: THolderRepository;
  holders: THolderAccess;
  store: TLimitStore;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
}) {
  const { repository, holders, store, now } = deps;
  const codeSecret = () => purposeSecret(deps.db, 'access-code', deps.config.linkSigningSecret);

  /** One more try from this client address, under its back-off (any policy, any step). */
  async function clientTry(): Promise<void> {
    const client = currentClient();
    if (client === undefined) return;
    const answer = await store.attempt(`access:client:${client}`, ACCESS_TRIES_PER_CLIENT);
    if (!answer.allowed) throw tooMany(answer.retryAfterMs);
  }

  /** Whether the three facts name the holder of the row, compared as keyed hashes in constant time. */
  async function matches(row: TPolicyRow | undefined, idNumber: string, dateOfBirth: string) {
    const country = (row?.country ?? 'SGP') as TCountry;
    // The given facts are hashed even for an unknown number, so both take about as long.
    const given = Buffer.from(await holders.holderKeyFor(country, idNumber, dateOfBirth));
    const holderKey = row ? await holders.holderKeyOf(row) : null;
    const expected = Buffer.from(holderKey ?? '-'.repeat(given.length));
    return Boolean(holderKey) && expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Whether the policy's send back-off lets another code go now (only codes actually mailed count). */
  async function mayMail(policyId: string, at: Date): Promise<boolean> {
    return (await codeSendWaitMs(repository.codesSince, policyId, at)) === 0;
  }

  /**
   * Starts a sign-in: a fresh challenge for this browser, always. When the facts match a policy with an
   * address and its send back-off allows, a code bound to that challenge is mailed there; the answer
   * is the same either way, so it tells nobody whether the facts matched.
   */
  async function start(input: {
    policyNumber: string;
    idNumber: string;
    dateOfBirth: string;
    language?: 'en' | 'zh' | undefined;
  }): Promise<{ challenge: string }> {
    await clientTry();
    const challenge = randomBytes(32).toString('base64url');
    const row = await repository.findNumberedPolicy(normalisePolicyNumber(input.policyNumber));
    const matched = await matches(row, input.idNumber, input.dateOfBirth.trim());
    const document = row?.document as TPolicy | undefined;
    const recipient = document ? policyApplicant(document)?.email?.trim() : undefined;
    const at = now();
    if (!row || !matched || !recipient || !row.contactEmail || !(await mayMail(row.policyId, at)))
      return { challenge };
    const code = String(randomInt(0, 10 ** ACCESS_CODE_DIGITS)).padStart(ACCESS_CODE_DIGITS, '0');
    const expiresAt = new Date(at.getTime() + ACCESS_CODE_VALID_MINUTES * 60_000);
    const challengeHash = sha256(challenge);
    const secret = await codeSecret();
    await repository.insertCode(
      {
        challengeHash,
        policyId: row.policyId,
        contactEmail: row.contactEmail,
        codeHash: accessCodeHash(secret, challengeHash, code),
        at,
        expiresAt,
      },
      {
        messageId: `${row.policyNumber}.access-code.${randomUUID()}`,
        recipient,
        // In the language the customer is using the page in, else the policy's.
        language: input.language ?? (document?.lang === 'zh' ? 'zh' : 'en'),
        // The code, when it stops working and its challenge, so a mail delayed past it is not sent.
        sealed: sealValue(`${code}|${expiresAt.getTime()}|${challengeHash}`, secret),
      },
    );
    deps.log.info({ policyId: row.policyId }, 'access code queued');
    deps.onMailQueued();
    return { challenge };
  }

  /**
   * The code typed back for the challenge: right, in time, within its tries and while the policy's
   * address is still the one it was mailed to, it proves that mailbox in the session, once. Every other
   * answer is the one refusal; a wrong code spends one of that challenge's tries only.
   */
  async function verify(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { challenge: string; code: string },
  ): Promise<TPolicyholder> {
    await clientTry();
    const challengeHash = sha256(input.challenge);
    const code = input.code.replace(/\s/g, '');
    const used = await repository.consumeCode(
      challengeHash,
      accessCodeHash(await codeSecret(), challengeHash, code),
      now(),
      ACCESS_CODE_MAX_TRIES,
    );
    if (!used) {
      await repository.countWrongTry(challengeHash, ACCESS_CODE_MAX_TRIES);
      throw refusedCode();
    }
    const row = await repository.findNumberedPolicyById(used.policyId);
    if (!row || row.contactEmail !== used.contactEmail) throw refusedCode();
    const holder = await holders.proveAddress(request, reply, row.country as TCountry, used.contactEmail);
    deps.log.info({ policyId: used.policyId }, 'policyholder proved an address by code');
    return holder;
  }

  /**
   * Opens the "Manage your policy" link of a mail: signed for the policy and its address as stored now,
   * unexpired, and not opened before. It proves that mailbox in the session and answers the policy.
   */
  async function openLink(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { policyId: string; n: string; e: string; sig: string },
  ): Promise<{ holder: TPolicyholder; policyId: string }> {
    await clientTry();
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const row = UUID.test(input.policyId)
      ? await repository.findNumberedPolicyById(input.policyId)
      : undefined;
    const linked: TLinkedPolicy | undefined = row
      ? { policyId: row.policyId, country: row.country, contactEmail: row.contactEmail }
      : undefined;
    const checked = await checkManageLink(deps, linked, input);
    if (!checked.ok) throw refusedLink(checked.reason);
    if (!(await deps.holderRepository.useLink(sha256(checked.nonce), checked.expiresAt)))
      throw refusedLink('used');
    const holder = await holders.proveAddress(request, reply, row!.country as TCountry, row!.contactEmail!);
    deps.log.info({ policyId: row!.policyId }, 'policyholder proved an address by link');
    return { holder, policyId: row!.policyId };
  }

  return {
    start,
    verify,
    openLink,
    /** The absolute "Manage your policy" link of a mail to `recipient`; null unless it is the policy's own address. */
    manageLink: (policy: TLinkedPolicy, recipient: string, language: string) =>
      manageLink(deps, policy, recipient, language),
  };
}

export type TAccessService = ReturnType<typeof createAccessService>;
