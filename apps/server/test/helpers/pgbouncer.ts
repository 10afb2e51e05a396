import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type TPgBouncer = {
  /** The target database through PgBouncer in transaction mode (a pool of up to 10 server sessions). */
  url: string;
  /** The same database through a pool of only 2 server sessions, for tests that count sessions. */
  smallUrl: string;
  /** What PgBouncer wrote to its log so far. */
  log(): string;
  stop(): Promise<void>;
};

/** A loopback port nothing listens on now (PgBouncer is started on it next; a clash is retried). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * Starts Debian's pgbouncer (the program at `binary`) on a free loopback port, in transaction pooling
 * mode, in front of the PostgreSQL database `targetUrl` names; its config and user list are written to
 * a temporary folder. Clients are trusted (the users file names the target's user; its password, if the
 * URL has one, is what PgBouncer logs in to PostgreSQL with). As root it drops to `nobody`, since
 * PgBouncer refuses to run as root.
 */
export async function startPgBouncer(binary: string, targetUrl: string): Promise<TPgBouncer> {
  const target = new URL(targetUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const password = decodeURIComponent(target.password);
  const dbname = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const server = `host=${target.hostname.replace(/^\[|\]$/g, '')} port=${target.port || '5432'} dbname=${dbname}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-pgbouncer-'));
  fs.chmodSync(folder, 0o755);
  const usersFile = path.join(folder, 'users.txt');
  fs.writeFileSync(usersFile, `${quote(user)} ${quote(password)}\n`, { mode: 0o644 });

  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await freePort();
    const ini = [
      '[databases]',
      `lionrock = ${server}`,
      `lionrock_small = ${server} pool_size=2`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${usersFile}`,
      'pool_mode = transaction',
      'default_pool_size = 10',
      'max_client_conn = 200',
      ...(process.getuid?.() === 0 ? ['user = nobody'] : []),
    ].join('\n');
    const iniFile = path.join(folder, 'pgbouncer.ini');
    fs.writeFileSync(iniFile, `${ini}\n`, { mode: 0o644 });
    let output = '';
    const child: ChildProcess = spawn(binary, [iniFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = (database: string) => {
      const through = new URL(targetUrl);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      through.pathname = `/${database}`;
      return through.toString();
    };
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    };
    // Ready once a client gets an answer through it.
    const started = Date.now();
    while (Date.now() - started < 10_000 && child.exitCode === null) {
      const client = new pg.Client({ connectionString: url('lionrock') });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        return {
          url: url('lionrock'),
          smallUrl: url('lionrock_small'),
          log: () => output,
          async stop() {
            await stop();
            fs.rmSync(folder, { recursive: true, force: true });
          },
        };
      } catch {
        await client.end().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await stop();
    lastError = output;
  }
  fs.rmSync(folder, { recursive: true, force: true });
  throw new Error(`pgbouncer did not start:\n${lastError}`);
}
