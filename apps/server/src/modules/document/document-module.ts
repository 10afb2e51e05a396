import path from 'node:path';
import { Gauge, type Registry } from 'prom-client';
import type { TKernel } from '../../app-kernel.ts';
import type { TConfig } from '../../config.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { documentRoutes } from './document-routes.ts';
import {
  createDocumentWorkers,
  DEFAULT_DOCUMENT_WORKERS,
  type TDocumentWorkers,
} from './document-workers.ts';

/** The document threads of a server (decision 093): DOCUMENT_WORKERS, mail as SMTP_URL or the outbox says. */
export function documentWorkerOptions(config: TConfig) {
  return {
    size: config.documentWorkers ?? DEFAULT_DOCUMENT_WORKERS,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
  };
}

/**
 * The documents: the generic brochures and wordings from the schedules and rate tables in force, and the
 * threads that draw schedule PDFs and send mail off the event loop (decision 093). A server given its
 * own threads (server.ts) ends them itself; otherwise they end with the app.
 */
export async function documentModule(
  kernel: TKernel,
  deps: Parameters<typeof documentRoutes>[1] & {
    metrics: Registry;
    documentWorkers?: TDocumentWorkers;
    mailer?: TMailer;
  },
) {
  const { app, config } = kernel;
  const workers = deps.documentWorkers ?? createDocumentWorkers(documentWorkerOptions(config));
  if (!deps.documentWorkers) app.addHook('onClose', () => workers.close());
  // How many schedules the threads drew: the purchase bench reads it to show none was drawn elsewhere.
  new Gauge({
    name: 'lionrock_schedules_rendered_in_threads',
    help: 'Schedule PDFs rendered by the document worker threads since the server started',
    registers: [deps.metrics],
    collect() {
      this.set(workers.stats().rendered);
    },
  });
  // The default mail transport lives in the document threads: building a MIME message around a PDF and
  // writing it to SMTP or the outbox does not run on the event loop either (decision 093).
  const mailer: TMailer = deps.mailer ?? {
    kind: config.smtpUrl ? 'smtp' : 'outbox',
    send: (message) => workers.sendMail(message),
    close() {},
  };
  await app.register(documentRoutes, { benefits: deps.benefits, rates: deps.rates });
  return { workers, mailer };
}
