import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import { signLink, verifyLink } from '../../lib/signed-link.ts';
import type { TMailer } from '../../mail/mailer.ts';
import type { TAgentRepository } from '../agent/agent-repository.ts';
import type { TPaymentRepository } from '../payment/payment-repository.ts';
import { isRenewalMailKind } from '../renewal/renewal-mail.ts';
import { renewalMailContent } from '../renewal/renewal-mail-content.ts';
import type { TMailOutboxRepository, TMailRow } from './mail-outbox-repository.ts';
import { composePolicyMail, SCHEDULE_LINK_VALID_DAYS } from './policy-mail.ts';
import { renderPolicySchedule, scheduleFileName, type TIssuedPolicy } from './policy-schedule.ts';

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
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const secret = () => sharedSecret(deps.db, 'link-signing', deps.config.linkSigningSecret);

  async function issuedPolicy(policyId: string): Promise<TIssuedPolicy | undefined> {
    const row = await deps.repository.findPolicy(policyId);
    if (row?.status !== 'issued' || !row.policyNumber || !row.receiptNumber) return undefined;
    const document = row.document as TPolicy;
    return {
      document,
      policyNumber: row.policyNumber,
      receiptNumber: row.receiptNumber,
      issuedAt: row.issuedAt ?? row.updatedAt,
      language: document.lang ?? 'en',
    };
  }

  /** A link to the schedule, signed for this policy and its number, valid 30 days. */
  async function scheduleLink(policyId: string, policyNumber: string): Promise<string> {
    const expiresAt = new Date(deps.now().getTime() + SCHEDULE_LINK_VALID_DAYS * 86_400_000);
    return `${deps.config.publicUrl}${signLink({ path: `${SCHEDULE_PATH}/${policyId}`, subject: policyNumber, expiresAt }, await secret())}`;
  }

  return {
    scheduleLink,

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
      return { fileName: scheduleFileName(issued.policyNumber), pdf: await renderPolicySchedule(issued) };
    },

    /** Sends the due mail of the outbox; a failure is retried later by the outbox, never dropped. */
    async deliverMail(limit = 20) {
      return deps.outbox.deliverDueMail(limit, async (mail: TMailRow) => {
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
        const issued = mail.policyId ? await issuedPolicy(mail.policyId) : undefined;
        if (!issued) throw new Error(`mail ${mail.id}: its policy is not issued`);
        const agent =
          mail.recipientRole === 'agent' && issued.document.agentCode
            ? await deps.agents.findAgent(issued.document.agentCode)
            : undefined;
        // The mail and its schedule in the mail's language (decision 031).
        const inLanguage: TIssuedPolicy = { ...issued, language: mail.language === 'zh' ? 'zh' : 'en' };
        const content = composePolicyMail(inLanguage, {
          role: mail.recipientRole === 'agent' ? 'agent' : 'applicant',
          scheduleUrl: await scheduleLink(mail.policyId!, issued.policyNumber),
          ...(agent ? { agentName: agent.name, agencyName: agent.agency } : {}),
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
              content: await renderPolicySchedule(inLanguage),
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
