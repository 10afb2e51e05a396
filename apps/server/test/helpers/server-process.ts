import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordConsent } from '@lionrock/domain/consents/consents';
import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { inject } from 'vitest';
import { createPglite } from '../../src/db/database.ts';
import { answerFields, gatewayRequest } from './card-gateway.ts';

/** The real server entry point, started as a new user starts it (process tests: restart, SIGKILL, SIGTERM). */
export const SERVER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server.ts');

const children: ChildProcess[] = [];

/**
 * Puts the run's migrated and seeded template (global-setup.ts) in `dataDir` as the embedded database a
 * server started on it opens, so the server's own start migrates and seeds nothing new rather than
 * making a database from nothing (seconds, a minute on a loaded machine; decision 146). Returns `dataDir`.
 */
export async function withTemplateDatabase(dataDir: string): Promise<string> {
  const dump = fs.readFileSync(inject('pgliteTemplatePath'));
  const pglite = await createPglite(path.join(dataDir, 'pgdata'), { loadDataDir: new Blob([dump]) });
  await pglite.close();
  return dataDir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type TRunning = {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:port */
  base: string;
  /** What it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once the output holds `text` (a pause point's line, say); rejects after `timeoutMs`. */
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
  /** SIGKILL: no shutdown, no last write; resolves once the process is gone. */
  kill: () => Promise<void>;
};

/** Starts the server entry with `env` (PORT must be set); resolves when it logs that it is ready (info). */
export function startServer(env: Record<string, string>): Promise<TRunning> {
  return new Promise((resolve, reject) => {
    const port = Number(env.PORT);
    let output = '';
    const waiters: { text: string; done: () => void }[] = [];
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const running: TRunning = {
      child,
      port,
      base: `http://127.0.0.1:${port}`,
      output: () => output,
      exited,
      waitFor: (text, timeoutMs = 30_000) =>
        output.includes(text)
          ? Promise.resolve()
          : new Promise<void>((done, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`the server never wrote "${text}":\n${output.slice(-4000)}`)),
                timeoutMs,
              );
              waiters.push({
                text,
                done: () => {
                  clearTimeout(timer);
                  done();
                },
              });
            }),
      kill: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      },
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const waiter of waiters.filter((entry) => output.includes(entry.text))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
      if (output.includes('Lionrock is ready')) {
        clearTimeout(notReady);
        resolve(running);
      }
    };
    const notReady = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server not ready within 90 s:\n${output.slice(-4000)}`));
    }, 90_000);
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`)),
    );
  });
}

/** For afterAll: no server a test started outlives it. */
export function killServers(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The shop's JSON calls over HTTP, as the browser makes them in one session; anything but 200 throws. */
export function restClient(base: string, session: string) {
  return async (route: string, body: unknown) => {
    const response = await fetch(`${base}/b2c-server/rest/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'session-name': session },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${text}`);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON, read as the browser reads it
    return JSON.parse(text) as any;
  };
}

/** multirate → the first plan → rate → both declarations: a travel policy ready to be paid. */
export async function confirmedTravelPolicy(call: ReturnType<typeof restClient>, today: TLocalDate) {
  const policy = buildTravelPolicy(today);
  const quoted = await call('policy/multirate', policy);
  const rated = await call('policy/rate', {
    ...policy,
    policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
  });
  const consent = recordConsent(true, new Date().toISOString());
  return { ...rated, consents: { declaration1: consent, declaration2: consent, marketing: consent } };
}

/** The browser's frame at the built-in test gateway over HTTP: the answer page's signed fields. */
export async function payAtGateway(
  base: string,
  paymentSignature: Record<string, string>,
  cardNumber = '4111111111111111',
): Promise<Record<string, string>> {
  const { url, form } = gatewayRequest(paymentSignature, cardNumber);
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  if (response.status !== 200) throw new Error(`the test gateway answered ${response.status}`);
  return answerFields(await response.text(), cardNumber);
}

/** Posts the gateway's answer to the receipt page as the frame (or the gateway) does, asking for JSON. */
export const postReceiptTo = (base: string, fields: Record<string, string>) =>
  fetch(`${base}/b2c-server/rest/payment/receipt`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
