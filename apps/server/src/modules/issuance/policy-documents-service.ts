import { formatDmy, parseIso } from '@lionrock/domain/dates/local-date';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { TServerSecrets } from '../../lib/server-secrets.ts';
import { signLink, verifyLink } from '../../lib/signed-link.ts';
import type { TMailer } from '../../mail/mailer.ts';
import type { TAgentRepository } from '../agent/agent-repository.ts';
import {
  homeContentsSumInsuredCents,
  scheduleFileName,
  type TIssuedPolicy,
} from '../document/policy-schedule.ts';
import type { TMailOutboxRepository } from '../notifications/mail-outbox-repository.ts';
import { deliverDueMail, type TMailSenders, type TManageUrl } from '../notifications/mail-senders.ts';
import type { TPaymentRepository } from '../payment/payment-repository.ts';
import type { TBenefitScheduleStore, TBenefitSchedules } from '../policy/benefit-schedules.ts';
import type { TDocumentRateStore, TDocumentRates } from '../policy/document-rates.ts';
import {
  composePolicyMail,
  endorsedFromOf,
  endorsementEventOf,
  POLICY_ENDORSED_MAIL_KIND,
  POLICY_ISSUED_MAIL_KIND,
  SCHEDULE_LINK_VALID_DAYS,
  type TEndorsedCollected,
  type TEndorsedRefund,
} from './policy-mail.ts';

export const SCHEDULE_PATH = '/b2c-server/rest/policy/schedule';

/**
 * The issued policy's documents (design section 6, decision 010): the schedule PDF behind a signed link bound to the policy
 * and expiring after 30 days, and the delivery of the outbox's mail with the schedule attached.
 */
export function createPolicyDocumentsService(deps: {
  config: TConfig;
  /** The link-signing secret: the configured one, else one made once in the database. */
  secrets: Pick<TServerSecrets, 'shared'>;
  repository: TPaymentRepository;
  outbox: TMailOutboxRepository;
  agents: TAgentRepository;
  mailer: TMailer;
  /**
   * Renders a schedule PDF; the app gives its document workers' (decision 093), so no PDF is drawn on
   * the event loop that answers requests.
   */
  /** Draws a schedule with the benefit schedules and rate tables in force for it (the document threads, decision 093). */
  renderSchedule: (
    issued: TIssuedPolicy,
    benefits: TBenefitSchedules,
    rates: TDocumentRates,
  ) => Promise<Buffer>;
  /** Mail sent at once by one delivery run (default 1); the app gives twice its document threads. */
  mailLanes?: number;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The "Manage your policy" link for a recipient that is the policy's own address (decision 101). */
  manageUrl: TManageUrl;
  /** The senders of every module's mail (decision 115); this module registers the policy's own. */
  senders: TMailSenders;
  /** The benefit schedules in force, read from `rate_tables` (decision 091). */
  benefits: TBenefitScheduleStore;
  /** The rate tables in force, as pricing reads them (decision 114). */
  rates: TDocumentRateStore;
}) {
  const secret = () => deps.secrets.shared('link-signing', deps.config.linkSigningSecret);

  async function issuedPolicy(
    policyId: string,
  ): Promise<(TIssuedPolicy & { linked: Parameters<TManageUrl>[0] }) | undefined> {
    const row = await deps.repository.findPolicy(policyId);
    // A policy cancelled before its mail went out still gets it, and its schedule stays readable.
    if ((row?.status !== 'issued' && row?.status !== 'cancelled') || !row.policyNumber || !row.receiptNumber)
      return undefined;
    const document = row.document as TPolicy;
    // The schedule prints the changes since the sale, and the premium after each (decision 144).
    const endorsements = (await deps.repository.endorsementsOf(policyId)).map((endorsement) => ({
      kind: endorsement.kind,
      from: formatDmy(parseIso(endorsement.fromDate)!),
      totalCents: endorsement.totalCents,
      differenceCents: endorsement.differenceCents,
    }));
    return {
      document,
      policyNumber: row.policyNumber,
      receiptNumber: row.receiptNumber,
      issuedAt: row.issuedAt ?? row.updatedAt,
      language: document.lang ?? 'en',
      ...(endorsements.length > 0 ? { endorsements } : {}),
      linked: { policyId: row.policyId, country: row.country, contactEmail: row.contactEmail },
    };
  }

  /** A link to the schedule, signed for this policy and its number, valid 30 days. */
  async function scheduleLink(policyId: string, policyNumber: string): Promise<string> {
    const expiresAt = new Date(deps.now().getTime() + SCHEDULE_LINK_VALID_DAYS * 86_400_000);
    return `${deps.config.publicUrl}${signLink({ path: `${SCHEDULE_PATH}/${policyId}`, subject: policyNumber, expiresAt }, await secret())}`;
  }

  /**
   * The schedule PDF, written from the benefit schedules and rate tables in force on the day the policy's
   * cover starts, as they were when it was issued (decisions 098, 114): redrawn later, it still says what was sold.
   */
  async function schedulePdf(issued: TIssuedPolicy): Promise<Buffer> {
    const [benefits, rates] = await Promise.all([
      deps.benefits.forPolicy(issued.document, issued.issuedAt),
      deps.rates.forPolicy(issued.document, issued.issuedAt),
    ]);
    return deps.renderSchedule(issued, benefits, rates);
  }

  /**
   * The issued policy's mail to its applicant or agent, with the schedule attached (decision 031); and an
   * endorsement's to its applicant, with the schedule as endorsed (decision 138).
   */
  deps.senders.register({
    name: 'policy',
    handles: (mail) => mail.kind === POLICY_ISSUED_MAIL_KIND || mail.kind === POLICY_ENDORSED_MAIL_KIND,
    async compose(mail) {
      const issued = mail.policyId ? await issuedPolicy(mail.policyId) : undefined;
      if (!issued) throw new Error(`mail ${mail.id}: its policy is not issued`);
      const endorsedFrom = mail.kind === POLICY_ENDORSED_MAIL_KIND ? endorsedFromOf(mail.messageId) : null;
      if (mail.kind === POLICY_ENDORSED_MAIL_KIND && !endorsedFrom)
        throw new Error(`mail ${mail.id}: its message id names no endorsement`);
      // The refund a lower premium owes, or the card payment a higher one took, as the endorsement's
      // event recorded it (decisions 142 and 144).
      const eventId = endorsedFrom ? endorsementEventOf(mail.messageId) : null;
      const endorsedMoney =
        eventId === null
          ? null
          : ((await deps.repository.eventDetail(mail.policyId!, eventId)) as {
              refund?: TEndorsedRefund | null;
              collected?: TEndorsedCollected;
            } | null);
      const endorsedRefund = endorsedMoney?.refund ?? null;
      const endorsedCollected = endorsedMoney?.collected ?? null;
      // The agent's mail greets it; the applicant's names the agent and its registration number (issue 18).
      const agent = issued.document.agentCode
        ? await deps.agents.findAgent(issued.document.agentCode)
        : undefined;
      const namedAgent = agent && !agent.isDefault ? agent : undefined;
      // The mail and its schedule in the mail's language (decision 031).
      const inLanguage: TIssuedPolicy = { ...issued, language: mail.language === 'zh' ? 'zh' : 'en' };
      // Only the policy's own address gets a link that opens it (decision 101): not the agent.
      const manageUrl = await deps.manageUrl(issued.linked, mail.recipient, mail.language);
      // A home mail states the contents sum its schedule prints, from the same rate table (decision 125).
      const homeContentsCents =
        issued.document.productType === 'PHM'
          ? homeContentsSumInsuredCents(
              issued.document,
              await deps.rates.forPolicy(issued.document, issued.issuedAt),
            )
          : undefined;
      const content = composePolicyMail(inLanguage, {
        ...(homeContentsCents === undefined ? {} : { homeContentsCents }),
        ...(endorsedFrom ? { endorsedFrom } : {}),
        ...(endorsedRefund ? { endorsedRefund } : {}),
        ...(endorsedCollected ? { endorsedCollected } : {}),
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
      return {
        ...content,
        attachments: [
          {
            filename: scheduleFileName(issued.policyNumber),
            content: await schedulePdf(inLanguage),
            contentType: 'application/pdf',
          },
        ],
      };
    },
  });

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
     * Sends the due mail of the outbox, `mailLanes` at a time, each through the sender its module
     * registered (decision 115); a failure is retried later by the outbox, never dropped.
     */
    async deliverMail(limit = 20) {
      return deliverDueMail(deps, limit, deps.mailLanes ?? 1);
    },
  };
}

export type TPolicyDocumentsService = ReturnType<typeof createPolicyDocumentsService>;
