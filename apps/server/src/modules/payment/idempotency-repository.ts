import { and, eq, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { idempotencyKeys } from '../../db/schema.ts';

/** Idempotency-Key records (design section 5): one row per session and key (idempotency.ts). */
export function createIdempotencyRepository(db: TDb) {
  return {
    async claimIdempotencyKey(entry: {
      sessionName: string;
      key: string;
      call: string;
      requestHash: string;
    }) {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ ...entry, status: 'running' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) return { claimed: true as const };
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.sessionName, entry.sessionName), eq(idempotencyKeys.key, entry.key)));
      return { claimed: false as const, row };
    },

    finishIdempotencyKey: async (sessionName: string, key: string, status: number, body: unknown) => {
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', responseStatus: status, responseBody: body })
        .where(and(eq(idempotencyKeys.sessionName, sessionName), eq(idempotencyKeys.key, key)));
    },

    releaseIdempotencyKey: async (sessionName: string, key: string) => {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.sessionName, sessionName), eq(idempotencyKeys.key, key)));
    },

    pruneIdempotencyKeys: async () =>
      (
        await db
          .delete(idempotencyKeys)
          .where(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`))
          .returning({ key: idempotencyKeys.key })
      ).length,
  };
}

export type TIdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
