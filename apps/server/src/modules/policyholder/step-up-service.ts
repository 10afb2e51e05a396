import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { formatDmy, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  ACCESS_CODE_DIGITS,
  ACCESS_CODE_MAX_TRIES,
  ACCESS_CODE_VALID_MINUTES,
  BLOCKED_WHILE_UNDOABLE,
  IDENTITY_MESSAGE_KEYS,
  type TStepUpPurpose,
  validateAccessCode,
} from '@lionrock/domain/self-service/access-rules';
import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { openSealedValue, sealValue } from '../../lib/sealed-values.ts';
import { purposeSecret } from '../../lib/server-secrets.ts';
import type { TMailRow } from '../notifications/mail-outbox-repository.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import { codeSendWaitMs } from './code-sends.ts';
import { composeContactMail } from './contact-mail.ts';
import type { TPolicyholder } from './holder-access.ts';
import type { TStepUpRepository, TTransaction } from './step-up-repository.ts';

/** The outbox kind of a step-up code's mail. */
export const STEP_UP_MAIL_KIND = 'step-up-code';

/** A change of address waits for its undo: no second one, no cancellation, no payout change (decision 102). */
export function undoPendingError(until: Date | null, zone: string): ApiError {
  return new ApiError(
    409,
    'The e-mail address of this policy was changed recently and can still be undone from the old address. Please try again after that, or call us.',
    {
      field: 'policyId',
      messageKey: IDENTITY_MESSAGE_KEYS.undoPending,
      ...(until ? { values: { until: formatDmy(todayIn(zone, until)) } } : {}),
    },
  );
}

const stepUpError = (status: 400 | 403, messageKey: string, message: string) =>
  new ApiError(status, message, { field: 'stepUpCode', messageKey });

/** The change needs a fresh code first (or the one given was spent meanwhile). */
export const stepUpRequired = () =>
  stepUpError(
    403,
    IDENTITY_MESSAGE_KEYS.stepUpRequired,
    'Please confirm this change with the code we e-mail to the address on the policy.',
  );

/**
 * A fresh code before a sensitive change (issue 27, decision 102): the contact details, the renewal
 * card, a cancellation, a claim's payout account. The code goes to the address on the policy *before*
 * the change, is bound to the session that asked, the policy and the change, and is typed back with
 * the change itself, which spends it. A session alone, however it was opened, changes none of these.
 */
export function createStepUpService(deps: {
  db: TDb;
  config: TConfig;
  repository: TStepUpRepository;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
  /** When a change of the policy's address can be undone until, if it can (the contact changes' own). */
  undoableUntil?: (policyId: string) => Promise<Date | null>;
}) {
  const { repository, now } = deps;

  /** 409 for a change that waits while the policy's change of address can still be undone. */
  async function refuseWhileUndoable(row: TPolicyRow, purpose: TStepUpPurpose): Promise<void> {
    if (!BLOCKED_WHILE_UNDOABLE.includes(purpose) || !deps.undoableUntil) return;
    const until = await deps.undoableUntil(row.policyId);
    if (until) throw undoPendingError(until, MARKETS[row.country as TCountry].timeZone);
  }
  const secret = () => purposeSecret(deps.db, 'step-up', deps.config.linkSigningSecret);
  const codeHash = async (id: string, code: string) =>
    createHmac('sha256', await secret())
      .update(`${id}|${code}`, 'utf8')
      .digest('base64url');

  /** Mails a code for `purpose` to the address on the policy; answers where it went, masked. */
  async function request(
    holder: TPolicyholder,
    row: TPolicyRow,
    purpose: TStepUpPurpose,
    language: 'en' | 'zh',
  ): Promise<{ sentTo: string; validMinutes: number }> {
    await refuseWhileUndoable(row, purpose);
    const document = row.document as TPolicy;
    const recipient = policyApplicant(document)?.email?.trim();
    if (!recipient || !row.contactEmail)
      throw new ApiError(409, 'This policy has no e-mail address to send a code to.', { field: 'email' });
    const at = now();
    const wait = await codeSendWaitMs(repository.codesSince, row.policyId, at);
    if (wait > 0)
      throw new ApiError(429, 'A code was sent a moment ago. Please use it, or wait before asking again.', {
        field: 'stepUpCode',
        messageKey: IDENTITY_MESSAGE_KEYS.tooManyCodes,
        retryAfterMs: wait,
      });
    const id = randomUUID();
    const code = String(randomInt(10 ** ACCESS_CODE_DIGITS)).padStart(ACCESS_CODE_DIGITS, '0');
    const expiresAt = new Date(at.getTime() + ACCESS_CODE_VALID_MINUTES * 60_000);
    await repository.insert(
      {
        id,
        sessionHash: holder.sessionHash,
        policyId: row.policyId,
        purpose,
        contactEmail: row.contactEmail,
        codeHash: await codeHash(id, code),
        expiresAt,
        createdAt: at,
      },
      {
        kind: STEP_UP_MAIL_KIND,
        policyId: row.policyId,
        messageId: `step-up.${id}`,
        recipientRole: 'applicant',
        recipient,
        language,
        sealed: sealValue(code, await secret()),
      },
    );
    deps.log.info({ policyId: row.policyId, purpose }, 'step-up code queued');
    deps.onMailQueued();
    return { sentTo: maskEmail(recipient), validMinutes: ACCESS_CODE_VALID_MINUTES };
  }

  /**
   * Checks the session's code for this change of this policy without spending it, or refuses: 403 when
   * there is none (ask for one), 400 when the one given is wrong (a try is counted), expired or used
   * up. A code mailed to an address the policy no longer has proves nothing. Answers the code to spend.
   */
  async function check(
    holder: TPolicyholder,
    row: TPolicyRow,
    purpose: TStepUpPurpose,
    given: string | undefined,
  ): Promise<{ id: string }> {
    const required = stepUpRequired;
    await refuseWhileUndoable(row, purpose);
    if (given === undefined || given.trim() === '') throw required();
    const format = validateAccessCode(given);
    if (format) throw stepUpError(400, format, 'Please enter the code from the e-mail.');
    const open = await repository.latestOpen(holder.sessionHash, row.policyId, purpose);
    if (!open || open.contactEmail !== row.contactEmail) throw required();
    if (open.tries >= ACCESS_CODE_MAX_TRIES)
      throw stepUpError(
        400,
        IDENTITY_MESSAGE_KEYS.stepUpUsedUp,
        'This code was entered wrongly too many times.',
      );
    if (open.expiresAt <= now())
      throw stepUpError(400, IDENTITY_MESSAGE_KEYS.stepUpExpired, 'This code has expired.');
    const expected = Buffer.from(open.codeHash);
    const typed = Buffer.from(await codeHash(open.id, given.replace(/\s/g, '')));
    if (typed.length !== expected.length || !timingSafeEqual(typed, expected)) {
      const tries = await repository.wrongTry(open.id, ACCESS_CODE_MAX_TRIES);
      if (tries === null || tries >= ACCESS_CODE_MAX_TRIES)
        throw stepUpError(
          400,
          IDENTITY_MESSAGE_KEYS.stepUpUsedUp,
          'This code was entered wrongly too many times.',
        );
      throw stepUpError(400, IDENTITY_MESSAGE_KEYS.stepUpWrong, 'This code is not right.');
    }
    return { id: open.id };
  }

  /** Checks the code and spends it at once (a change made right after, outside a transaction of its own). */
  async function spend(
    holder: TPolicyholder,
    row: TPolicyRow,
    purpose: TStepUpPurpose,
    given: string | undefined,
  ): Promise<void> {
    const { id } = await check(holder, row, purpose, given);
    if (!(await repository.use(id, now()))) throw stepUpRequired();
    deps.log.info({ policyId: row.policyId, purpose }, 'step-up code spent');
  }

  /** Spends a checked code inside the change's own transaction: false when it was spent meanwhile. */
  const use = (id: string, tx: TTransaction) => repository.use(id, now(), tx);

  /** The code's mail when it is sent; null once the code is spent, superseded, dead or past its minutes. */
  async function mailContent(
    mail: TMailRow,
    policy: TPolicyRow,
  ): Promise<{ subject: string; text: string; html: string } | null> {
    const id = /^step-up\.([0-9a-f-]{36})$/.exec(mail.messageId)?.[1];
    const open = id ? await repository.findById(id) : undefined;
    const code = mail.sealed ? openSealedValue(mail.sealed, await secret()) : null;
    if (!open || !code || open.usedAt || open.tries >= ACCESS_CODE_MAX_TRIES || open.expiresAt <= now())
      return null;
    if (!policy.policyNumber) return null;
    return composeContactMail(
      'step-up-code',
      policy.document as TPolicy,
      mail.language === 'zh' ? 'zh' : 'en',
      {
        policyNumber: policy.policyNumber,
        code,
        purpose: open.purpose as TStepUpPurpose,
      },
    );
  }

  return { request, check, spend, use, mailContent };
}

export type TStepUpService = ReturnType<typeof createStepUpService>;
