import fs from 'node:fs';
import { startServer, stopServer, type TServerProcess } from './server-process.ts';
import { test } from './test.ts';

/**
 * A shop of the spec's own (startServer with `env`), for a spec that reads what only its own shop holds
 * (its outbox, its log) or that needs a shop set up differently from the main one. Called at the top of a
 * file or inside a `test.describe`, it starts the shop before the first test of that scope and, after the
 * last, stops it and removes its DATA_DIR. What it returns reads the started shop, so `shop.baseUrl` and
 * the rest are there inside the tests and hooks, not while the spec is being loaded.
 */
export function ownShop(name: string, env: Record<string, string> = {}): TServerProcess {
  let started: TServerProcess | undefined;
  test.beforeAll(async () => {
    started = await startServer(name, env, { keepDataDir: true });
  });
  test.afterAll(async () => {
    if (!started) return;
    await stopServer(started.child);
    fs.rmSync(started.dataDir, { recursive: true, force: true });
  });
  const shop = () => {
    if (!started) throw new Error(`the shop "${name}" is read before its beforeAll started it`);
    return started;
  };
  return {
    get name() {
      return shop().name;
    },
    get baseUrl() {
      return shop().baseUrl;
    },
    get dataDir() {
      return shop().dataDir;
    },
    get child() {
      return shop().child;
    },
    get output() {
      return shop().output;
    },
  };
}
