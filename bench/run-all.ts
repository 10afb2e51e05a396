// `npm run bench`: every benchmark, printed as Markdown to paste into bench/README.md.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { runApiBench } from './api-bench.ts';
import { runLighthouseBench } from './lighthouse-bench.ts';
import { runPurchaseBench } from './purchase-bench.ts';

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.info(`# Benchmarks — ${new Date().toISOString()}\n`);
console.info(
  `Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
try {
  console.info(
    `Git: ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}\n`,
  );
} catch {
  console.info('');
}
console.info(await runApiBench());
console.info(`\n${await runPurchaseBench()}`);
console.info(`\n${await runLighthouseBench()}`);
