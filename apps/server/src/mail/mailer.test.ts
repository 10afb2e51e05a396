import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const FROM = 'Lionrock Insurance <policies@lionrock.example>';
const message = {
  to: 'customer@example.com',
  subject: 'Your Lionrock policy TSG26-0001234',
  text: "You're covered. Your policy schedule is attached.",
  attachments: [
    { filename: 'policy.pdf', content: Buffer.from('%PDF-1.7 test'), contentType: 'application/pdf' },
  ],
  messageId: 'policy-issued-TSG26-0001234-applicant',
};

describe('mailer', () => {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-outbox-'));
  afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

  it('writes a real MIME message to the outbox, once per message id', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir });
    const first = await mailer.send(message);
    await mailer.send(message);
    expect(mailer.kind).toBe('outbox');
    expect(fs.readdirSync(outboxDir)).toEqual(['policy-issued-TSG26-0001234-applicant.eml']);
    const eml = fs.readFileSync(first.location, 'utf8');
    expect(eml).toContain('To: customer@example.com');
    expect(eml).toContain('Subject: Your Lionrock policy TSG26-0001234');
    expect(eml).toContain('filename=policy.pdf');
    mailer.close();
  });

  it('delivers over SMTP to a real SMTP peer', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir });
    try {
      const result = await mailer.send(message);
      expect(result.accepted).toBe(true);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Your Lionrock policy TSG26-0001234');
      expect(received[0]).toContain('Content-Type: application/pdf; name=policy.pdf');
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
