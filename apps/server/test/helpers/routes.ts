import type { FastifyInstance } from 'fastify';

export type TRoute = { method: string; url: string };

/** Every route the app serves, read from Fastify's own route tree, so a new route is covered too. */
export function listRoutes(app: FastifyInstance): TRoute[] {
  const parents: string[] = [];
  const routes: TRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    const url = (depth === 0 ? '' : parents[depth - 1]!) + match[2]!;
    parents[depth] = url;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/** A URL for a route pattern, each parameter (and wildcard) given `value`. */
export function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}
