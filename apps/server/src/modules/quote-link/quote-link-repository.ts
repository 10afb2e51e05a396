import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { policies, quoteLinks } from '../../db/schema.ts';
import { recordAudit, type TAuditEntry } from '../back-office/audit.ts';

export type TQuoteLinkRow = typeof quoteLinks.$inferSelect;

/** The pre-filled quote links' SQL (decision 090): the links, their opens, and the policies that carry a code. */
export function createQuoteLinkRepository(db: TDb) {
  return {
    /** A new link and its audit row, in one transaction. */
    async insertLink(row: typeof quoteLinks.$inferInsert, audit: TAuditEntry): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(quoteLinks).values(row);
        await recordAudit(tx, audit);
      });
    },

    /** The agent's links, newest first. */
    async listLinks(agentCode: string, limit: number): Promise<TQuoteLinkRow[]> {
      return db
        .select()
        .from(quoteLinks)
        .where(eq(quoteLinks.agentCode, agentCode))
        .orderBy(desc(quoteLinks.createdAt))
        .limit(limit);
    },

    /**
     * The agent's own rated policies (not declined) whose journey carries one of the codes: a code
     * copied into another agent's journey counts nowhere.
     */
    async listPoliciesOfLinks(agentCode: string, codes: string[]) {
      if (codes.length === 0) return [];
      return db
        .select({
          code: sql<string>`${policies.document}->>'quoteLink'`,
          productType: policies.productType,
          status: policies.status,
          issuedAt: policies.issuedAt,
          premiumCents: policies.premiumCents,
          document: policies.document,
        })
        .from(policies)
        .where(
          and(
            eq(policies.agentCode, agentCode),
            ne(policies.status, 'declined'),
            inArray(sql`${policies.document}->>'quoteLink'`, codes),
          ),
        );
    },

    /** Counts one open of the link (in SQL: opens at once all count); undefined when no link has the code. */
    async countOpen(code: string, at: Date): Promise<TQuoteLinkRow | undefined> {
      const [row] = await db
        .update(quoteLinks)
        .set({ opens: sql`${quoteLinks.opens} + 1`, lastOpenedAt: at })
        .where(eq(quoteLinks.code, code))
        .returning();
      return row;
    },
  };
}

export type TQuoteLinkRepository = ReturnType<typeof createQuoteLinkRepository>;
