// CPU time of processes and their threads from /proc (Linux): on a shared machine the CPU a unit of
// work costs moves far less than its throughput, so the benches report both.
import fs from 'node:fs';

/** proc(5): utime and stime are counted in clock ticks, 100 a second on Linux. */
const CLOCK_TICKS = 100;

/** utime + stime of a /proc `stat` line, in microseconds. */
function statMicros(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of proc(5) (utime, stime), counted from the state field (3) here.
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
}

function readOr(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined; // the process or thread has ended
  }
}

/** A process's CPU time so far (user + system, all its threads, ended ones included), µs. */
export function processCpuMicros(pid: number): number {
  return statMicros(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** A process's CPU time so far by thread name (`comm`: `MainThread`, `V8Worker`, a worker's name…), µs. */
export function threadCpuMicros(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    const comm = readOr(`/proc/${pid}/task/${task}/comm`)?.trim();
    const stat = readOr(`/proc/${pid}/task/${task}/stat`);
    if (comm === undefined || stat === undefined) continue;
    byName.set(comm, (byName.get(comm) ?? 0) + statMicros(stat));
  }
  return byName;
}

/** The CPU time so far of these processes (e.g. a database's backends), those still running, µs. */
export function processesCpuMicros(pids: readonly number[]): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of pids) {
    const stat = readOr(`/proc/${pid}/stat`);
    if (stat !== undefined) byPid.set(pid, statMicros(stat));
  }
  return byPid;
}
