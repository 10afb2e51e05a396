import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/api-error.ts';

/**
 * Text the database cannot store never gets past the edge (design section 5: bad input is a 4xx, never
 * a 500; decision 029): a NUL character or a lone UTF-16 surrogate anywhere in the body, the query or
 * the path parameters of any call is a 400 naming the field, before a route's schema or service sees it.
 * PostgreSQL refuses both in `text` and `jsonb`, so letting them through turned a one-character
 * request into a failed transaction and a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every call, the hot multirate included.
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      findUnstorable(request.params, '') ??
      findUnstorable(request.query, '') ??
      findUnstorable(bodyToCheck(request), '');
    if (found === undefined) return done();
    const field = found.path === '' ? 'body' : found.path;
    if (found.reason === 'depth')
      return done(badRequest(field, `${field}: is nested more than ${MAX_DEPTH} levels deep.`));
    done(
      badRequest(
        field,
        `${field}: must not contain NUL characters or unpaired surrogates.`,
        MESSAGE_KEYS.noSpecialCharacters,
      ),
    );
  });
}

/** A JSON body kept as text (a call that verifies its exact bytes) is checked as the JSON it carries. */
function bodyToCheck(request: FastifyRequest): unknown {
  const body = request.body;
  if (typeof body !== 'string' || !/json/i.test(request.headers['content-type'] ?? '')) return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Far deeper than any document the shop exchanges; refused rather than walked (no stack to exhaust). */
const MAX_DEPTH = 32;

type TFound = { path: string; reason: 'text' | 'depth' };

/** The first string or key that holds text PostgreSQL cannot store, or a nesting too deep to walk. */
export function findUnstorable(value: unknown, path: string, depth = 0): TFound | undefined {
  if (typeof value === 'string') return isStorable(value) ? undefined : { path, reason: 'text' };
  // Bytes are no text: a route that reads a body as a Buffer decides what it stores.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (depth >= MAX_DEPTH) return { path, reason: 'depth' };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorable(value[index], join(path, String(index)), depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!isStorable(key)) return { path: join(path, printable(key)), reason: 'text' };
    const found = findUnstorable((value as Record<string, unknown>)[key], join(path, key), depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function isStorable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

function join(path: string, key: string): string {
  const joined = path ? `${path}.${key}` : key;
  return joined.length > 200 ? `${joined.slice(0, 200)}…` : joined;
}

/** A field name quoted back without the characters that made it unstorable. */
function printable(key: string): string {
  return key.replaceAll('\u0000', '\\u0000').toWellFormed();
}
