import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { formatMoney } from '@lionrock/domain/money/money';
import { wireToCents } from '@lionrock/domain/schemas/wire-primitives';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentWorkers, type TDocumentWorkers } from '../src/modules/document/document-workers.ts';
import { BUNDLED_BENEFIT_SCHEDULES } from '../src/modules/policy/benefit-schedules.ts';
import { BUNDLED_DOCUMENT_RATES } from './helpers/bundled-document-rates.ts';
import { issuedTravelPolicy } from './helpers/issued-travel-policy.ts';
import { pdfText } from './helpers/pdf-text.ts';

const FAILING_ENTRY = new URL('./helpers/failing-document-worker.ts', import.meta.url);

const issued = (policyNumber: string) => issuedTravelPolicy(policyNumber);

/** Counters shared with the failing test thread: how many tasks crash it, how many fail. */
function counters(crashes: number, failures: number) {
  const crash = new SharedArrayBuffer(4);
  const failure = new SharedArrayBuffer(4);
  new Int32Array(crash)[0] = crashes;
  new Int32Array(failure)[0] = failures;
  return { crashes: crash, failures: failure };
}

describe('the document worker threads (decision 093)', () => {
  let pool: TDocumentWorkers | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('render schedules while the main thread is blocked, so no PDF runs on the event loop', async () => {
    pool = createDocumentWorkers({ size: 2 });
    const numbers = ['TSG26-0000101', 'TSG26-0000102'];
    const renders = numbers.map((number) =>
      pool!.renderSchedule(issued(number), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    );
    // The tasks are posted; from here the main thread does not run its event loop at all until the
    // threads have counted both renders (shared memory, no message needed). A render on the main
    // thread could never finish here, and the deadline would fail the test instead of hanging it.
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + 120_000;
    while (pool.stats().rendered < numbers.length && Date.now() < deadline) Atomics.wait(sleeper, 0, 0, 20);
    expect(pool.stats().rendered).toBe(numbers.length);
    const pdfs = await Promise.all(renders);
    pdfs.forEach((pdf, index) => {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfText(pdf)).toContain(numbers[index]);
    });
    expect(pool.stats().threadIds.length).toBeGreaterThan(0);
    expect(pool.stats().threadIds).not.toContain(threadId);
  });

  it('give the same bytes as a schedule drawn on the main thread', async () => {
    pool = createDocumentWorkers({ size: 1 });
    const { renderPolicySchedule } = await import('../src/modules/document/policy-schedule.ts');
    const policy = issued('TSG26-0000103');
    expect(
      (await pool.renderSchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES)).equals(
        await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
      ),
    ).toBe(true);
  });

  it('draw each customer’s own text and the same bytes whatever the thread drew before (decision 095)', async () => {
    // The layout of words is kept per thread across documents: two customers whose names, numbers and
    // receipts share words and lengths, drawn one after the other on this thread; the second also on a
    // fresh thread, its first schedule ever. A kept layout handed to the wrong string, or kept after
    // pdfkit scaled it, changes the second one's text or bytes.
    const { renderPolicySchedule } = await import('../src/modules/document/policy-schedule.ts');
    const first = issuedTravelPolicy('TSG26-0000201', {
      name: 'TAN WEI MING',
      receiptNumber: 'RSG26-0000901',
      planName: 'SUPER',
    });
    const second = issuedTravelPolicy('TSG26-0000210', {
      name: 'TAN WEI LING',
      receiptNumber: 'RSG26-0000910',
      planName: 'STANDARD',
    });
    const firstText = pdfText(
      await renderPolicySchedule(first, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    );
    const afterFirst = await renderPolicySchedule(second, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES);
    const secondText = pdfText(afterFirst);
    expect(firstText).toContain('TAN WEI MING');
    expect(firstText).toContain('TSG26-0000201');
    expect(firstText).toContain('RSG26-0000901');
    expect(secondText).toContain('TAN WEI LING');
    expect(secondText).toContain('TSG26-0000210');
    expect(secondText).toContain('RSG26-0000910');
    for (const words of ['TAN WEI MING', 'TSG26-0000201', 'RSG26-0000901'])
      expect(secondText).not.toContain(words);
    // Different plans, different amounts: each schedule prints its own premium.
    const total = (policy: typeof first) =>
      formatMoney(wireToCents(policy.document.policyTravel!.policyPremium!.totalPremium), 'SGP');
    expect(total(first)).not.toBe(total(second));
    expect(firstText).toContain(total(first));
    expect(secondText).toContain(total(second));
    expect(secondText).not.toContain(total(first));
    pool = createDocumentWorkers({ size: 1 });
    expect(
      (await pool.renderSchedule(second, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES)).equals(
        afterFirst,
      ),
    ).toBe(true);
  });

  it('reject the task of a thread that dies while it works, replace the thread and go on', async () => {
    pool = createDocumentWorkers({ size: 1, entry: FAILING_ENTRY, workerData: counters(1, 0) });
    await expect(
      pool.renderSchedule(issued('TSG26-0000104'), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    ).rejects.toThrow('the document worker stopped (exit code 3)');
    const pdf = await pool.renderSchedule(
      issued('TSG26-0000105'),
      BUNDLED_BENEFIT_SCHEDULES,
      BUNDLED_DOCUMENT_RATES,
    );
    expect(pdfText(pdf)).toContain('TSG26-0000105');
    expect(pool.stats()).toMatchObject({ restarts: 1, failed: 1, done: 1, rendered: 1 });
  });

  it('reject the task whose render throws, with its message, and keep the thread', async () => {
    pool = createDocumentWorkers({ size: 1, entry: FAILING_ENTRY, workerData: counters(0, 1) });
    await expect(
      pool.renderSchedule(issued('TSG26-0000106'), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    ).rejects.toThrow('the schedule could not be drawn (on purpose)');
    expect(
      pdfText(
        await pool.renderSchedule(issued('TSG26-0000107'), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
      ),
    ).toContain('TSG26-0000107');
    expect(pool.stats()).toMatchObject({ restarts: 0, failed: 1, done: 1 });
  });

  it('end a thread that takes too long and reject its task', async () => {
    // Every task crashes no thread and fails none, but the limit is shorter than any render.
    pool = createDocumentWorkers({ size: 1, taskTimeoutMs: 1 });
    await expect(
      pool.renderSchedule(issued('TSG26-0000108'), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    ).rejects.toThrow('took longer than 1 ms');
    expect(pool.stats().restarts).toBe(1);
  });

  it('send mail through their own transport: the file outbox, written by a thread', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-outbox-'));
    try {
      pool = createDocumentWorkers({
        size: 1,
        mail: { smtpUrl: undefined, from: 'Lionrock <p@lionrock.example>', outboxDir },
      });
      const pdf = await pool.renderSchedule(
        issued('TSG26-0000110'),
        BUNDLED_BENEFIT_SCHEDULES,
        BUNDLED_DOCUMENT_RATES,
      );
      const sent = await pool.sendMail({
        to: 'holder@example.com',
        subject: 'Your policy TSG26-0000110',
        text: 'Attached.',
        messageId: 'TSG26-0000110.policy-issued.applicant',
        attachments: [{ filename: 'schedule.pdf', content: pdf, contentType: 'application/pdf' }],
      });
      expect(sent).toEqual({
        accepted: true,
        location: path.join(outboxDir, 'TSG26-0000110.policy-issued.applicant.eml'),
      });
      const eml = fs.readFileSync(sent.location, 'utf8');
      expect(eml).toContain('Subject: Your policy TSG26-0000110');
      // The attachment arrives whole: its base64 decodes to the rendered bytes.
      const base64 = eml
        .split('Content-Disposition: attachment; filename=schedule.pdf')[1]!
        .split('----')[0]!;
      expect(Buffer.from(base64.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('refuse work once closed', async () => {
    pool = createDocumentWorkers({ size: 1 });
    await pool.close();
    await expect(
      pool.renderSchedule(issued('TSG26-0000109'), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    ).rejects.toThrow('closed');
  });
});
