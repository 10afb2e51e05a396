import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TMailMessage } from '../../mail/mailer.ts';
import type { TBenefitSchedules } from '../policy/benefit-schedules.ts';
import type { TDocumentRates } from '../policy/document-rates.ts';
import type { TWorkerData, TWorkerReply, TWorkerTask } from './document-worker.ts';
import type { TIssuedPolicy } from './policy-schedule.ts';

/**
 * A small pool of worker threads that render schedule PDFs and send mail (issue 19, decision 093), so a
 * PDF never runs on the event loop that answers HTTP requests. Threads start on the first task and are
 * replaced when one dies; a task whose thread died or timed out is rejected (the mail outbox retries
 * it), never run twice by the pool itself. Tasks wait in order while every thread is busy.
 */
export type TDocumentWorkers = {
  /** How many threads the pool runs at most. */
  size: number;
  /** The schedule PDF of an issued policy with the benefit schedules and rate tables in force for it, rendered in a worker thread. */
  renderSchedule(issued: TIssuedPolicy, benefits: TBenefitSchedules, rates: TDocumentRates): Promise<Buffer>;
  /** Sends a mail with the workers' own transport (SMTP_URL or the file outbox). */
  sendMail(message: TMailMessage): Promise<{ accepted: boolean; location: string }>;
  stats(): TDocumentWorkerStats;
  /** Lets queued and running tasks finish (at most `timeoutMs`), then ends every thread. */
  close(timeoutMs?: number): Promise<void>;
};

export type TDocumentWorkerStats = {
  /** Schedules rendered by the worker threads since the pool started (counted by the threads). */
  rendered: number;
  /** Tasks answered, tasks failed (an error, a thread that died or timed out). */
  done: number;
  failed: number;
  /** Threads that died and were replaced. */
  restarts: number;
  running: number;
  queued: number;
  /** Thread ids that answered a task. */
  threadIds: number[];
};

export type TDocumentWorkersOptions = {
  /** Threads at most; by default one per core but one, at least one, at most four. */
  size?: number;
  /** The mail transport of the threads (`sendMail`); none: `sendMail` rejects. */
  mail?: TWorkerData['mail'];
  /** The thread's entry module; tests give one that fails on purpose. */
  entry?: URL;
  /** More data for the threads (the tests' entry reads it). */
  workerData?: Record<string, unknown>;
  /** A task that takes longer ends its thread and is rejected (default 60 s). */
  taskTimeoutMs?: number;
};

export const DEFAULT_DOCUMENT_WORKERS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

type TPending = {
  task: TWorkerTask;
  transfer: ArrayBuffer[];
  resolve: (reply: Extract<TWorkerReply, { ok: true }>) => void;
  reject: (error: Error) => void;
};

type TSlot = { worker: Worker; active?: TPending; timer?: NodeJS.Timeout; dead?: boolean };

function replyError(error: { name: string; message: string; code?: string }): Error {
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  if (error.code) Object.assign(rebuilt, { code: error.code });
  return rebuilt;
}

export function createDocumentWorkers(options: TDocumentWorkersOptions = {}): TDocumentWorkers {
  const size = Math.max(1, options.size ?? DEFAULT_DOCUMENT_WORKERS);
  const entry = options.entry ?? new URL('./document-worker-entry.ts', import.meta.url);
  const taskTimeoutMs = options.taskTimeoutMs ?? 60_000;
  const counters = new SharedArrayBuffer(4);
  const rendered = new Int32Array(counters);
  const slots: TSlot[] = [];
  const queue: TPending[] = [];
  const threadIds = new Set<number>();
  let nextId = 1;
  let done = 0;
  let failed = 0;
  let restarts = 0;
  let closing = false;
  let idle: (() => void) | undefined;

  function settle(slot: TSlot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.active = undefined;
  }

  function retire(slot: TSlot, reason: Error) {
    if (slot.dead) return;
    slot.dead = true;
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    const pending = slot.active;
    settle(slot);
    if (pending) {
      failed += 1;
      pending.reject(reason);
    }
    if (!closing) restarts += 1;
    void slot.worker.terminate();
    dispatch();
  }

  function spawn(): TSlot {
    const worker = new Worker(entry, {
      // The thread's name in /proc (`comm`): the purchase bench counts the CPU of these threads by it.
      name: 'lionrock-docs',
      workerData: { ...options.workerData, mail: options.mail, counters } satisfies TWorkerData,
    });
    // An idle pool does not keep the process alive; a waiting task's caller does.
    worker.unref();
    const slot: TSlot = { worker };
    worker.on('message', (reply: TWorkerReply) => {
      const pending = slot.active;
      if (!pending || pending.task.id !== reply.id) return;
      threadIds.add(reply.threadId);
      settle(slot);
      if (reply.ok) {
        done += 1;
        pending.resolve(reply);
      } else {
        failed += 1;
        pending.reject(replyError(reply.error));
      }
      dispatch();
    });
    worker.on('error', (error) =>
      retire(slot, new Error(`the document worker failed: ${error.name}: ${error.message}`)),
    );
    worker.on('exit', (code) => retire(slot, new Error(`the document worker stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  }

  function start(slot: TSlot, pending: TPending) {
    slot.active = pending;
    slot.worker.ref();
    slot.timer = setTimeout(
      () => retire(slot, new Error(`the document worker took longer than ${taskTimeoutMs} ms`)),
      taskTimeoutMs,
    );
    slot.worker.postMessage(pending.task, pending.transfer);
  }

  function dispatch() {
    while (queue.length > 0) {
      const free = slots.find((slot) => !slot.active && !slot.dead);
      if (free) {
        start(free, queue.shift()!);
        continue;
      }
      if (slots.length >= size) break;
      start(spawn(), queue.shift()!);
    }
    for (const slot of slots) if (!slot.active) slot.worker.unref();
    if (queue.length === 0 && slots.every((slot) => !slot.active)) idle?.();
  }

  function run(task: TWorkerTask, transfer: ArrayBuffer[] = []) {
    if (closing) return Promise.reject(new Error('the document workers are closed'));
    return new Promise<Extract<TWorkerReply, { ok: true }>>((resolve, reject) => {
      queue.push({ task, transfer, resolve, reject });
      dispatch();
    });
  }

  return {
    size,
    async renderSchedule(issued, benefits, rates) {
      const reply = await run({ id: nextId++, kind: 'schedule', issued, benefits, rates });
      const pdf = reply.pdf!;
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    async sendMail(message) {
      const reply = await run({ id: nextId++, kind: 'mail', message });
      return reply.sent!;
    },
    stats: () => ({
      rendered: Atomics.load(rendered, 0),
      done,
      failed,
      restarts,
      running: slots.filter((slot) => slot.active).length,
      queued: queue.length,
      threadIds: [...threadIds],
    }),
    async close(timeoutMs = 10_000) {
      closing = true;
      if (queue.length > 0 || slots.some((slot) => slot.active)) {
        await new Promise<void>((resolve) => {
          idle = resolve;
          setTimeout(resolve, timeoutMs).unref();
        });
      }
      for (const pending of queue.splice(0)) pending.reject(new Error('the document workers are closed'));
      const workers = slots.map((slot) => slot.worker);
      for (const slot of [...slots]) retire(slot, new Error('the document workers are closed'));
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
