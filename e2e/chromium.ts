import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Debian's Chromium (a test tool's own browser download fails on these machines). */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install Debian's package with `sudo apt-get install -y chromium` " +
        'or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return found;
}

export function chromiumVersion(executable: string): string {
  try {
    return execFileSync(executable, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown version';
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
];
