import type { TCountry } from '@lionrock/domain/market/market';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { ACCESS_CODE_MAX_TRIES } from '@lionrock/domain/self-service/access-rules';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { policyholderAccessCodes } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { openSealedValue } from '../../lib/sealed-values.ts';
import { purposeSecret, sharedSecret } from '../../lib/server-secrets.ts';
import { signLink, verifyLink } from '../../lib/signed-link.ts';
import type { TMailer } from '../../mail/mailer.ts';
import type { TAgentRepository } from '../agent/agent-repository.ts';
import { cancellationMailContent, isCancellationMailKind } from '../cancellation/cancellation-mail.ts';
import { isClaimMailKind } from '../claims/claim-mail.ts';
import type { TMailOutboxRepository, TMailRow } from '../notifications/mail-outbox-repository.ts';
import type { TPaymentRepository } from '../payment/payment-repository.ts';
import type { TBenefitScheduleStore, TBenefitSchedules } from '../policy/benefit-schedules.ts';
import {
  ACCESS_CODE_MAIL_KIND,
  accessCodeHash,
  composeAccessCodeMail,
} from '../policyholder/access-code-mail.ts';
import { isContactMailKind } from '../policyholder/contact-mail.ts';
import { createContactService } from '../policyholder/contact-service.ts';
import { manageLink, type TLinkedPolicy } from '../policyholder/manage-link.ts';
import { createStepUpRepository } from '../policyholder/step-up-repository.ts';
import { createStepUpService, STEP_UP_MAIL_KIND } from '../policyholder/step-up-service.ts';
import { isReferralMailKind } from '../referral/referral-mail.ts';
import type { TReferralService } from '../referral/referral-service.ts';
import { isRenewalMailKind } from '../renewal/renewal-mail.ts';
import { renewalMailContent } from '../renewal/renewal-mail-content.ts';
import { isSavedQuoteMailKind } from '../saved-quote/saved-quote-mail.ts';
import type { TSavedQuoteService } from '../saved-quote/saved-quote-service.ts';
import { composePolicyMail, SCHEDULE_LINK_VALID_DAYS } from './policy-mail.ts';
import { scheduleFileName, type TIssuedPolicy } from './policy-schedule.ts';

export const SCHEDULE_PATH = '/b2c-server/rest/policy/schedule';

/**
 * The issued policy's documents (design section 6, decision 010): the schedule PDF behind a signed link bound to the policy
 * and expiring after 30 days, and the delivery of the outbox's mail with the schedule attached.
 */
export function createPolicyDocumentsService(deps: {
  config: TConfig;
  db: TDb;
  repository: TPaymentRepository;
  outbox: TMailOutboxRepository;
  agents: TAgentRepository;
  mailer: TMailer;
  /**
   * Renders a schedule PDF; the app gives its document workers' (decision 093), so no PDF is drawn on
   * the event loop that answers requests.
   */
  /** Draws a schedule with the benefit schedules in force for it (the document threads, decision 093). */
  renderSchedule: (issued: TIssuedPolicy, benefits: TBenefitSchedules) => Promise<Buffer>;
  /** Mail sent at once by one delivery run (default 1); the app gives twice its document threads. */
  mailLanes?: number;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The content of a claims mail (modules/claims); null when it has nothing to send any more. */
  claimMail?: (mail: TMailRow) => Promise<{ subject: string; text: string; html: string } | null>;
  /** Back-office mail (a password-reset link): its content, or null when there is nothing to send. */
  staffMail?: (mail: TMailRow) => Promise<{ subject: string; text: string } | null>;
  /** The mails of journeys saved for later (decision 076): composed where their token is kept. */
  savedQuotes?: Pick<TSavedQuoteService, 'mailContent' | 'mailDelivered'>;
  /** The benefit schedules in force, read from `rate_tables` (decision 091). */
  benefits: TBenefitScheduleStore;
  /** The underwriting referral mails (decision 089): composed by the referral module when sent. */
  referrals?: Pick<TReferralService, 'mailContent' | 'mailDelivered'>;
}) {
  const secret = () => sharedSecret(deps.db, 'link-signing', deps.config.linkSigningSecret);

  async function issuedPolicy(
    policyId: string,
  ): Promise<(TIssuedPolicy & { linked: TLinkedPolicy }) | undefined> {
    const row = await deps.repository.findPolicy(policyId);
    // A policy cancelled before its mail went out still gets it, and its schedule stays readable.
    if ((row?.status !== 'issued' && row?.status !== 'cancelled') || !row.policyNumber || !row.receiptNumber)
      return undefined;
    const document = row.document as TPolicy;
    return {
      document,
      policyNumber: row.policyNumber,
      receiptNumber: row.receiptNumber,
      issuedAt: row.issuedAt ?? row.updatedAt,
      language: document.lang ?? 'en',
      linked: { policyId: row.policyId, country: row.country, contactEmail: row.contactEmail },
    };
  }

  /** A link to the schedule, signed for this policy and its number, valid 30 days. */
  async function scheduleLink(policyId: string, policyNumber: string): Promise<string> {
    const expiresAt = new Date(deps.now().getTime() + SCHEDULE_LINK_VALID_DAYS * 86_400_000);
    return `${deps.config.publicUrl}${signLink({ path: `${SCHEDULE_PATH}/${policyId}`, subject: policyNumber, expiresAt }, await secret())}`;
  }

  /** The one-time code's e-mail: its code opened from the sealed copy; a code past its minutes is not sent. */
  async function sendAccessCode(mail: TMailRow): Promise<void> {
    const row = mail.policyId ? await deps.repository.findPolicy(mail.policyId) : undefined;
    const secret = await purposeSecret(deps.db, 'access-code', deps.config.linkSigningSecret);
    const opened = mail.sealed ? openSealedValue(mail.sealed, secret) : null;
    // Sealed as "code|expiry in ms|challenge hash": a mail delayed past the code's minutes is not sent.
    const [code, until, challengeHash] = (opened ?? '').split('|');
    // Only a live code is sent: one used, or dead of wrong tries, is not.
    const [live] = challengeHash
      ? await deps.db
          .select({ codeHash: policyholderAccessCodes.codeHash, tries: policyholderAccessCodes.tries })
          .from(policyholderAccessCodes)
          .where(eq(policyholderAccessCodes.challengeHash, challengeHash))
      : [];
    const current =
      Boolean(code && challengeHash) &&
      live !== undefined &&
      live.tries < ACCESS_CODE_MAX_TRIES &&
      live.codeHash === accessCodeHash(secret, challengeHash!, code!);
    if (!row?.policyNumber || !code || !current || !(Number(until) > deps.now().getTime())) {
      deps.log.info({ mailId: mail.id, kind: mail.kind }, 'access code mail dropped: nothing to send');
      return;
    }
    const content = composeAccessCodeMail({
      code,
      policyNumber: row.policyNumber,
      productType: row.productType as TPolicy['productType'],
      country: row.country as TCountry,
      language: mail.language === 'zh' ? 'zh' : 'en',
    });
    await deps.mailer.send({ to: mail.recipient, ...content, messageId: mail.messageId });
    deps.log.info({ mailId: mail.id, kind: mail.kind }, 'access code mail sent');
  }

  /**
   * The schedule PDF, written from the benefit schedules in force on the day the policy's cover starts,
   * as they were when it was issued (decision 098): redrawn later, it still says what was sold.
   */
  async function schedulePdf(issued: TIssuedPolicy): Promise<Buffer> {
    return deps.renderSchedule(issued, await deps.benefits.forPolicy(issued.document, issued.issuedAt));
  }

  /** The schedule PDF of an issued policy whose access the caller has checked (my policy). */
  async function scheduleOf(policyId: string): Promise<{ fileName: string; pdf: Buffer } | undefined> {
    const issued = await issuedPolicy(policyId);
    if (!issued) return undefined;
    return { fileName: scheduleFileName(issued.policyNumber), pdf: await schedulePdf(issued) };
  }

  return {
    scheduleLink,
    scheduleOf,

    /** The schedule PDF for a signed, unexpired link; anything else is a 403 that names no policy. */
    async scheduleFor(
      policyId: string,
      query: { s?: string | undefined; e?: string | undefined; sig?: string | undefined },
    ): Promise<{ fileName: string; pdf: Buffer }> {
      const checked = verifyLink(
        { path: `${SCHEDULE_PATH}/${policyId}`, subject: query.s, e: query.e, sig: query.sig },
        await secret(),
        deps.now(),
      );
      if (!checked.ok)
        throw new ApiError(
          403,
          checked.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.',
          {
            field: 'sig',
          },
        );
      const issued = await issuedPolicy(policyId);
      if (!issued || issued.policyNumber !== query.s)
        throw new ApiError(403, 'This link is not valid.', { field: 'sig' });
      return { fileName: scheduleFileName(issued.policyNumber), pdf: await schedulePdf(issued) };
    },

    /**
     * Sends the due mail of the outbox, `mailLanes` at a time; a failure is retried later by the outbox,
     * never dropped.
     */
    async deliverMail(limit = 20) {
      return deps.outbox.deliverDueMail(limit, deps.mailLanes ?? 1, async (mail: TMailRow) => {
        if (isCancellationMailKind(mail.kind)) {
          const content = await cancellationMailContent(deps.db, mail);
          await deps.mailer.send({ to: mail.recipient, messageId: mail.messageId, ...content });
          deps.log.info({ mailId: mail.id, kind: mail.kind }, 'cancellation mail sent');
          return;
        }
        if (mail.recipientRole === 'staff' && deps.staffMail) {
          const content = await deps.staffMail(mail);
          if (content) await deps.mailer.send({ to: mail.recipient, ...content, messageId: mail.messageId });
          deps.log.info(
            { mailId: mail.id, kind: mail.kind, sent: content !== null },
            'back-office mail done',
          );
          return;
        }
        if (isClaimMailKind(mail.kind) && deps.claimMail) {
          const content = await deps.claimMail(mail);
          if (content) await deps.mailer.send({ to: mail.recipient, ...content, messageId: mail.messageId });
          deps.log.info(
            { mailId: mail.id, kind: mail.kind },
            content ? 'claims mail sent' : 'claims mail superseded',
          );
          return;
        }
        if (isRenewalMailKind(mail.kind)) {
          const content = await renewalMailContent(deps, mail);
          await deps.mailer.send({
            to: mail.recipient,
            subject: content.subject,
            text: content.text,
            html: content.html,
            messageId: mail.messageId,
          });
          deps.log.info({ mailId: mail.id, kind: mail.kind }, 'renewal mail sent');
          return;
        }
        if (mail.kind === ACCESS_CODE_MAIL_KIND) {
          await sendAccessCode(mail);
          return;
        }
        if (mail.kind === STEP_UP_MAIL_KIND) {
          // A fresh code before a sensitive change (decision 102), to the address on the policy.
          const policy = mail.policyId ? await deps.repository.findPolicy(mail.policyId) : undefined;
          const stepUps = createStepUpService({
            ...deps,
            repository: createStepUpRepository(deps.db),
            onMailQueued: () => {},
          });
          const content = policy ? await stepUps.mailContent(mail, policy) : null;
          if (content) await deps.mailer.send({ to: mail.recipient, ...content, messageId: mail.messageId });
          deps.log.info({ mailId: mail.id, kind: mail.kind, sent: content !== null }, 'step-up mail done');
          return;
        }
        if (isContactMailKind(mail.kind)) {
          // A change of e-mail address: the code to the new one, the notice to the old (decision 069).
          const contact = createContactService({ ...deps, onMailQueued: () => {} });
          const content = await contact.mailContent(mail);
          if (content) await deps.mailer.send({ to: mail.recipient, ...content, messageId: mail.messageId });
          deps.log.info({ mailId: mail.id, kind: mail.kind, sent: content !== null }, 'contact mail done');
          return;
        }
        if (isReferralMailKind(mail.kind)) {
          const content = await deps.referrals?.mailContent(mail);
          if (!content) {
            deps.log.info({ mailId: mail.id, kind: mail.kind }, 'referral mail has nothing to send');
            return;
          }
          await deps.mailer.send({ to: mail.recipient, ...content, messageId: mail.messageId });
          await deps.referrals?.mailDelivered(mail);
          deps.log.info({ mailId: mail.id, kind: mail.kind }, 'referral mail sent');
          return;
        }
        if (isSavedQuoteMailKind(mail.kind)) {
          const content = await deps.savedQuotes?.mailContent(mail);
          // A newer save's mail carries the live link: this one has nothing left to send.
          if (!content) {
            deps.log.info({ mailId: mail.id, kind: mail.kind }, 'saved-quote mail superseded');
            return;
          }
          await deps.mailer.send({ to: mail.recipient, ...content, messageId: mail.messageId });
          await deps.savedQuotes?.mailDelivered(mail);
          deps.log.info({ mailId: mail.id, kind: mail.kind }, 'saved-quote mail sent');
          return;
        }
        const issued = mail.policyId ? await issuedPolicy(mail.policyId) : undefined;
        if (!issued) throw new Error(`mail ${mail.id}: its policy is not issued`);
        // The agent's mail greets it; the applicant's names the agent and its registration number (issue 18).
        const agent = issued.document.agentCode
          ? await deps.agents.findAgent(issued.document.agentCode)
          : undefined;
        const namedAgent = agent && !agent.isDefault ? agent : undefined;
        // The mail and its schedule in the mail's language (decision 031).
        const inLanguage: TIssuedPolicy = { ...issued, language: mail.language === 'zh' ? 'zh' : 'en' };
        // Only the policy's own address gets a link that opens it (decision 101): not the agent.
        const manageUrl = await manageLink(deps, issued.linked, mail.recipient, mail.language);
        const content = composePolicyMail(inLanguage, {
          role: mail.recipientRole === 'agent' ? 'agent' : 'applicant',
          scheduleUrl: await scheduleLink(mail.policyId!, issued.policyNumber),
          ...(manageUrl ? { manageUrl } : {}),
          ...(namedAgent && mail.recipientRole === 'agent'
            ? { agentName: namedAgent.name, agencyName: namedAgent.agency }
            : {}),
          ...(namedAgent && mail.recipientRole !== 'agent'
            ? {
                agentName: namedAgent.name,
                agencyName: namedAgent.agency,
                agentRegistrationNo: namedAgent.registrationNo,
              }
            : {}),
        });
        await deps.mailer.send({
          to: mail.recipient,
          subject: content.subject,
          text: content.text,
          html: content.html,
          messageId: mail.messageId,
          attachments: [
            {
              filename: scheduleFileName(issued.policyNumber),
              content: await schedulePdf(inLanguage),
              contentType: 'application/pdf',
            },
          ],
        });
        deps.log.info(
          { mailId: mail.id, policyNumber: issued.policyNumber, role: mail.recipientRole },
          'policy mail sent',
        );
      });
    },
  };
}

export type TPolicyDocumentsService = ReturnType<typeof createPolicyDocumentsService>;
