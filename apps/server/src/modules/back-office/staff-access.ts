import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  can,
  isValidUsername,
  needsSecondFactor,
  normaliseUsername,
  PASSWORD_RESET_VALID_MINUTES,
  passwordProblem,
  STAFF_SESSION_IDLE_MINUTES,
  STAFF_SESSION_MAX_HOURS,
  STAFF_SIGN_IN,
  type TAccountRole,
  type TPermission,
} from '@lionrock/domain/back-office/staff-rules';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';
import { openSealedValue, sealValue } from '../../lib/sealed-values.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import { recordAudit } from './audit.ts';
import { DECOY_HASH, hashPassword, verifyPassword } from './password-hash.ts';
import { createStaffRepository, type TStaffAccountRow, type TStaffSessionRow } from './staff-repository.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

/**
 * Accounts, sign-in and sessions of the back office (`/admin`) and the agents' desk (`/agent`)
 * (issue 18, design section 12, decision 078). Every back-office call passes `requireAccount` first:
 * 401 without a live session, 403 for a role without the permission, and, on a change, 403 without
 * the session's CSRF token in the `x-csrf-token` header.
 */

/** The session cookie: HttpOnly, SameSite=Strict, sent only to the back-office API. */
export const STAFF_COOKIE = 'lr_staff';
export const STAFF_API_PREFIX = '/back-office/api';
const COOKIE_PATH = `${STAFF_API_PREFIX}/`;
/** The header the pages send the session's CSRF token in, on every call that changes something. */
export const CSRF_HEADER = 'x-csrf-token';
/** The outbox kind of a password-reset link. */
export const PASSWORD_RESET_MAIL_KIND = 'staff-password-reset';

export type TAccount = {
  id: string;
  username: string;
  email: string;
  displayName: string;
  role: TAccountRole;
  /** An agent's own code (its sub-agents' codes start with it); null for staff. */
  agentCode: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAccount` for the calls behind it. */
    account?: TAccount;
  }
}

type TAccountRow = TStaffAccountRow;

/** The permission each `requireAccount` preHandler asks, so a test can walk every back-office route. */
const PERMISSION_OF = new WeakMap<object, TPermission>();
export function permissionOfHandler(handler: unknown): TPermission | undefined {
  return typeof handler === 'function' ? PERMISSION_OF.get(handler) : undefined;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

function accountOf(row: TAccountRow): TAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    displayName: row.displayName,
    role: row.role as TAccountRole,
    agentCode: row.agentCode,
  };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(sha256(a));
  const right = Buffer.from(sha256(b));
  return timingSafeEqual(left, right);
}

export type TStaffAccessDeps = {
  db: TDb;
  config: TConfig;
  store: TLimitStore;
  now: () => Date;
  onMailQueued: () => void;
  /** The password check (a test records which hashes it is given); scrypt's by default. */
  verifyPassword?: typeof verifyPassword;
};

export type TSignInAnswer =
  | { stage: 'ready'; account: TAccount; csrfToken: string }
  | { stage: 'totp'; enrol: null; csrfToken: string }
  | { stage: 'totp'; enrol: { secret: string; uri: string }; csrfToken: string };

export function createStaffAccess(deps: TStaffAccessDeps) {
  const { db, config, store, now } = deps;
  const repository = createStaffRepository(db);
  const checkPassword = deps.verifyPassword ?? verifyPassword;
  const totpKey = () => sharedSecret(db, 'staff-totp', config.linkSigningSecret);
  const resetKey = () => sharedSecret(db, 'staff-reset', config.linkSigningSecret);

  const secureCookie = config.isProduction || config.publicUrl.startsWith('https:');
  const cookieOptions = {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookie,
  };

  /** Creates an account (the CLI, the local set-up, operations' account screen). */
  async function createAccount(input: {
    username: string;
    email: string;
    displayName: string;
    role: TAccountRole;
    password: string;
    agentCode?: string | null;
    createdBy: string;
  }): Promise<TAccount> {
    const username = normaliseUsername(input.username);
    if (!isValidUsername(username))
      throw new ApiError(400, 'A username has 3 to 60 letters, digits, dots, dashes, underscores or @.', {
        field: 'username',
      });
    const problem = passwordProblem(input.password, username);
    if (problem)
      throw new ApiError(400, 'The password must have 12 to 128 characters and not be guessable.', {
        field: 'password',
        messageKey: problem,
      });
    if (input.role === 'agent' && !input.agentCode)
      throw new ApiError(400, 'An agent account is bound to an agent code.', { field: 'agentCode' });
    const row = await repository.insertAccount(
      {
        username,
        email: input.email.trim(),
        displayName: input.displayName.trim(),
        role: input.role,
        agentCode: input.role === 'agent' ? (input.agentCode ?? null) : null,
        passwordHash: await hashPassword(input.password),
        createdBy: input.createdBy,
        updatedBy: input.createdBy,
      },
      (made) => ({
        at: now(),
        actor: { id: null, label: input.createdBy },
        action: 'create',
        entity: 'account',
        entityId: made.id,
        before: null,
        after: { username, role: made.role, agentCode: made.agentCode, email: made.email },
      }),
    );
    if (!row)
      throw new ApiError(409, 'There is already an account with this username.', { field: 'username' });
    return accountOf(row);
  }

  /** Sets a new password (the CLI, a reset link, the local set-up); clears the lock. */
  async function setPassword(accountId: string, password: string, by: string): Promise<void> {
    const row = await repository.findAccount(accountId);
    if (!row) throw new ApiError(404, 'No such account.', { field: 'accountId' });
    const problem = passwordProblem(password, row.username);
    if (problem)
      throw new ApiError(400, 'The password must have 12 to 128 characters and not be guessable.', {
        field: 'password',
        messageKey: problem,
      });
    // Every session of the account ends with the new password: whoever knew the old one is out.
    const at = now();
    await repository.replacePassword(accountId, await hashPassword(password), by, at, {
      at,
      actor: { id: null, label: by },
      action: 'password',
      entity: 'account',
      entityId: accountId,
      before: null,
      after: null,
    });
  }

  async function findByUsername(username: string): Promise<TAccountRow | undefined> {
    return repository.findAccountByUsername(normaliseUsername(username));
  }

  const refused = () => new ApiError(401, 'The username or password is not right.', { field: 'password' });
  /** The back-off of a username from one client: the same words whether or not the username exists. */
  const backedOff = (retryAfterMs: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    return new ApiError(
      423,
      `Too many failed sign-ins with this username from here: try again in ${minutes} minutes.`,
      { field: 'username', retryAfterMs },
    );
  };
  const lockedError = (until: Date) => {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 60_000));
    return new ApiError(
      423,
      `Too many failed sign-ins: this account is locked for ${minutes} minutes, or reset the password.`,
      { field: 'username', retryAfterMs: until.getTime() - now().getTime() },
    );
  };

  /** Counts a wrong second-factor code against the account (its password was right), locking it at the limit. */
  async function countFailure(row: TAccountRow): Promise<void> {
    const at = now();
    const failures = row.failedSignIns + 1;
    const lock = failures >= STAFF_SIGN_IN.maxFailures;
    await repository.countFailedSignIn(
      row.id,
      lock ? new Date(at.getTime() + STAFF_SIGN_IN.lockMinutes * 60_000) : null,
    );
    if (lock)
      await recordAudit(db, {
        at,
        actor: { id: null, label: 'system' },
        action: 'lock',
        entity: 'account',
        entityId: row.id,
        before: null,
        after: { lockedMinutes: STAFF_SIGN_IN.lockMinutes },
      });
  }

  async function openSession(reply: FastifyReply, accountId: string, stage: 'password' | 'ready') {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const at = now();
    await repository.insertSession({
      tokenHash: sha256(token),
      accountId,
      csrfToken,
      stage,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + STAFF_SESSION_MAX_HOURS * 3_600_000),
    });
    reply.setCookie(STAFF_COOKIE, token, cookieOptions);
    return csrfToken;
  }

  /**
   * Username and password (decision 106). Per client, tries are limited; per username and client,
   * five failures back off for the lock's minutes, counted in the limit store under the normalised
   * username's hash whether or not such an account exists: a known and an unknown username get the
   * same answers and the same work (one scrypt check: the account's hash or the decoy), and a
   * stranger elsewhere cannot lock a staff member out. A wrong password never touches the account;
   * only its owner, with the right password, learns of a lock from wrong second-factor codes. A right
   * password opens a session: ready for an agent, waiting for the TOTP code for staff (with a new
   * secret to enrol when the account has none confirmed yet).
   */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { username: string; password: string },
  ): Promise<TSignInAnswer> {
    const clientKey = `staff-sign-in:client:${request.clientKey}`;
    const windowMs = STAFF_SIGN_IN.windowMinutes * 60_000;
    const lockMs = STAFF_SIGN_IN.lockMinutes * 60_000;
    const byClient = await store.add(clientKey, 1, windowMs);
    if (byClient.count > STAFF_SIGN_IN.perClientPerWindow)
      throw new ApiError(429, 'Too many sign-ins from here. Please wait and try again.', {
        retryAfterMs: byClient.retryAfterMs,
      });
    // The username hashed: the store (Redis) never holds it, and an e-mail as username stays out of it.
    const username = normaliseUsername(input.username);
    const pair = `${sha256(username)}:${request.clientKey}`;
    const failuresKey = `staff-sign-in:failures:${pair}`;
    const backOffKey = `staff-sign-in:back-off:${pair}`;
    const backOff = await store.add(backOffKey, 0, lockMs);
    const row = await findByUsername(username);
    if (backOff.count > 0) {
      await checkPassword(input.password, DECOY_HASH);
      throw backedOff(backOff.retryAfterMs);
    }
    const right = await checkPassword(input.password, row?.passwordHash ?? DECOY_HASH);
    if (!row || !right || row.disabledAt) {
      const failures = await store.add(failuresKey, 1, windowMs);
      if (failures.count === STAFF_SIGN_IN.maxFailures) {
        await store.add(backOffKey, 1, lockMs);
        await recordAudit(db, {
          at: now(),
          actor: { id: null, label: 'system' },
          action: 'lock',
          entity: 'account',
          // An unknown name by its hash: the trail holds no username nobody has.
          entityId: row?.id ?? `unknown:${sha256(username).slice(0, 16)}`,
          before: null,
          after: { lockedMinutes: STAFF_SIGN_IN.lockMinutes, scope: 'username and client' },
        });
      }
      throw refused();
    }
    const at = now();
    if (row.lockedUntil && row.lockedUntil > at) throw lockedError(row.lockedUntil);
    await store.add(clientKey, -1, windowMs);
    const failed = await store.add(failuresKey, 0, windowMs);
    if (failed.count > 0) await store.add(failuresKey, -failed.count, windowMs);
    const role = row.role as TAccountRole;
    if (!needsSecondFactor(role) && !row.totpConfirmedAt) {
      await repository.clearFailedSignIns(row.id);
      const csrfToken = await openSession(reply, row.id, 'ready');
      return { stage: 'ready', account: accountOf(row), csrfToken };
    }
    const csrfToken = await openSession(reply, row.id, 'password');
    if (row.totpConfirmedAt && row.totpSecret) return { stage: 'totp', enrol: null, csrfToken };
    // First sign-in: a new secret to add to an authenticator app, confirmed by its first code.
    const secret = newTotpSecret();
    await repository.setUnconfirmedTotpSecret(row.id, sealValue(secret, await totpKey()));
    return { stage: 'totp', enrol: { secret, uri: otpauthUri(secret, row.username) }, csrfToken };
  }

  type TSessionRow = TStaffSessionRow;

  /** The live session of the request (any stage), kept alive by the call; null when none. */
  async function currentSession(
    request: FastifyRequest,
  ): Promise<{ session: TSessionRow; account: TAccountRow } | null> {
    const token = request.cookies?.[STAFF_COOKIE];
    if (!token || token.length > 100) return null;
    const at = now();
    const idleSince = new Date(at.getTime() - STAFF_SESSION_IDLE_MINUTES * 60_000);
    const session = await repository.touchSession(sha256(token), at, idleSince);
    if (!session) return null;
    const account = await repository.findEnabledAccount(session.accountId);
    return account ? { session, account } : null;
  }

  /** The TOTP code after the password: confirms enrolment the first time; five wrong codes lock. */
  async function confirmCode(request: FastifyRequest, code: string): Promise<TAccount> {
    const found = await currentSession(request);
    if (found?.session.stage !== 'password')
      throw new ApiError(401, 'Please sign in again: your session has ended.', { field: 'session' });
    checkCsrf(request, found.session);
    const { account } = found;
    const at = now();
    if (account.lockedUntil && account.lockedUntil > at) throw lockedError(account.lockedUntil);
    const secret = account.totpSecret ? openSealedValue(account.totpSecret, await totpKey()) : null;
    const step = secret ? matchTotp(secret, code.trim(), at, account.totpLastStep ?? null) : null;
    if (step === null) {
      await countFailure(account);
      throw new ApiError(401, 'That code is not right. Type the code your authenticator app shows now.', {
        field: 'code',
      });
    }
    // Only this step and later ones work from now on: the same code cannot be replayed.
    const updated = await repository.acceptTotpStep(
      account.id,
      account.totpLastStep ?? null,
      step,
      account.totpConfirmedAt ?? at,
    );
    if (!updated)
      throw new ApiError(401, 'That code was used already. Wait for the next one.', { field: 'code' });
    await repository.markSessionReady(found.session.tokenHash);
    if (!account.totpConfirmedAt)
      await recordAudit(db, {
        at,
        actor: { id: account.id, label: account.username },
        action: 'enrol-totp',
        entity: 'account',
        entityId: account.id,
        before: null,
        after: null,
      });
    return accountOf(updated);
  }

  function checkCsrf(request: FastifyRequest, session: TSessionRow): void {
    const given = request.headers[CSRF_HEADER];
    if (typeof given !== 'string' || !sameText(given, session.csrfToken))
      throw new ApiError(403, 'This page is out of date: reload it and try again.', { field: 'csrf' });
  }

  /** Who is signed in (for the pages), with the CSRF token to send back; null when no one. */
  async function whoIs(
    request: FastifyRequest,
  ): Promise<{ account: TAccount; stage: 'password' | 'ready'; csrfToken: string } | null> {
    const found = await currentSession(request);
    if (!found) return null;
    return {
      account: accountOf(found.account),
      stage: found.session.stage as 'password' | 'ready',
      csrfToken: found.session.csrfToken,
    };
  }

  async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies?.[STAFF_COOKIE];
    if (token) await repository.deleteSession(sha256(token));
    reply.clearCookie(STAFF_COOKIE, { path: COOKIE_PATH });
  }

  /**
   * A preHandler for a back-office call: 401 without a ready session, 403 when the role lacks
   * `permission`, and 403 for a change (any method but GET/HEAD) without the session's CSRF token.
   */
  function requireAccount(permission: TPermission): preHandlerAsyncHookHandler {
    const handler: preHandlerAsyncHookHandler = async (request) => {
      const found = await currentSession(request);
      if (found?.session.stage !== 'ready')
        throw new ApiError(401, 'Please sign in: your session has ended.', { field: 'session' });
      if (request.method !== 'GET' && request.method !== 'HEAD') checkCsrf(request, found.session);
      const account = accountOf(found.account);
      if (!can(account.role, permission))
        throw new ApiError(403, 'Your role does not allow this.', { field: 'role' });
      request.account = account;
    };
    PERMISSION_OF.set(handler, permission);
    return handler;
  }

  /**
   * Asks for a reset link: the same answer whether or not the username exists; a link (one hour,
   * once) is mailed to the account's address when it does.
   */
  async function startReset(request: FastifyRequest, username: string): Promise<void> {
    const clientKey = `staff-reset:client:${request.clientKey}`;
    const counted = await store.add(clientKey, 1, 60 * 60_000);
    if (counted.count > 10)
      throw new ApiError(429, 'Too many reset requests from here. Please wait and try again.', {
        retryAfterMs: counted.retryAfterMs,
      });
    const row = await findByUsername(username);
    if (!row || row.disabledAt) return;
    const perAccount = await store.add(`staff-reset:account:${row.id}`, 1, 60 * 60_000);
    if (perAccount.count > 3) return;
    const token = randomBytes(32).toString('base64url');
    const at = now();
    // Read before the transaction: on the embedded database a second query inside it would wait forever.
    const sealed = sealValue(token, await resetKey());
    await repository.insertPasswordReset(
      {
        tokenHash: sha256(token),
        accountId: row.id,
        expiresAt: new Date(at.getTime() + PASSWORD_RESET_VALID_MINUTES * 60_000),
        createdAt: at,
      },
      {
        messageId: `<reset-${randomBytes(12).toString('hex')}@lionrock>`,
        kind: PASSWORD_RESET_MAIL_KIND,
        recipientRole: 'staff',
        recipient: row.email,
        language: 'en',
        sealed,
      },
    );
    deps.onMailQueued();
  }

  /** Sets the new password from a reset link's token: once, within the hour. */
  async function finishReset(token: string, password: string): Promise<void> {
    const at = now();
    const reset = await repository.useReset(sha256(token), at);
    if (!reset)
      throw new ApiError(400, 'This reset link has expired or was used. Ask for a new one.', {
        field: 'token',
      });
    await setPassword(reset.accountId, password, 'password-reset');
  }

  /** The reset mail's content when it is sent; the link opens `/admin/reset#<token>`. */
  async function resetMailContent(sealed: string | null): Promise<{ subject: string; text: string } | null> {
    const token = sealed ? openSealedValue(sealed, await resetKey()) : null;
    if (!token) return null;
    const link = `${config.publicUrl}/admin/reset#${token}`;
    return {
      subject: 'Reset your Lionrock back-office password',
      text: [
        'Someone asked to reset the password of your Lionrock back-office account.',
        '',
        `Open this link within ${PASSWORD_RESET_VALID_MINUTES} minutes to choose a new password (it works once):`,
        link,
        '',
        'If this was not you, ignore this e-mail: your password stays as it is.',
        '',
      ].join('\n'),
    };
  }

  /** Sessions past their end or idle for a day are removed (a job may call this). */
  async function pruneSessions(): Promise<void> {
    const at = now();
    await repository.deleteSessions(at, new Date(at.getTime() - 86_400_000));
  }

  return {
    createAccount,
    setPassword,
    findByUsername: async (username: string) => {
      const row = await findByUsername(username);
      return row ? accountOf(row) : undefined;
    },
    signIn,
    confirmCode,
    whoIs,
    signOut,
    requireAccount,
    startReset,
    finishReset,
    resetMailContent,
    pruneSessions,
  };
}

export type TStaffAccess = ReturnType<typeof createStaffAccess>;
