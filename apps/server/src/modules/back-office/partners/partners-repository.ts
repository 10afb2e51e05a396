import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { agentCampaigns, agents, staffCodes, subAgents } from '../../../db/schema.ts';
import { recordAudit, type TAuditEntry } from '../audit.ts';

export type TAgentRow = typeof agents.$inferSelect;
export type TSubAgentRow = typeof subAgents.$inferSelect;
export type TAgentCampaignRow = typeof agentCampaigns.$inferSelect;
export type TStaffCodeRow = typeof staffCodes.$inferSelect;
export type TStaffCodeValues = Pick<TStaffCodeRow, 'agentCode' | 'country' | 'productCode' | 'staffCode'>;

/**
 * Marketing's partner data in SQL (issue 18): agents, sub-agents, agent campaigns and staff codes, each
 * change and its audit row in one transaction; the audit entry is the service's. No rules here.
 */
export function createPartnersRepository(db: TDb) {
  /** Writes one row and its audit entry, made from the row written, in one transaction. */
  async function writeAudited<T>(
    write: (tx: TDb) => Promise<T | undefined>,
    audit: (row: T) => TAuditEntry,
  ): Promise<T | undefined> {
    return db.transaction(async (tx) => {
      const row = await write(tx);
      if (row === undefined) return undefined;
      await recordAudit(tx, audit(row));
      return row;
    });
  }
  const first = <T>(rows: T[]) => rows[0];

  return {
    async listAgents(): Promise<TAgentRow[]> {
      return db.select().from(agents).orderBy(asc(agents.country), asc(agents.agentCode));
    },

    /** Each agent's code and the market it is registered in. */
    async listAgentMarkets(): Promise<Map<string, string>> {
      const rows = await db.select({ agentCode: agents.agentCode, country: agents.country }).from(agents);
      return new Map(rows.map((row) => [row.agentCode, row.country]));
    },

    /** How many sub-agents, agent campaigns and staff codes each agent has (agents with none are absent). */
    async countsByAgent() {
      const count = async (table: typeof subAgents | typeof staffCodes) => {
        const counted = await db
          .select({ agentCode: table.agentCode, count: sql<number>`count(*)::int` })
          .from(table)
          .groupBy(table.agentCode);
        return new Map(counted.map((row) => [row.agentCode, row.count]));
      };
      const subs = await count(subAgents);
      const codes = await count(staffCodes);
      const campaigns = await db
        .select({ agentCode: agentCampaigns.accountNo, count: sql<number>`count(*)::int` })
        .from(agentCampaigns)
        .groupBy(agentCampaigns.accountNo);
      return {
        subAgents: subs,
        campaigns: new Map(campaigns.map((row) => [row.agentCode, row.count])),
        staffCodes: codes,
      };
    },

    async findAgent(agentCode: string): Promise<TAgentRow | undefined> {
      return first(await db.select().from(agents).where(eq(agents.agentCode, agentCode)));
    },

    /** The new agent, audited; undefined when its code is taken. */
    async insertAgent(values: typeof agents.$inferInsert, audit: (row: TAgentRow) => TAuditEntry) {
      return writeAudited(
        async (tx) => first(await tx.insert(agents).values(values).onConflictDoNothing().returning()),
        audit,
      );
    },

    async updateAgent(
      agentCode: string,
      values: Partial<typeof agents.$inferInsert>,
      audit: (after: TAgentRow) => TAuditEntry,
    ) {
      return writeAudited(
        async (tx) =>
          first(await tx.update(agents).set(values).where(eq(agents.agentCode, agentCode)).returning()),
        audit,
      );
    },

    async listSubAgents(agentCode: string): Promise<TSubAgentRow[]> {
      return db
        .select()
        .from(subAgents)
        .where(eq(subAgents.agentCode, agentCode))
        .orderBy(asc(subAgents.subAgentCode));
    },

    async findSubAgent(agentCode: string, subAgentCode: string): Promise<TSubAgentRow | undefined> {
      return first(
        await db
          .select()
          .from(subAgents)
          .where(and(eq(subAgents.agentCode, agentCode), eq(subAgents.subAgentCode, subAgentCode))),
      );
    },

    /** The new sub-agent, audited; undefined when the agent already has its code. */
    async insertSubAgent(values: typeof subAgents.$inferInsert, audit: (row: TSubAgentRow) => TAuditEntry) {
      return writeAudited(
        async (tx) => first(await tx.insert(subAgents).values(values).onConflictDoNothing().returning()),
        audit,
      );
    },

    async updateSubAgent(
      agentCode: string,
      subAgentCode: string,
      values: Partial<typeof subAgents.$inferInsert>,
      audit: (after: TSubAgentRow) => TAuditEntry,
    ) {
      return writeAudited(
        async (tx) =>
          first(
            await tx
              .update(subAgents)
              .set(values)
              .where(and(eq(subAgents.agentCode, agentCode), eq(subAgents.subAgentCode, subAgentCode)))
              .returning(),
          ),
        audit,
      );
    },

    async listAgentCampaigns(agentCode: string): Promise<TAgentCampaignRow[]> {
      return db
        .select()
        .from(agentCampaigns)
        .where(eq(agentCampaigns.accountNo, agentCode))
        .orderBy(asc(agentCampaigns.code));
    },

    async findAgentCampaign(id: number): Promise<TAgentCampaignRow | undefined> {
      return first(await db.select().from(agentCampaigns).where(eq(agentCampaigns.id, id)));
    },

    async findAgentCampaignByCode(code: string): Promise<TAgentCampaignRow | undefined> {
      return first(await db.select().from(agentCampaigns).where(eq(agentCampaigns.code, code)));
    },

    /** The new agent campaign, audited; undefined when its code is taken. */
    async insertAgentCampaign(
      values: typeof agentCampaigns.$inferInsert,
      audit: (row: TAgentCampaignRow) => TAuditEntry,
    ) {
      return writeAudited(
        async (tx) => first(await tx.insert(agentCampaigns).values(values).onConflictDoNothing().returning()),
        audit,
      );
    },

    async updateAgentCampaign(
      id: number,
      values: Partial<typeof agentCampaigns.$inferInsert>,
      audit: (after: TAgentCampaignRow) => TAuditEntry,
    ) {
      return writeAudited(
        async (tx) =>
          first(await tx.update(agentCampaigns).set(values).where(eq(agentCampaigns.id, id)).returning()),
        audit,
      );
    },

    /** Staff codes, of one agent or of all, by agent, market and product. */
    async listStaffCodes(agentCode?: string): Promise<TStaffCodeRow[]> {
      return db
        .select()
        .from(staffCodes)
        .where(agentCode ? eq(staffCodes.agentCode, agentCode) : undefined)
        .orderBy(asc(staffCodes.agentCode), asc(staffCodes.country), asc(staffCodes.productCode));
    },

    /** Saves the staff codes (a row for a saved agent, market and product replaces it) and the audit entry, in one go. */
    async saveStaffCodes(rows: TStaffCodeValues[], at: Date, audit: TAuditEntry): Promise<void> {
      await db.transaction(async (tx) => {
        for (let start = 0; start < rows.length; start += 500)
          await tx
            .insert(staffCodes)
            .values(rows.slice(start, start + 500).map((value) => ({ ...value, updatedAt: at })))
            .onConflictDoUpdate({
              target: [staffCodes.agentCode, staffCodes.country, staffCodes.productCode],
              set: { staffCode: sql`excluded.staff_code`, updatedAt: at },
            });
        await recordAudit(tx, audit);
      });
    },
  };
}

export type TPartnersRepository = ReturnType<typeof createPartnersRepository>;
