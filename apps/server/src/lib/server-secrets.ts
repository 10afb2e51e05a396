import { createHmac, randomBytes } from 'node:crypto';
import type { TDb } from '../db/database.ts';
import {
  createServerSecretRepository,
  type TServerSecretRepository,
} from '../db/server-secret-repository.ts';

/** The secrets of one database, each read once (a secret never changes once made). */
export function createServerSecrets(repository: Pick<TServerSecretRepository, 'storeOnce'>) {
  const cache = new Map<string, string>();

  /**
   * A secret every instance shares: the configured one when the environment gives it (production must,
   * see config.ts), otherwise one made once in the database, so several local instances on one
   * database sign and verify alike and a restart does not invalidate links already sent.
   */
  async function shared(name: string, configured?: string): Promise<string> {
    if (configured) return configured;
    const known = cache.get(name);
    if (known) return known;
    const value = await repository.storeOnce(name, randomBytes(32).toString('base64url'));
    cache.set(name, value);
    return value;
  }

  /**
   * A secret for one purpose: derived from the configured secret by that purpose's name (so one setting
   * serves every purpose without two purposes sharing a key), else made once in the database.
   */
  async function purpose(name: string, configured?: string): Promise<string> {
    if (configured) return createHmac('sha256', configured).update(name, 'utf8').digest('base64url');
    return shared(name);
  }

  return { shared, purpose };
}

export type TServerSecrets = ReturnType<typeof createServerSecrets>;

// Each database (each test's own) has its own secrets, and one cache of them.
const SECRETS = new WeakMap<TDb, TServerSecrets>();

/** The secrets of the database: the app gives them to its services; the same cache as `sharedSecret`'s. */
export function serverSecretsOf(db: TDb): TServerSecrets {
  let secrets = SECRETS.get(db);
  if (!secrets) {
    secrets = createServerSecrets(createServerSecretRepository(db));
    SECRETS.set(db, secrets);
  }
  return secrets;
}

/** `TServerSecrets.shared` of the database's secrets. */
export const sharedSecret = (db: TDb, name: string, configured?: string): Promise<string> =>
  serverSecretsOf(db).shared(name, configured);

/** `TServerSecrets.purpose` of the database's secrets. */
export const purposeSecret = (db: TDb, purpose: string, configured?: string): Promise<string> =>
  serverSecretsOf(db).purpose(purpose, configured);
