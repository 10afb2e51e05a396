import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { payAtTestGateway, postReceipt } from './helpers/card-gateway.ts';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';

/** A real SMTP peer on a fixed port that can be stopped and started again. */
function smtpPeer(port: number) {
  const received: string[] = [];
  let server: SMTPServer | undefined;
  return {
    received,
    /** `rejectRecipients`: answers RCPT TO as a real server does for an unknown mailbox, naming it. */
    async start(options: { rejectRecipients?: boolean } = {}) {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onRcptTo(address, _session, done) {
          if (!options.rejectRecipients) return done();
          const error = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), {
            responseCode: 550,
          });
          done(error);
        },
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
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

describeEachDriver('policy mail', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const peer = smtpPeer(port);
  const clock = new Date(AT);

  const post = (path: string, payload: unknown) => postRest(app, path, payload);

  /** Quote, rate, pending, and the gateway's accepted answer: an issued policy. */
  async function issuedPolicy(overrides: Partial<TPolicyInput> = {}) {
    const policy = buildTravelPolicy(today, overrides);
    const quoted = (await post('policy/multirate', policy)).json();
    const rated = (
      await post('policy/rate', {
        ...policy,
        policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[1] },
      })
    ).json();
    const consent = recordConsent(true, AT);
    const started = (
      await post('policy/updateToPending', {
        ...rated,
        consents: { declaration1: consent, declaration2: consent, marketing: consent },
      })
    ).json();
    const receipt = await postReceipt(app, await payAtTestGateway(app, started.paymentSignature));
    return {
      policyId: started.policy.policyId as string,
      policyNumber: receipt.json().policyNumber as string,
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, {
      now: () => clock,
      mailer: createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Lionrock <p@lionrock.example>',
        outboxDir: '/nonexistent',
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('sends the policy with its schedule to a real SMTP peer, with a working signed link', async () => {
    await peer.start();
    try {
      const { policyId, policyNumber } = await issuedPolicy();
      const result = await app.services.documents.deliverMail();
      expect(result).toEqual({ sent: 1, failed: 0 });
      const message = peer.received.find((data) => data.includes(policyNumber))!;
      expect(message).toMatch(/^To: weiming\.tan@example\.com\r?$/im);
      expect(message).toMatch(/Content-Type: application\/pdf; name=policy-schedule-TSG26-\d{7}\.pdf/);
      expect(message).not.toContain('S8512345I');
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.policyId, policyId));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });

      // The link in the mail opens the schedule; altered or for another policy, it does not.
      const unfolded = message.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link =
        /(\/b2c-server\/rest\/policy\/schedule\/[0-9a-f-]{36}\?s=[^&\s"]+&e=\d+&sig=[A-Za-z0-9_-]+)/.exec(
          unfolded,
        )![1]!;
      const pdf = await app.inject({ method: 'GET', url: link });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(
        (
          await app.inject({
            method: 'GET',
            url: link.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`),
          })
        ).statusCode,
      ).toBe(403);
      expect((await app.inject({ method: 'GET', url: link.split('?')[0]! })).statusCode).toBe(403);
    } finally {
      await peer.stop();
    }
  });

  it('records why a mail failed without the address the mail server quoted back', async () => {
    await peer.start({ rejectRecipients: true });
    try {
      const { policyId } = await issuedPolicy();
      expect(await app.services.documents.deliverMail()).toEqual({ sent: 0, failed: 1 });
      const [waiting] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.policyId, policyId));
      expect(waiting!.lastError).toContain('Recipient address rejected');
      expect(waiting!.lastError).not.toMatch(/weiming|example\.com/);
      // Queued again for the next attempt, not dropped; this test's mail is not delivered later.
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      await database.db.delete(mailOutbox).where(eq(mailOutbox.policyId, policyId));
    } finally {
      await peer.stop();
    }
  });

  it('keeps the mail while the mail server is down and delivers it when it is back', async () => {
    const { policyId, policyNumber } = await issuedPolicy();
    const down = await app.services.documents.deliverMail();
    expect(down).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.policyId, policyId));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.lastError).toBeTruthy();

    await peer.start();
    try {
      // The retry is due after its pause; make it due now rather than wait a minute.
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.policyId, policyId));
      expect(await app.services.documents.deliverMail()).toEqual({ sent: 1, failed: 0 });
      expect(peer.received.filter((data) => data.includes(policyNumber))).toHaveLength(1);
    } finally {
      await peer.stop();
    }
  });
});
