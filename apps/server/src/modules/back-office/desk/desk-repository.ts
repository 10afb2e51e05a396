import { and, desc, eq, gte, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { agents, campaigns, claims, policies, savedQuotes, subAgents } from '../../../db/schema.ts';
import type { TPolicyRow } from '../../policy/policy-repository.ts';

/** Instants a query looks between, both included. */
export type TInstants = { low: Date; high: Date };

/**
 * The agents' desk's SQL (issue 18, decisions 083, 087, 090, 096): who and what a desk link or quote may
 * carry, shared by the desk's link, quote-for-a-customer and pre-filled link calls, and the agent's own
 * records. Every read of records is scoped by the agent's code in the query itself. Whether a campaign
 * serves is the domain's `liveCampaignFor`, and which local day a record falls on the service's.
 */
export function createDeskRepository(db: TDb) {
  /** The agent's own policies that meet the conditions, whole. */
  const agentPolicies = (agentCode: string, ...conditions: SQL[]) =>
    db
      .select()
      .from(policies)
      .where(and(eq(policies.agentCode, agentCode), ...conditions));

  /** The agent's issued policies among these ids (a page of its sales). */
  async function listSalesById(agentCode: string, policyIds: string[]): Promise<TPolicyRow[]> {
    if (policyIds.length === 0) return [];
    return agentPolicies(agentCode, inArray(policies.policyId, policyIds), isNotNull(policies.issuedAt));
  }

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

    /** The agent's name, registration and market, as the desk's header shows them. */
    async findAgent(agentCode: string) {
      const [row] = await db
        .select({ name: agents.name, registrationNo: agents.registrationNo, country: agents.country })
        .from(agents)
        .where(eq(agents.agentCode, agentCode));
      return row;
    },

    /** The agent's sub-agents (active or not: an old sale still names its sub-agent). */
    async listSubAgents(agentCode: string) {
      return db
        .select({ code: subAgents.subAgentCode, name: subAgents.name })
        .from(subAgents)
        .where(eq(subAgents.agentCode, agentCode));
    },

    /**
     * The same sales, only what the summary adds up (issue 30): when and where, the premium, the
     * sub-agent, the campaign and the chosen plan's commission rate, from their columns (the desk's
     * index holds them all), never the document.
     */
    async listSaleFigures(agentCode: string, between: TInstants) {
      return db
        .select({
          country: policies.country,
          currency: policies.currency,
          issuedAt: policies.issuedAt,
          productType: policies.productType,
          premiumCents: policies.premiumCents,
          subAgentCode: policies.subAgentCode,
          campaignCode: policies.campaignCode,
          commissionRate: policies.commissionRate,
        })
        .from(policies)
        .where(and(eq(policies.agentCode, agentCode), issuedBetween(between)));
    },

    /** The same sales, only when and where each was issued: what a page of them is chosen by. */
    async listSaleTimes(agentCode: string, between: TInstants) {
      return db
        .select({ policyId: policies.policyId, country: policies.country, issuedAt: policies.issuedAt })
        .from(policies)
        .where(and(eq(policies.agentCode, agentCode), issuedBetween(between)))
        .orderBy(desc(policies.issuedAt));
    },

    listSalesById,

    /** One issued policy of the agent's; another agent's is not found. */
    async findSale(agentCode: string, policyId: string): Promise<TPolicyRow | undefined> {
      const [row] = await listSalesById(agentCode, [policyId]);
      return row;
    },

    /** When and where each of the agent's rated quotes (not declined) was made, between the instants. */
    async listQuoteTimes(agentCode: string, between: TInstants) {
      return db
        .select({ country: policies.country, at: policies.createdAt })
        .from(policies)
        .where(
          and(
            eq(policies.agentCode, agentCode),
            ne(policies.status, 'declined'),
            gte(policies.createdAt, between.low),
            lte(policies.createdAt, between.high),
          ),
        );
    },

    /** When and where each quote saved for later through the agent was left, between the instants. */
    async listSavedQuoteTimes(agentCode: string, between: TInstants) {
      return db
        .select({ country: savedQuotes.country, at: savedQuotes.leftAt })
        .from(savedQuotes)
        .where(
          and(
            sql`${savedQuotes.document}->>'agentCode' = ${agentCode}`,
            gte(savedQuotes.leftAt, between.low),
            lte(savedQuotes.leftAt, between.high),
          ),
        );
    },

    /**
     * The agent's issued annual policies ending from `from` to `until` (YYYY-MM-DD), soonest first: PA
     * and home always, travel when annual (policyTravel.paPolicyType 'A').
     */
    async listAnnualPoliciesEnding(agentCode: string, from: string, until: string): Promise<TPolicyRow[]> {
      return agentPolicies(
        agentCode,
        eq(policies.status, 'issued'),
        sql`${policies.endDate} >= ${from} and ${policies.endDate} <= ${until}`,
        sql`(${policies.productType} <> 'PTR' or ${policies.document}->'policyTravel'->>'paPolicyType' = 'A')`,
      ).orderBy(policies.endDate);
    },

    /** The agent's submitted claims, newest first: status and dates only, with the policy's number. */
    async listClaims(agentCode: string, limit: number) {
      return db
        .select({
          claimNumber: claims.claimNumber,
          status: claims.status,
          product: claims.productType,
          submittedAt: claims.submittedAt,
          updatedAt: claims.updatedAt,
          policyNumber: policies.policyNumber,
        })
        .from(claims)
        .innerJoin(policies, eq(policies.policyId, claims.policyId))
        .where(and(eq(claims.agentCode, agentCode), ne(claims.status, 'draft')))
        .orderBy(desc(claims.submittedAt))
        .limit(limit);
    },
  };
}

const issuedBetween = (between: TInstants) =>
  and(
    isNotNull(policies.issuedAt),
    gte(policies.issuedAt, between.low),
    lte(policies.issuedAt, between.high),
  )!;

export type TDeskRepository = ReturnType<typeof createDeskRepository>;
