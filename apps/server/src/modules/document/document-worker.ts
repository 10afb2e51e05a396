// What a document worker thread does (decision 093): renders schedule PDFs and sends mail away from the
// event loop that answers HTTP requests. `document-worker-entry.ts` is the thread's entry; the pool in
// `document-workers.ts` starts it. Each message is one task, answered once with `{ id, ok, ... }`. Everything it is given is plain data (structured clone): a stored policy
// document, numbers, dates; a mail with its attachments as bytes.
import { type MessagePort, threadId, workerData } from 'node:worker_threads';
import type { TMailer, TMailMessage } from '../../mail/mailer.ts';
import type { TBenefitSchedules } from '../policy/benefit-schedules.ts';
import type { TDocumentRates } from '../policy/document-rates.ts';
import { renderPolicySchedule, type TIssuedPolicy } from './policy-schedule.ts';

export type TWorkerTask =
  | {
      id: number;
      kind: 'schedule';
      issued: TIssuedPolicy;
      benefits: TBenefitSchedules;
      rates: TDocumentRates;
    }
  | { id: number; kind: 'mail'; message: TMailMessage };

export type TWorkerReply =
  | {
      id: number;
      ok: true;
      threadId: number;
      pdf?: Uint8Array;
      sent?: { accepted: boolean; location: string };
    }
  | { id: number; ok: false; threadId: number; error: { name: string; message: string; code?: string } };

/** What every thread is started with: where mail goes, and a counter of renders the pool can read. */
export type TWorkerData = {
  mail?: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** [0]: schedules rendered by the workers, incremented when one is done (Atomics). */
  counters: SharedArrayBuffer;
};

const data = workerData as TWorkerData;
const counters = new Int32Array(data.counters);
let mailer: TMailer | undefined;

/** Bytes that own their memory, so they can be transferred to the main thread without a copy. */
function ownBytes(buffer: Buffer): Uint8Array {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength)
    return new Uint8Array(buffer.buffer, 0, buffer.byteLength);
  return new Uint8Array(buffer);
}

export async function runTask(task: TWorkerTask): Promise<TWorkerReply> {
  if (task.kind === 'schedule') {
    const pdf = ownBytes(await renderPolicySchedule(task.issued, task.benefits, task.rates));
    Atomics.add(counters, 0, 1);
    return { id: task.id, ok: true, threadId, pdf };
  }
  if (!data.mail) throw new Error('this document worker has no mail transport');
  // Loaded on the first mail: a thread that only renders (a schedule download) never loads nodemailer.
  mailer ??= (await import('../../mail/mailer.ts')).createMailer(data.mail);
  const message: TMailMessage = {
    ...task.message,
    // Structured clone hands a Buffer over as a Uint8Array.
    attachments: task.message.attachments?.map((attachment) => ({
      ...attachment,
      content: Buffer.from(
        attachment.content.buffer,
        attachment.content.byteOffset,
        attachment.content.byteLength,
      ),
    })),
  };
  return { id: task.id, ok: true, threadId, sent: await mailer.send(message) };
}

/** Answers each task; a failure is described by name, code and message only (no policy data). */
export function serve(port: MessagePort, run = runTask): void {
  port.on('message', (task: TWorkerTask) => {
    run(task).then(
      (reply) => port.postMessage(reply, reply.ok && reply.pdf ? [reply.pdf.buffer as ArrayBuffer] : []),
      (error: unknown) => {
        const code = (error as { code?: unknown } | undefined)?.code;
        const described =
          error instanceof Error
            ? { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) }
            : { name: 'Error', message: String(error) };
        port.postMessage({ id: task.id, ok: false, threadId, error: described } satisfies TWorkerReply);
      },
    );
  });
}
