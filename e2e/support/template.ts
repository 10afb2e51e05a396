// The run's migrated and seeded embedded database (decision 146): playwright.config.ts makes it once
// (make-template.ts) and names its DATA_DIR in LIONROCK_E2E_TEMPLATE; every shop of the run, the
// config's and the specs' own, starts on a copy instead of migrating and seeding a database from
// nothing (15 s on a quiet machine, over 60 s on a loaded one). Without it (a bench, say), a new
// DATA_DIR is empty and the server makes its database at start, as before.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE_ENV = 'LIONROCK_E2E_TEMPLATE';
const MAKE_TEMPLATE = fileURLToPath(new URL('./make-template.ts', import.meta.url));

/** Makes the template in `dataDir` (its `pgdata`), synchronously; throws with the script's output if it fails. */
export function makeTemplate(dataDir: string): void {
  const made = spawnSync(process.execPath, [MAKE_TEMPLATE, dataDir], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  if (made.status !== 0)
    throw new Error(
      `the e2e database template was not made (${made.status}):\n${made.stdout}\n${made.stderr}`,
    );
}

/** Copies the run's template, if there is one, into `dataDir` (made if missing). Returns `dataDir`. */
export function fromTemplate(dataDir: string): string {
  const template = process.env[TEMPLATE_ENV];
  fs.mkdirSync(dataDir, { recursive: true });
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** A new DATA_DIR in the temporary folder (`prefix` + random), holding a copy of the run's template. */
export function newDataDir(prefix: string): string {
  return fromTemplate(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}
