import { Writable } from 'node:stream';
import { notHongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type TConfig } from '../../src/config.ts';
import type { TDatabase } from '../../src/db/database.ts';
import type { TMailer, TMailMessage } from '../../src/mail/mailer.ts';
import type { TDocumentWorkers } from '../../src/modules/document/document-workers.ts';

/**
 * A mail written in Hong Kong's Chinese (`<html lang="zh-Hant">`) holds no Simplified character or
 * mainland word (decision 110): every API test that records mail checks each one it sends. The shop's
 * words are converted by one converter, so this fails only when a text or a value bypasses it.
 */
function assertHongKongChinese(message: TMailMessage): void {
  if (!message.html?.includes('lang="zh-Hant"')) return;
  const wrong = notHongKongChinese(`${message.subject}\n${message.text}`);
  if (wrong.length > 0)
    throw new Error(
      `A Hong Kong mail ("${message.subject}") has characters that are not Hong Kong's: ${wrong.join(' ')}`,
    );
}

/**
 * Every link a mail gives is absolute (issue 29: "links absolute"): the HTML's `href`s are web, mail or
 * phone addresses, and the text version names no bare path ("/my-policy/…") a mail reader cannot open.
 * Checked on every mail an API test records, like the Chinese above.
 */
function assertLinksAbsolute(message: TMailMessage): void {
  const relative = [...(message.html ?? '').matchAll(/href="([^"]*)"/g)]
    .map(([, href]) => href!)
    .filter((href) => !/^(https?:\/\/|mailto:|tel:)/.test(href));
  const bare = [...message.text.matchAll(/(?:^|\s)(\/[A-Za-z][^\s]*)/g)].map(([, path]) => path!);
  if (relative.length > 0 || bare.length > 0)
    throw new Error(
      `A mail ("${message.subject}") has links that are not absolute: ${[...relative, ...bare].join(' ')}`,
    );
}

export const SESSION = 'test-session-0001';

export function testConfig(overrides: Record<string, string> = {}): TConfig {
  return loadConfig({ LOG_LEVEL: 'silent', APP_ENV: 'local', ...overrides });
}

/** The whole app on a test database, driven with app.inject (no port). */
export async function buildTestApp(
  database: TDatabase,
  options: {
    env?: Record<string, string>;
    webDistDir?: string;
    logStream?: NodeJS.WritableStream;
    now?: () => Date;
    mailer?: TMailer;
    /** The document threads (decision 093); by default the app starts its own and ends them on close. */
    documentWorkers?: TDocumentWorkers;
  } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    webDistDir: options.webDistDir ?? '/nonexistent-web-dist',
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.documentWorkers ? { documentWorkers: options.documentWorkers } : {}),
    // app.inject has no port for the test gateway's server-to-server answer to reach.
    testGatewayMerchantPost: false,
  });
  await app.ready();
  return app;
}

/** A spec call (`/b2c-server/rest/<path>`) as the browser makes it: POST, JSON, the session's Session-Name. */
export function postRest(app: FastifyInstance, path: string, payload: unknown, session = SESSION) {
  return app.inject({
    method: 'POST',
    url: `/b2c-server/rest/${path}`,
    headers: { 'session-name': session },
    payload: payload as object,
  });
}

/** A log stream (buildTestApp's `logStream`) that hands `write` each chunk the app logs, as text. */
export function logSink(write: (text: string) => void): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      write(String(chunk));
      done();
    },
  });
}

/** A mailer that keeps every message it is given in `sent`, for a test to read what the shop mailed. */
export function recordingMailer(): { sent: TMailMessage[]; mailer: TMailer } {
  const sent: TMailMessage[] = [];
  const mailer: TMailer = {
    kind: 'outbox',
    async send(message) {
      assertHongKongChinese(message);
      assertLinksAbsolute(message);
      sent.push(message);
      return { accepted: true, location: message.messageId };
    },
    close() {},
  };
  return { sent, mailer };
}
