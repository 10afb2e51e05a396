import { threadId } from 'node:worker_threads';
import { localDate } from '@lionrock/domain/dates/local-date';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { deliverMailJob } from '../src/jobs/payment-jobs.ts';
import { createDocumentWorkers, type TDocumentWorkers } from '../src/modules/document/document-workers.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buyTravelPolicy } from './helpers/purchase.ts';
import { buildTestApp, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const FAILING_ENTRY = new URL('./helpers/failing-document-worker.ts', import.meta.url);

// Issue 19 (decision 093): the mail job renders each schedule in a document thread, not on the event
// loop that answers requests; a thread that dies or a render that fails sends nothing, and the outbox
// tries the mail again, so it goes out once.
describeEachDriver('policy mail rendered in the document threads', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let workers: TDocumentWorkers;
  const { sent, mailer } = recordingMailer();
  const crashes = new SharedArrayBuffer(4);
  const failures = new SharedArrayBuffer(4);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    workers = createDocumentWorkers({ size: 2, entry: FAILING_ENTRY, workerData: { crashes, failures } });
    app = await buildTestApp(database, { mailer, documentWorkers: workers });
  });
  afterAll(async () => {
    await app.close();
    await workers.close();
    await database.drop();
  });

  const applicantMail = async (policyId: string) =>
    (await database.db.select().from(mailOutbox).where(eq(mailOutbox.policyId, policyId))).find(
      (row) => row.recipientRole === 'applicant',
    )!;
  /** The outbox's pause before a retry, passed: the row is due again now. */
  const dueNow = (id: number) =>
    database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));

  it('renders every schedule of the mail job in a thread other than the one answering requests', async () => {
    const bought = [];
    for (let index = 0; index < 3; index += 1)
      bought.push(await buyTravelPolicy(app, database.db, { today, session: `workers-ok-${index}` }));
    const before = workers.stats().rendered;
    const job = deliverMailJob(app);
    const result = (await job.handle(undefined)) as { sent: number; failed: number };
    expect(result.failed).toBe(0);
    expect(result.sent).toBeGreaterThanOrEqual(3);
    expect(workers.stats().rendered - before).toBe(result.sent);
    expect(workers.stats().threadIds).not.toContain(threadId);
    for (const { policyNumber } of bought) {
      const message = sent.find((mail) => mail.subject.includes(policyNumber))!;
      expect(pdfText(message.attachments![0]!.content)).toContain(policyNumber);
    }
  });

  it('retries the mail of a thread that died while it worked, and sends it once', async () => {
    const { policyId, policyNumber } = await buyTravelPolicy(app, database.db, {
      today,
      session: 'workers-crash-1',
    });
    new Int32Array(crashes)[0] = 1;
    const restarts = workers.stats().restarts;
    const first = await app.services.documents.deliverMail();
    expect(first).toEqual({ sent: 0, failed: 1 });
    expect(workers.stats().restarts).toBe(restarts + 1);
    const failed = await applicantMail(policyId);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed.lastError).toContain('the document worker stopped');
    expect(sent.filter((mail) => mail.messageId === failed.messageId)).toHaveLength(0);

    // Not due yet: the outbox waits before trying again.
    expect(await app.services.documents.deliverMail()).toEqual({ sent: 0, failed: 0 });
    await dueNow(failed.id);
    expect(await app.services.documents.deliverMail()).toEqual({ sent: 1, failed: 0 });
    // Once sent, a later run (or the job run twice) sends nothing more.
    expect(await app.services.documents.deliverMail()).toEqual({ sent: 0, failed: 0 });
    const delivered = sent.filter((mail) => mail.messageId === failed.messageId);
    expect(delivered).toHaveLength(1);
    expect(pdfText(delivered[0]!.attachments![0]!.content)).toContain(policyNumber);
    expect(await applicantMail(policyId)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('retries the mail whose render failed and sends it once', async () => {
    const { policyId } = await buyTravelPolicy(app, database.db, { today, session: 'workers-fail-1' });
    new Int32Array(failures)[0] = 1;
    expect(await app.services.documents.deliverMail()).toEqual({ sent: 0, failed: 1 });
    const failed = await applicantMail(policyId);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed.lastError).toBe('the schedule could not be drawn (on purpose)');
    await dueNow(failed.id);
    const job = deliverMailJob(app);
    // Two runs of the job at once (pg-boss retrying, a nudge and the schedule): the mail goes once.
    const runs = (await Promise.all([job.handle(undefined), job.handle(undefined)])) as {
      sent: number;
    }[];
    expect(runs[0]!.sent).toBe(1);
    expect(sent.filter((mail) => mail.messageId === failed.messageId)).toHaveLength(1);
  });
});
