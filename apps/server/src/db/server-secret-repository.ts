import { eq } from 'drizzle-orm';
import type { TDb } from './database.ts';
import { serverSecrets } from './schema.ts';

/** SQL only: the secrets made once in the database for instances that are not given one (`server-secrets.ts`). */
export function createServerSecretRepository(db: TDb) {
  return {
    /**
     * The secret stored under the name: the candidate when none was stored yet, else the one stored
     * first (an instance that raced this one to it keeps its value).
     */
    async storeOnce(name: string, candidate: string): Promise<string> {
      await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
      return row!.value;
    },
  };
}

export type TServerSecretRepository = ReturnType<typeof createServerSecretRepository>;
