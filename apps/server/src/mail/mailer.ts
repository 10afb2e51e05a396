import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/**
 * Outgoing mail (design section 2): nodemailer over SMTP_URL, or by default a file outbox that writes
 * each message as an .eml file under DATA_DIR/outbox — real MIME messages a person or a test can open.
 */
export type TMailAttachment = { filename: string; content: Buffer; contentType: string };

export type TMailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: TMailAttachment[];
  /** Makes a resend of the same message recognisable (and idempotent in the outbox). */
  messageId: string;
};

export type TMailer = {
  kind: 'smtp' | 'outbox';
  send(message: TMailMessage): Promise<{ accepted: boolean; location: string }>;
  close(): void;
};

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}): TMailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ ...toNodemailer(message), from: options.from });
        return { accepted: info.accepted.length > 0, location: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ ...toNodemailer(message), from: options.from });
      await fs.mkdir(options.outboxDir, { recursive: true });
      // One file per message id: a retried send overwrites instead of duplicating.
      const name = `${message.messageId.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`;
      const location = path.join(options.outboxDir, name);
      const temporary = `${location}.tmp`;
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, location);
      return { accepted: true, location };
    },
    close: () => transport.close(),
  };
}

function toNodemailer(message: TMailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: `<${message.messageId}@lionrock.example>`,
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
    })),
  };
}
