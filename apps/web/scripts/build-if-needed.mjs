// `npm start` runs this: it builds the web app only when its sources (or the domain it imports) changed
// since the last build, so a restart takes seconds. `npm run build:force -w @lionrock/web` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const root = path.resolve(web, '../..');
const inputs = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'scripts'),
  path.join(web, 'package.json'),
  path.join(root, 'packages/domain/src'),
  path.join(root, 'package-lock.json'),
];

function hashInputs() {
  const hash = createHash('sha256');
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) visit(path.join(entry, name));
    } else if (!entry.includes(`${path.sep}node_modules${path.sep}`)) {
      hash.update(path.relative(root, entry));
      hash.update(fs.readFileSync(entry));
    }
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

const stampPath = path.join(web, 'dist', '.build-hash');
const current = hashInputs();
const force = process.argv.includes('--force');
if (!force && fs.existsSync(stampPath) && fs.readFileSync(stampPath, 'utf8') === current) {
  console.info('web build up to date');
  process.exit(0);
}
console.info('building the web app…');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
  cwd: web,
  stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);
// The server's bundle of the pages it draws ahead of the app (src/prerender.tsx, decisions 019 and 021), beside dist.
const ssr = spawnSync(
  process.execPath,
  [vite, 'build', '--ssr', 'src/prerender.tsx', '--outDir', 'dist-ssr', '--logLevel', 'warn'],
  { cwd: web, stdio: 'inherit' },
);
if (ssr.status !== 0) process.exit(ssr.status ?? 1);
fs.writeFileSync(stampPath, current);
console.info('web build done');
