import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { agents, subAgents } from '../../../db/schema.ts';

/**
 * Who a desk link or quote may carry (decisions 083, 087, 090), asked in one place by the desk's link,
 * quote-for-a-customer and pre-filled link calls.
 */
export function createDeskPartners(db: TDb) {
  return {
    /** An agent the shop still sells for. */
    async isActiveAgent(agentCode: string): Promise<boolean> {
      const [row] = await db
        .select({ code: agents.agentCode })
        .from(agents)
        .where(and(eq(agents.agentCode, agentCode), eq(agents.active, true)));
      return Boolean(row);
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
  };
}
