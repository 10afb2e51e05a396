// Adds lockfile entries for the Biome platform packages this registry does not serve, so `npm ci`
// accepts the lockfile (docs/decisions/007-lockfile-lists-every-biome-platform.md).
// Usage: node scripts/lock-biome-platforms.mjs package-lock.json
import fs from 'node:fs';

const f = process.argv[2];
const lock = JSON.parse(fs.readFileSync(f, 'utf8'));
const p = lock.packages;
const ver = p['node_modules/@biomejs/biome'].version;
const plats = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'android-x64': { os: ['android'], cpu: ['x64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64': { os: ['win32'], cpu: ['x64'] },
};
const out = {};
for (const [k, v] of Object.entries(p)) {
  out[k] = v;
  if (k === 'node_modules/@biomejs/biome') {
    for (const [plat, meta] of Object.entries(plats)) {
      const key = `node_modules/@biomejs/cli-${plat}`;
      if (!p[key])
        out[key] = {
          version: ver,
          cpu: meta.cpu,
          dev: true,
          ...(meta.libc ? { libc: meta.libc } : {}),
          license: 'MIT OR Apache-2.0',
          optional: true,
          os: meta.os,
          engines: { node: '>=14.21.3' },
        };
    }
  }
}
lock.packages = out;
fs.writeFileSync(f, `${JSON.stringify(lock, null, 2)}\n`);
