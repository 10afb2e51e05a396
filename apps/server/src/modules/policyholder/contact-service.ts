import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { formatDmy, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TApplicant, TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  ACCESS_CODE_DIGITS,
  ACCESS_CODE_MAX_TRIES,
  ACCESS_CODE_VALID_MINUTES,
  EMAIL_UNDO_VALID_DAYS,
  IDENTITY_MESSAGE_KEYS,
} from '@lionrock/domain/self-service/access-rules';
import {
  correspondenceChange,
  correspondenceOf,
  isSameCorrespondence,
  isSameEmail,
  MANAGE_MESSAGE_KEYS,
  maskEmail,
  maskMobile,
  normaliseContact,
  normaliseCorrespondence,
  type TContactChange,
  type TCorrespondenceAddress,
  takesChangeForAll,
  validateContactChange,
  validateCorrespondenceAddress,
} from '@lionrock/domain/self-service/contact-rules';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError, badRequest } from '../../lib/api-error.ts';
import { openSealedValue, sealValue } from '../../lib/sealed-values.ts';
import { purposeSecret } from '../../lib/server-secrets.ts';
import type { TMailRow } from '../notifications/mail-outbox-repository.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import { codeSendWaitMs } from './code-sends.ts';
import { composeContactMail, isContactMailKind } from './contact-mail.ts';
import { createContactRepository, type TQueuedMail } from './contact-repository.ts';
import type { THolderAccess, TPolicyholder } from './holder-access.ts';
import { pageQuery } from './manage-link.ts';
import { type TStepUpService, undoPendingError } from './step-up-service.ts';

/** The page the undo link of a change of address opens: `/my-policy/undo?…#token`. */
export const UNDO_PAGE = '/my-policy/undo';

/** The notice of a changed mobile number, to the address on the policy (issue 29). */
const MOBILE_CHANGED = 'contact-mobile-changed';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/** What the contact panel shows: the mobile number, the e-mail masked, and a new one waiting for its code. */
export type TContactView = {
  mobileNoCountryCode: string;
  mobileNo: string;
  email: string;
  pendingEmail: string | null;
  /** The correspondence address (issue 29), or null when the policy has none. */
  correspondenceAddress: TCorrespondenceAddress | null;
  /** After a change: the numbers of the policies it was written to (this one first). */
  appliedTo?: string[];
};

/** The applicant of a document with some fields changed, wherever the product keeps it. */
function withApplicant(document: TPolicy, change: Partial<TApplicant>): TPolicy {
  if (document.productType === 'PTR' && document.policyTravel?.applicant)
    return {
      ...document,
      policyTravel: {
        ...document.policyTravel,
        applicant: { ...document.policyTravel.applicant, ...change },
      },
    };
  if (document.productType === 'PAN' && document.policyPAN?.applicant)
    return {
      ...document,
      policyPAN: { ...document.policyPAN, applicant: { ...document.policyPAN.applicant, ...change } },
    };
  if (document.productType === 'PHM' && document.policyHome?.applicant)
    return {
      ...document,
      policyHome: { ...document.policyHome, applicant: { ...document.policyHome.applicant, ...change } },
    };
  throw new Error('the policy has no applicant');
}

/**
 * Contact details after the sale (design section 12, decisions 069 and 102): any change needs a fresh
 * step-up code from the address on the policy first; the mobile number then changes at once; a new
 * e-mail address only once the 6-digit code sent to it is typed back (10 minutes, 5 tries, the access
 * rules' numbers), and the old address is told, with a link that undoes it for EMAIL_UNDO_VALID_DAYS.
 * The change goes into the policy's document, which every later mail (renewal notices included) reads
 * its address from, and into its events, masked.
 */
export function createContactService(deps: {
  db: TDb;
  config: TConfig;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
  /** The step-up before a change, and the session the new address is proved in (not needed to send mail). */
  stepUps?: Pick<TStepUpService, 'spend'>;
  holders?: Pick<THolderAccess, 'proveAddress' | 'policiesOfHolder' | 'holderKeyOf'>;
}) {
  const repository = createContactRepository(deps.db);
  const secret = () => purposeSecret(deps.db, 'contact-code', deps.config.linkSigningSecret);
  const zoneOf = (row: { country: string }) => MARKETS[row.country as TCountry].timeZone;

  /** 409 while a change of the policy's address can still be undone. */
  async function refuseWhileUndoable(row: TPolicyRow): Promise<void> {
    const pending = await repository.undoPending(row.policyId, deps.now());
    if (pending) throw undoPendingError(pending.undoExpiresAt, zoneOf(row));
  }
  const codeHash = async (changeId: string, code: string) =>
    createHmac('sha256', await secret())
      .update(`${changeId}:${code}`, 'utf8')
      .digest('base64url');
  const newCode = () => String(randomInt(10 ** ACCESS_CODE_DIGITS)).padStart(ACCESS_CODE_DIGITS, '0');

  async function viewOf(row: TPolicyRow, document = row.document as TPolicy): Promise<TContactView> {
    const applicant = policyApplicant(document);
    const pending = await repository.latestChange(row.policyId);
    const waiting = pending?.status === 'open' && pending.expiresAt > deps.now();
    return {
      mobileNoCountryCode: applicant?.mobileNoCountryCode ?? '',
      mobileNo: applicant?.mobileNo ?? '',
      email: maskEmail(applicant?.email ?? ''),
      pendingEmail: waiting ? maskEmail(pending.newEmail) : null,
      correspondenceAddress: correspondenceOf(document),
    };
  }

  /**
   * The policies a change "for all my policies" is written to (issue 29): this one, and every other the
   * session reaches now (decision 101: its address proved) that is the same person's (the holder key of
   * market, ID number and birth date), at the same address the step-up code just went to, and in force
   * or yet to start. Nothing in the request names them: a policy of someone else, or of the other
   * market, is never among them.
   */
  async function policiesForAll(holder: TPolicyholder, row: TPolicyRow): Promise<TPolicyRow[]> {
    if (!deps.holders) throw new Error('the contact service was built without holder access');
    const key = await deps.holders.holderKeyOf(row);
    if (!key || !row.contactEmail) return [row];
    const today = todayIn(zoneOf(row), deps.now());
    const others: TPolicyRow[] = [];
    for (const other of await deps.holders.policiesOfHolder(holder)) {
      if (other.policyId === row.policyId || other.country !== row.country) continue;
      if (other.contactEmail !== row.contactEmail || !takesChangeForAll(other, today)) continue;
      if ((await deps.holders.holderKeyOf(other)) === key) others.push(other);
    }
    return [row, ...others];
  }

  const mailOf = (
    kind: string,
    row: { policyId: string },
    changeId: string,
    recipient: string,
    document: TPolicy,
  ): TQueuedMail => ({
    kind,
    policyId: row.policyId,
    messageId: `contact-change.${changeId}.${kind}`,
    recipientRole: 'applicant',
    recipient,
    language: document.lang ?? 'en',
  });

  /** The notice of a changed mobile number, from its event (the numbers there are masked already). */
  async function mobileNotice(mail: TMailRow) {
    const eventId = /^contact-mobile\.(\d{1,18})\./.exec(mail.messageId)?.[1];
    const event = eventId ? await repository.findEvent(Number(eventId)) : undefined;
    if (!event) throw new Error(`mail ${mail.id}: its event is gone`);
    const policy = await repository.findPolicy(event.policyId);
    if (!policy?.policyNumber) throw new Error(`mail ${mail.id}: its policy has no number`);
    const detail = (event.detail ?? {}) as { from?: string; to?: string };
    return composeContactMail(
      MOBILE_CHANGED,
      policy.document as TPolicy,
      mail.language === 'zh' ? 'zh' : 'en',
      {
        policyNumber: policy.policyNumber,
        maskedOldMobile: detail.from ?? '',
        maskedNewMobile: detail.to ?? '',
        changedOn: formatDmy(todayIn(zoneOf(policy), event.createdAt)),
      },
    );
  }

  return {
    view: (row: TPolicyRow) => viewOf(row),

    /**
     * The contact form: every field by the applicant page's rules (400 naming the first bad field,
     * nothing written); then, if anything changes, the step-up code sent to the address on the policy
     * (403 until it is given, decision 102). A new mobile number and a new correspondence address are
     * saved at once (on this policy, or on every one of the holder's that `applyToAll` reaches, issue
     * 29); a new e-mail address gets its code.
     */
    async change(
      holder: TPolicyholder,
      row: TPolicyRow,
      input: TContactChange & { correspondenceAddress?: TCorrespondenceAddress | undefined },
      stepUpCode: string | undefined,
      options: { applyToAll?: boolean } = {},
    ): Promise<TContactView> {
      const document = row.document as TPolicy;
      const applicant = policyApplicant(document);
      // A new mobile number is checked for its market too; the one on the policy stays as it was sold.
      const invalid = validateContactChange(input, applicant)[0];
      if (invalid)
        throw new ApiError(400, `${invalid.field} is not valid.`, {
          field: invalid.field,
          messageKey: invalid.messageKey,
          ...(invalid.values ? { values: invalid.values } : {}),
        });
      const country = row.country as TCountry;
      const address = input.correspondenceAddress;
      const badAddress = address ? validateCorrespondenceAddress(country, address)[0] : undefined;
      if (badAddress)
        throw badRequest(badAddress.field, `${badAddress.field} is not valid.`, badAddress.messageKey);
      const wanted = normaliseContact(input);
      if (!applicant)
        throw new ApiError(409, 'This policy has no policyholder to change.', { field: 'policyId' });
      const newEmail =
        wanted.email !== undefined && !isSameEmail(wanted.email, applicant.email) ? wanted.email : null;
      const newMobile =
        wanted.mobileNo !== applicant.mobileNo ||
        wanted.mobileNoCountryCode !== applicant.mobileNoCountryCode;
      const newAddress =
        address && !isSameCorrespondence(country, address, correspondenceOf(document))
          ? normaliseCorrespondence(country, address)
          : null;
      if (!newEmail && !newMobile && !newAddress) return viewOf(row);
      // Asked before anything is written: a refusal leaves the mobile number as it was too.
      if (newEmail) {
        await refuseWhileUndoable(row);
        const at = deps.now();
        const wait = await codeSendWaitMs(repository.codesSince, row.policyId, at);
        if (wait > 0)
          throw new ApiError(429, 'Too many codes were asked for. Please try again later.', {
            field: 'email',
            messageKey: MANAGE_MESSAGE_KEYS.tooManyCodes,
            retryAfterMs: wait,
          });
      }
      if (!deps.stepUps) throw new Error('the contact service was built without step-ups');
      await deps.stepUps.spend(holder, row, 'contact', stepUpCode);
      let current = document;
      // Only after the step-up: the policies are the session's own, found by the holder key.
      const targets = options.applyToAll ? await policiesForAll(holder, row) : [row];
      const to = maskMobile(wanted.mobileNoCountryCode, wanted.mobileNo);
      function addressChange(target: TPolicyRow, wantedAddress: TCorrespondenceAddress) {
        return {
          policyId: target.policyId,
          apply: (before: TPolicy) => ({
            document: withApplicant(before, correspondenceChange(country, wantedAddress)),
            // The address itself is in the document; the event says only that it changed.
            detail: { contact: 'correspondence-address', by: 'policyholder' },
          }),
          notice: () => null,
        };
      }
      function mobileChange(target: TPolicyRow) {
        return {
          policyId: target.policyId,
          apply: (before: TPolicy) => {
            const was = policyApplicant(before);
            return {
              document: withApplicant(before, {
                mobileNoCountryCode: wanted.mobileNoCountryCode,
                mobileNo: wanted.mobileNo,
              }),
              detail: {
                contact: 'mobile',
                by: 'policyholder',
                from: maskMobile(was?.mobileNoCountryCode ?? '', was?.mobileNo ?? ''),
                to,
              },
            };
          },
          // Told like a change of address (issue 29): the address on the policy, numbers masked.
          notice: (before: TPolicy, eventId: number) => {
            const recipient = policyApplicant(before)?.email?.trim();
            return recipient
              ? {
                  ...mailOf(MOBILE_CHANGED, target, `${eventId}`, recipient, before),
                  messageId: `contact-mobile.${eventId}.${MOBILE_CHANGED}`,
                }
              : null;
          },
        };
      }
      // Each policy gets its own events (one per detail changed), and its own notice of a new mobile.
      const changes = targets.flatMap((target) => [
        ...(newMobile ? [mobileChange(target)] : []),
        ...(newAddress ? [addressChange(target, newAddress)] : []),
      ]);
      if (changes.length > 0) {
        const documents = await repository.changeAtOnce(changes);
        const last = changes.findLastIndex((entry) => entry.policyId === row.policyId);
        current = documents[last] ?? document;
        deps.log.info(
          {
            policyId: row.policyId,
            policies: targets.length,
            mobile: newMobile,
            correspondenceAddress: newAddress !== null,
          },
          'policyholder changed contact details',
        );
        if (newMobile) deps.onMailQueued();
      }
      if (newEmail) {
        const changeId = randomUUID();
        const code = newCode();
        await repository.openChange(
          {
            changeId,
            policyId: row.policyId,
            newEmail,
            codeHash: await codeHash(changeId, code),
            expiresAt: new Date(deps.now().getTime() + ACCESS_CODE_VALID_MINUTES * 60_000),
            createdAt: deps.now(),
          },
          {
            ...mailOf('contact-email-code', row, changeId, newEmail, document),
            sealed: sealValue(code, await secret()),
          },
        );
        deps.log.info({ policyId: row.policyId }, 'policyholder asked to change the e-mail address');
        deps.onMailQueued();
      }
      const appliedTo = (changes.length > 0 ? targets : [row]).flatMap((target) =>
        target.policyNumber ? [target.policyNumber] : [],
      );
      return { ...(await viewOf(row, current)), appliedTo };
    },

    /**
     * The code sent to the new address. Wrong: one of the 5 tries is spent, and the 5th wrong one ends
     * the code (a right one after that is refused too). Right, open and in time: the address changes
     * and the old one is told. Every refusal is a 400 on `code`, and changes nothing else.
     */
    async confirmEmail(
      request: FastifyRequest,
      reply: FastifyReply,
      row: TPolicyRow,
      code: string,
    ): Promise<TContactView> {
      const change = await repository.latestChange(row.policyId);
      const refuse = (messageKey: string, message: string) => badRequest('code', message, messageKey);
      if (!change || change.status === 'confirmed' || change.status === 'superseded')
        throw refuse(
          MANAGE_MESSAGE_KEYS.noPendingChange,
          'No change of e-mail address is waiting for a code.',
        );
      if (change.status !== 'open')
        throw refuse(MANAGE_MESSAGE_KEYS.codeUsedUp, 'This code has had too many wrong tries.');
      if (change.expiresAt <= deps.now())
        throw refuse(MANAGE_MESSAGE_KEYS.codeExpired, 'This code has expired.');
      const expected = Buffer.from(change.codeHash);
      const given = Buffer.from(await codeHash(change.changeId, code.trim()));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        const tries = await repository.wrongTry(change.changeId, ACCESS_CODE_MAX_TRIES);
        if (tries === null || tries >= ACCESS_CODE_MAX_TRIES)
          throw refuse(MANAGE_MESSAGE_KEYS.codeUsedUp, 'This code has had too many wrong tries.');
        throw refuse(MANAGE_MESSAGE_KEYS.codeWrong, 'This code is not right.');
      }
      const at = deps.now();
      const changedOn = formatDmy(todayIn(zoneOf(row), at));
      // The undo link's token goes sealed into the old address's notice; only its hash is kept.
      const undoToken = randomBytes(32).toString('base64url');
      const oldEmail = policyApplicant(row.document as TPolicy)?.email?.trim() || null;
      const sealKey = await secret();
      const confirmed = await repository.confirm(
        change,
        at,
        (before) => withApplicant(before, { email: change.newEmail }),
        {
          contact: 'email',
          by: 'policyholder',
          from: maskEmail(oldEmail ?? ''),
          to: maskEmail(change.newEmail),
          on: changedOn,
        },
        {
          tokenHash: sha256(undoToken),
          expiresAt: new Date(at.getTime() + EMAIL_UNDO_VALID_DAYS * 86_400_000),
          oldEmail,
        },
        (before) => {
          const old = policyApplicant(before)?.email?.trim();
          if (!old) return null;
          return {
            ...mailOf('contact-email-changed', row, change.changeId, old, before),
            sealed: sealValue(undoToken, sealKey),
          };
        },
      );
      if (!confirmed) throw refuse(MANAGE_MESSAGE_KEYS.noPendingChange, 'This code has been used already.');
      // The code came back from the new address in this session: the session has proved it.
      if (confirmed.contactEmail && deps.holders)
        await deps.holders.proveAddress(request, reply, row.country as TCountry, confirmed.contactEmail);
      deps.log.info({ policyId: row.policyId }, 'policyholder confirmed a new e-mail address');
      deps.onMailQueued();
      return viewOf(row, confirmed.document);
    },

    /**
     * The old address's one-click undo (decision 102): once, within EMAIL_UNDO_VALID_DAYS, it puts the
     * address the change replaced back, so the sessions that proved only the new one reach nothing, and
     * tells the restored address. Every refusal is a 400 on `token` saying why.
     */
    async undo(token: string): Promise<{ policyNumber: string; email: string }> {
      const refuse = (messageKey: string, message: string) => badRequest('token', message, messageKey);
      const change = token.length <= 100 ? await repository.findByUndoToken(sha256(token)) : undefined;
      if (!change?.undoExpiresAt || !change.oldEmail)
        throw refuse(IDENTITY_MESSAGE_KEYS.undoInvalid, 'This link is not valid.');
      if (change.undoneAt) throw refuse(IDENTITY_MESSAGE_KEYS.undoUsed, 'This change was undone already.');
      const at = deps.now();
      if (change.undoExpiresAt <= at)
        throw refuse(IDENTITY_MESSAGE_KEYS.undoExpired, 'This link has expired. Please call us.');
      const oldEmail = change.oldEmail;
      const policy = await repository.findPolicy(change.policyId);
      if (!policy?.policyNumber) throw refuse(IDENTITY_MESSAGE_KEYS.undoInvalid, 'This link is not valid.');
      const undone = await repository.undo(
        change,
        at,
        (document) => isSameEmail(policyApplicant(document)?.email ?? '', change.newEmail),
        (document) => withApplicant(document, { email: oldEmail }),
        {
          contact: 'email',
          by: 'policyholder-undo',
          from: maskEmail(change.newEmail),
          to: maskEmail(oldEmail),
          on: formatDmy(todayIn(zoneOf(policy), at)),
        },
        (document) => ({
          ...mailOf('contact-email-restored', policy, change.changeId, oldEmail, document),
        }),
      );
      if (undone === null) throw refuse(IDENTITY_MESSAGE_KEYS.undoUsed, 'This change was undone already.');
      if (undone === 'superseded')
        throw refuse(
          IDENTITY_MESSAGE_KEYS.undoSuperseded,
          "The policy's e-mail address has changed since. Please call us.",
        );
      deps.log.info({ policyId: policy.policyId }, 'policyholder undid a change of e-mail address');
      deps.onMailQueued();
      return { policyNumber: policy.policyNumber, email: maskEmail(oldEmail) };
    },

    /**
     * The content of a contact mail from the outbox, made when it is sent. A code whose change is no
     * longer open (confirmed, superseded, used up) is not sent: null.
     */
    async mailContent(mail: TMailRow): Promise<{ subject: string; text: string; html: string } | null> {
      if (!isContactMailKind(mail.kind))
        throw new Error(`mail ${mail.id}: ${mail.kind} is not a contact mail`);
      if (mail.kind === MOBILE_CHANGED) return mobileNotice(mail);
      const changeId = /^contact-change\.([0-9a-f-]{36})\./.exec(mail.messageId)?.[1];
      const change = changeId ? await repository.findChange(changeId) : undefined;
      if (!change) throw new Error(`mail ${mail.id}: its change is gone`);
      const policy = await repository.findPolicy(change.policyId);
      if (!policy?.policyNumber) throw new Error(`mail ${mail.id}: its policy has no number`);
      const language = mail.language === 'zh' ? 'zh' : 'en';
      const document = policy.document as TPolicy;
      if (mail.kind === 'contact-email-code') {
        // A code whose change is no longer open, or past its minutes, is not worth sending.
        const code = mail.sealed ? openSealedValue(mail.sealed, await secret()) : null;
        if (change.status !== 'open' || change.expiresAt <= deps.now() || !code) return null;
        return composeContactMail('contact-email-code', document, language, {
          policyNumber: policy.policyNumber,
          code,
        });
      }
      const zone = MARKETS[policy.country as TCountry].timeZone;
      if (mail.kind === 'contact-email-restored')
        return composeContactMail('contact-email-restored', document, language, {
          policyNumber: policy.policyNumber,
          changedOn: formatDmy(todayIn(zone, change.undoneAt ?? deps.now())),
        });
      if (mail.kind !== 'contact-email-changed') throw new Error(`mail ${mail.id}: not a change of address`);
      // The undo link's token, sealed for this mail only; the page's market and language ride along.
      const token = mail.sealed ? openSealedValue(mail.sealed, await secret()) : null;
      const undoable = token && change.undoExpiresAt && !change.undoneAt;
      return composeContactMail('contact-email-changed', document, language, {
        policyNumber: policy.policyNumber,
        maskedNewEmail: maskEmail(change.newEmail),
        changedOn: formatDmy(todayIn(zone, change.confirmedAt ?? change.createdAt)),
        ...(undoable
          ? {
              undoUrl: `${deps.config.publicUrl}${UNDO_PAGE}?${pageQuery(policy.country, language)}#${token}`,
              undoUntil: formatDmy(todayIn(zone, change.undoExpiresAt!)),
            }
          : {}),
      });
    },
  };
}

export type TContactService = ReturnType<typeof createContactService>;
