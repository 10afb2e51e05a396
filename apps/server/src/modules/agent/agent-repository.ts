import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { agentCampaigns, agents, staffCodes, subAgents } from '../../db/schema.ts';

export type TAgentRow = typeof agents.$inferSelect;
export type TAgentCampaignRow = typeof agentCampaigns.$inferSelect;

/** Agent, sub-agent, staff-code and agent-campaign reads. Codes are matched case-insensitively. */
export function createAgentRepository(db: TDb) {
  return {
    async findAgent(agentCode: string): Promise<TAgentRow | undefined> {
      const [row] = await db
        .select()
        .from(agents)
        .where(sql`upper(${agents.agentCode}) = upper(${agentCode})`);
      return row;
    },

    async findSubAgent(agentCode: string, subAgentCode: string) {
      const [row] = await db
        .select()
        .from(subAgents)
        .where(
          and(
            eq(subAgents.agentCode, agentCode),
            sql`upper(${subAgents.subAgentCode}) = upper(${subAgentCode})`,
            eq(subAgents.active, true),
          ),
        );
      return row;
    },

    async findStaffCode(agentCode: string, country: string | undefined, productCode: string | undefined) {
      const rows = await db
        .select()
        .from(staffCodes)
        .where(
          and(
            eq(staffCodes.agentCode, agentCode),
            country ? eq(staffCodes.country, country) : undefined,
            productCode ? eq(staffCodes.productCode, productCode) : undefined,
          ),
        )
        .orderBy(asc(staffCodes.productCode));
      return rows[0];
    },

    async listAgentCampaigns(accountNo: string): Promise<TAgentCampaignRow[]> {
      return db
        .select()
        .from(agentCampaigns)
        .where(and(eq(agentCampaigns.accountNo, accountNo), eq(agentCampaigns.active, true)))
        .orderBy(asc(agentCampaigns.id));
    },
  };
}

export type TAgentRepository = ReturnType<typeof createAgentRepository>;
