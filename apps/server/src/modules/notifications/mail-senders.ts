import type { FastifyBaseLogger } from 'fastify';
import type { TMailer } from '../../mail/mailer.ts';
import type { TMailOutboxRepository, TMailRow } from './mail-outbox-repository.ts';

/**
 * The mail each module sends (decision 115): a module registers a sender for its kinds of outbox mail,
 * and the delivery run asks the one that handles a mail what to send. The outbox does not know the
 * modules, and the modules do not know each other.
 */
export type TMailContent = {
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export type TMailSender = {
  /** Names the sender in the delivery log ("claims mail done"). */
  name: string;
  handles: (mail: TMailRow) => boolean;
  /** What to send now; null when nothing is left to send (a newer mail or a spent code superseded it). */
  compose: (mail: TMailRow) => Promise<TMailContent | null>;
  /** After the send: e.g. a saved quote notes its link was mailed. */
  delivered?: (mail: TMailRow) => Promise<void>;
};

export type TMailSenders = ReturnType<typeof createMailSenders>;

/** The "Manage your policy" link a mail carries, or null when the recipient is not the policy's own address. */
export type TManageUrl = (
  policy: { policyId: string; country: string; contactEmail: string | null },
  recipient: string,
  language: string,
) => Promise<string | null>;

export function createMailSenders() {
  const senders: TMailSender[] = [];
  return {
    register(sender: TMailSender): void {
      senders.push(sender);
    },
    /** The one sender of a mail: two that claim it are a wiring mistake, said at once. */
    senderFor(mail: TMailRow): TMailSender | undefined {
      const found = senders.filter((sender) => sender.handles(mail));
      if (found.length > 1)
        throw new Error(
          `mail ${mail.id}: ${found.map((sender) => sender.name).join(' and ')} both handle ${mail.kind}`,
        );
      return found[0];
    },
  };
}

/**
 * Sends the outbox's due mail, `lanes` at a time, each through its module's sender; a failure is
 * retried later by the outbox, never dropped, and a mail no sender handles fails loudly.
 */
export async function deliverDueMail(
  deps: { outbox: TMailOutboxRepository; mailer: TMailer; senders: TMailSenders; log: FastifyBaseLogger },
  limit: number,
  lanes: number,
) {
  return deps.outbox.deliverDueMail(limit, lanes, async (mail: TMailRow) => {
    const sender = deps.senders.senderFor(mail);
    if (!sender) throw new Error(`mail ${mail.id}: no sender handles ${mail.kind}`);
    const content = await sender.compose(mail);
    if (content) {
      await deps.mailer.send({ to: mail.recipient, messageId: mail.messageId, ...content });
      await sender.delivered?.(mail);
    }
    deps.log.info({ mailId: mail.id, kind: mail.kind, sent: content !== null }, `${sender.name} mail done`);
  });
}

/** A module's sender from its service: `mailContent` composes when the mail is sent, `mailDelivered` notes it. */
export function serviceMailSender(
  name: string,
  handlesKind: (kind: string) => boolean,
  service: {
    mailContent: (mail: TMailRow) => Promise<TMailContent | null>;
    mailDelivered?: (mail: TMailRow) => Promise<void>;
  },
): TMailSender {
  return {
    name,
    handles: (mail) => handlesKind(mail.kind),
    compose: (mail) => service.mailContent(mail),
    ...(service.mailDelivered ? { delivered: service.mailDelivered } : {}),
  };
}
