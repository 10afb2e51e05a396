import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { agents, campaigns, subAgents } from '../../../db/schema.ts';

/**
 * The desk's reads of who and what a desk link or quote may carry (decisions 083, 087, 090, 096),
 * shared by the desk's link, quote-for-a-customer and pre-filled link calls. Whether a campaign
 * serves is the domain's `liveCampaignFor`, not a query's.
 */
export function createDeskRepository(db: TDb) {
  return {
    /** An agent the shop still sells for. */
    async isActiveAgent(agentCode: string): Promise<boolean> {
      const [row] = await db
        .select({ code: agents.agentCode })
        .from(agents)
        .where(and(eq(agents.agentCode, agentCode), eq(agents.active, true)));
      return Boolean(row);
    },

    /** The agent's market and whether it still sells: what its licence (agentSellsIn) is read from. */
    async findAgentLicence(agentCode: string): Promise<{ country: string; active: boolean } | undefined> {
      const [row] = await db
        .select({ country: agents.country, active: agents.active })
        .from(agents)
        .where(eq(agents.agentCode, agentCode));
      return row;
    },

    /** One of the agent's own sub-agents, still active: another agent's is never accepted. */
    async isOwnActiveSubAgent(agentCode: string, subAgentCode: string): Promise<boolean> {
      const [row] = await db
        .select({ code: subAgents.subAgentCode })
        .from(subAgents)
        .where(
          and(
            eq(subAgents.agentCode, agentCode),
            eq(subAgents.subAgentCode, subAgentCode),
            eq(subAgents.active, true),
          ),
        );
      return Boolean(row);
    },

    /** The campaigns that carry a code: one per product and market at most (a unique index). */
    async campaignsWithCode(campaignCode: string) {
      return db
        .select({
          campaignCode: campaigns.campaignCode,
          status: campaigns.status,
          productCode: campaigns.productCode,
          country: campaigns.country,
          startDate: campaigns.startDate,
          endDate: campaigns.endDate,
        })
        .from(campaigns)
        .where(eq(campaigns.campaignCode, campaignCode));
    },
  };
}

export type TDeskRepository = ReturnType<typeof createDeskRepository>;
