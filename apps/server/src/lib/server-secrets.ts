import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDb } from '../db/database.ts';
import { serverSecrets } from '../db/schema.ts';

/**
 * A secret every instance shares: the configured one when the environment gives it (production must,
 * see config.ts), otherwise one made once in the database, so several local instances on one
 * database sign and verify alike and a restart does not invalidate links already sent.
 */
export async function sharedSecret(db: TDb, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  let cache = CACHE.get(db);
  if (!cache) {
    cache = new Map();
    CACHE.set(db, cache);
  }
  const known = cache.get(name);
  if (known) return known;
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  cache.set(name, row!.value);
  return row!.value;
}

// A secret never changes once made; each database (each test's own) has its own.
const CACHE = new WeakMap<TDb, Map<string, string>>();

/**
 * A secret for one purpose: derived from the configured secret by that purpose's name (so one setting
 * serves every purpose without two purposes sharing a key), else made once in the database.
 */
export async function purposeSecret(db: TDb, purpose: string, configured?: string): Promise<string> {
  if (configured) return createHmac('sha256', configured).update(purpose, 'utf8').digest('base64url');
  return sharedSecret(db, purpose);
}
