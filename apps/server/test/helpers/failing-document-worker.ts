// A document worker thread that fails on purpose (decision 093 tests): `crashes` and `failures` are
// counters shared by every thread of the pool (a replacement thread sees what is left). While `crashes`
// is above zero a task ends its thread in the middle of the work (as an out-of-memory or a native crash
// would); while `failures` is, the render throws. Then it works as the real thread does.
import { parentPort, workerData } from 'node:worker_threads';
import { runTask, serve } from '../../src/modules/document/document-worker.ts';

const crashes = new Int32Array((workerData as { crashes: SharedArrayBuffer }).crashes);
const failures = new Int32Array((workerData as { failures: SharedArrayBuffer }).failures);

serve(parentPort!, async (task) => {
  if (Atomics.sub(crashes, 0, 1) > 0) process.exit(3);
  if (Atomics.sub(failures, 0, 1) > 0) throw new Error('the schedule could not be drawn (on purpose)');
  return runTask(task);
});
