import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { afterAll, describe, expect, it } from 'vitest';
import {
  confirmedTravelPolicy,
  freePort,
  killServers,
  payAtGateway,
  restClient,
  SERVER_ENTRY,
  startServer,
  withTemplateDatabase,
} from './helpers/server-process.ts';

async function logClientError(port: number, data: string) {
  return fetch(`http://127.0.0.1:${port}/b2c-server/b2c/log/error`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'session-name': 'process-test-01' },
    body: JSON.stringify({ data }),
  });
}

/** The DATA_DIRs this file's servers used: removed once the servers are killed (about 40 MB each). */
const dataDirs: string[] = [];
function newDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dataDirs.push(dir);
  return dir;
}
/**
 * A DATA_DIR holding the run's migrated and seeded template: the server still runs its migrations and
 * seed at start, which find nothing to do, as after any restart (decision 146). The first test's
 * server starts on an empty directory, as a new user's first start does.
 */
const templateDataDir = (prefix: string) => withTemplateDatabase(newDataDir(prefix));

afterAll(() => {
  killServers();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server process on the embedded database', () => {
  const dataDir = newDataDir('lionrock-data-');

  it('keeps an acknowledged write across SIGKILL, refuses a second server on the same DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = await startServer({ PORT: String(port), DATA_DIR: dataDir });
    expect((await logClientError(port, 'written before the crash')).status).toBe(204);
    first.child.kill('SIGKILL');
    await first.exited;

    const secondPort = await freePort();
    const second = await startServer({ PORT: String(secondPort), DATA_DIR: dataDir });
    // A third server on the same data directory must refuse to start, naming the directory.
    const refused = spawn(process.execPath, [SERVER_ENTRY], {
      env: { ...process.env, PORT: String(await freePort()), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let refusal = '';
    refused.stderr!.on('data', (chunk: Buffer) => {
      refusal += chunk.toString();
    });
    const refusedCode = await new Promise<number | null>((done) => refused.on('exit', (code) => done(code)));
    expect(refusedCode).toBe(75);
    expect(refusal).toContain(`The data directory ${dataDir} is in use by another Lionrock server`);

    // The row written just before SIGKILL is there after the restart.
    const { createPglite } = await import('../src/db/database.ts');
    const health = await fetch(`http://127.0.0.1:${secondPort}/readyz`);
    expect(health.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    const pglite = await createPglite(path.join(dataDir, 'pgdata'));
    const rows = await pglite.query<{ data: string }>('select data from client_logs');
    expect(rows.rows.map((row) => row.data)).toContain('written before the crash');
    await pglite.close();
  }, 120_000);

  it('issues a card payment approved at the gateway when the server died before recording it', async () => {
    const port = await freePort();
    // The gateway's own post of the answer (merchant POST) and the browser's go to a shop that is gone.
    const gone = `http://127.0.0.1:${await freePort()}`;
    const env = {
      PORT: String(port),
      DATA_DIR: await templateDataDir('lionrock-kill-'),
      PUBLIC_URL: gone,
    };
    const first = await startServer(env);
    const call = restClient(first.base, 'process-test-03');
    const confirmed = await confirmedTravelPolicy(call, todayIn('Asia/Singapore', new Date()));
    const { policy: pending, paymentSignature } = await call('policy/updateToPending', confirmed);
    expect((await payAtGateway(first.base, paymentSignature)).decision).toBe('ACCEPT');
    // Approved at the gateway; the shop dies before any answer reaches it.
    first.child.kill('SIGKILL');
    await first.exited;

    // Its payment window has passed by the time the shop is back.
    const { createPglite } = await import('../src/db/database.ts');
    const pglite = await createPglite(path.join(env.DATA_DIR, 'pgdata'));
    await pglite.query(`update payments set expires_at = now() - interval '1 minute' where policy_id = $1`, [
      pending.policyId,
    ]);
    await pglite.close();

    const second = await startServer(env);
    const callSecond = restClient(second.base, 'process-test-03');
    // The reconciliation job (at start, then every minute) asks the gateway before it expires anything.
    let issued: { status?: string; policyNumber?: string } = {};
    for (let attempt = 0; attempt < 60 && issued.status !== 'issued'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      issued = await callSecond('policy/issueAndReceiptPolicy', { ...pending, status: undefined });
    }
    expect(issued.status).toBe('issued');
    expect(issued.policyNumber).toMatch(/^TSG\d{2}-\d{7}$/);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it('finishes a request in flight when SIGTERM arrives, then exits 0', async () => {
    const port = await freePort();
    const running = await startServer({
      PORT: String(port),
      DATA_DIR: await templateDataDir('lionrock-term-'),
    });
    // A client that is slow to send its body keeps the request in flight across the signal.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const body = JSON.stringify({ data: 'sent around SIGTERM' });
    socket.write(
      `POST /b2c-server/b2c/log/info HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Session-Name: process-test-02\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    running.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(5));
    await socketClosed;
    expect(answer).toMatch(/^HTTP\/1.1 204/);
    expect(await running.exited).toBe(0);
  }, 60_000);

  it.each([
    [{ PORT: 'not-a-port' }, 'PORT'],
    // A test-only pause point can never reach production (decision 108).
    [{ APP_ENV: 'prod', TEST_PAUSE_POINTS: 'paid-before-issue' }, 'TEST_PAUSE_POINTS'],
  ])('stops with a message naming the variable when the configuration is bad: %j', async (env, variable) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
    expect(code).toBe(78);
    expect(stderr).toContain(variable);
  });
});
