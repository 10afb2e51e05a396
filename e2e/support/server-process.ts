// The real server as a child process: for the benches that drive it over HTTP (purchase, Lighthouse) and
// the browser tests that need a shop of their own (its log and database read afterwards).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { newDataDir } from './template.ts';

const SERVER_ENTRY = fileURLToPath(new URL('../../apps/server/src/server.ts', import.meta.url));

export type TServerProcess = {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  /** Its DATA_DIR: the embedded database under `pgdata`, the mail outbox under `outbox`. */
  dataDir: string;
  /** What it wrote to stdout and stderr (its log), the last `keepOutput` characters. */
  output: () => string;
};

export type TServerOptions = {
  /** Leave DATA_DIR when the server exits, for the caller to read and remove (default: removed). */
  keepDataDir?: boolean;
  /** How much of the output to keep (default: the last 20,000 characters). */
  keepOutput?: number;
  /**
   * Write stdout and stderr straight to this file instead of a pipe this process reads (a bench at
   * LOG_LEVEL=info would otherwise spend its own CPU reading thousands of log lines a second);
   * `output()` then reads the file's tail.
   */
  logFile?: string;
  /** Flags for node itself, before the server's entry (`--cpu-prof` to profile the server). */
  nodeArgs?: string[];
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node apps/server/src/server.ts` as the e2e tests do (own port, fresh DATA_DIR, LOG_LEVEL=warn,
 * APP_ENV=local, PUBLIC_URL of this instance, plus `env`); resolves once /readyz answers 200.
 */
export async function startServer(
  name: string,
  env: Record<string, string> = {},
  options: TServerOptions = {},
): Promise<TServerProcess> {
  const keepOutput = options.keepOutput ?? 20_000;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A DATA_DIR the caller prepared (staff accounts made in it first) is used as it is; else a new one,
  // holding a copy of the run's migrated database when there is one (support/template.ts).
  const dataDir = env.DATA_DIR ?? newDataDir(`lionrock-${name}-`);
  let output = '';
  const logFd = options.logFile === undefined ? undefined : fs.openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The gateway URL and receipt page the server signs point at this instance.
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_ENV: 'local',
      ...env,
    },
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  if (logFd !== undefined) fs.closeSync(logFd);
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keepOutput);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const readOutput = () => {
    if (options.logFile === undefined) return output;
    try {
      const text = fs.readFileSync(options.logFile, 'utf8');
      return text.slice(-keepOutput);
    } catch {
      return '';
    }
  };
  if (!options.keepDataDir) child.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `server ${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${readOutput()}`,
      );
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.status === 200) return { name, baseUrl, child, dataDir, output: readOutput };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server ${name} was not ready within 90 s:\n${readOutput()}`);
}

/** SIGTERM (a graceful stop), SIGKILL after 15 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
