import autocannon from 'autocannon';

export type TBenchCase = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
};

export type TBenchResult = {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/** One autocannon run against a listening server: fixed connections and duration, stops by itself. */
export async function runCase(
  baseUrl: string,
  benchCase: TBenchCase,
  options: { connections: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<TBenchResult> {
  const result = await autocannon({
    url: `${baseUrl}${benchCase.path}`,
    method: benchCase.method,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: {
      'content-type': 'application/json',
      'session-name': 'bench-session-0001',
      ...options.headers,
    },
    ...(benchCase.body ? { body: JSON.stringify(benchCase.body) } : {}),
  });
  return {
    name: benchCase.name,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function formatTable(title: string, results: TBenchResult[]): string {
  const lines = [
    `### ${title}`,
    '',
    '| case | req/s | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (row) =>
        `| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} |`,
    ),
  ];
  return lines.join('\n');
}
