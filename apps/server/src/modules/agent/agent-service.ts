import { agentSellsIn } from '@lionrock/domain/back-office/agent-licensing';
import type { TCountry } from '@lionrock/domain/market/market';
import {
  EMPTY_AGENT_CAMPAIGN,
  INVALID_AGENT,
  type TAgent as TAgentAnswer,
  type TAgentCampaign as TAgentCampaignAnswer,
} from '@lionrock/domain/schemas/campaign-agent-schema';
import { ApiError } from '../../lib/api-error.ts';
import type { TAgentRepository } from './agent-repository.ts';

export type TAgentLookup = { agentCode: string; subAgentCode?: string; country?: TCountry };
export type TAgentCampaignLookup = {
  accountNo: string;
  productCode?: string;
  promotion?: string;
  affiliation?: string;
  catalogueCode?: string;
  country?: TCountry;
};

export function createAgentService(repository: TAgentRepository) {
  return {
    async getAgent(lookup: TAgentLookup): Promise<TAgentAnswer> {
      const agent = await repository.findAgent(lookup.agentCode);
      if (!agent?.active) return INVALID_AGENT;
      // A partner link of another market's agent is not one this market's shop sells through.
      if (lookup.country && !agentSellsIn(agent, lookup.country)) return INVALID_AGENT;
      const answer: TAgentAnswer = {
        agentCode: agent.agentCode,
        name: agent.name,
        agency: agent.agency,
        email: agent.email,
        tel: agent.tel,
        registrationNo: agent.registrationNo,
        isDefaultAgent: agent.isDefault,
        subAgentId: '',
        country: agent.country,
      };
      if (!lookup.subAgentCode) return answer;
      const sub = await repository.findSubAgent(agent.agentCode, lookup.subAgentCode);
      if (!sub) return INVALID_AGENT;
      // The customer deals with the sub-agent; the policy stays with the agency's code.
      return { ...answer, name: sub.name, email: sub.email, tel: sub.tel, subAgentId: sub.subAgentCode };
    },

    async getAgentCampaign(lookup: TAgentCampaignLookup): Promise<TAgentCampaignAnswer> {
      const agent = await repository.findAgent(lookup.accountNo);
      if (!agent?.active || agent.isDefault) return EMPTY_AGENT_CAMPAIGN;
      const matches = (value: string | null, wanted: string | undefined) =>
        wanted === undefined || (value ?? '').toUpperCase() === wanted.toUpperCase();
      const found = (await repository.listAgentCampaigns(agent.agentCode)).find(
        (row) =>
          matches(row.productCode, lookup.productCode) &&
          matches(row.country, lookup.country) &&
          matches(row.affiliation, lookup.affiliation) &&
          matches(row.catalogueCode, lookup.catalogueCode) &&
          matches(row.promotion, lookup.promotion),
      );
      if (!found) return EMPTY_AGENT_CAMPAIGN;
      return {
        id: found.id,
        staffId: found.staffId ?? '',
        accountNo: found.accountNo,
        productCode: found.productCode,
        accountCommissionRate: found.accountCommissionRate / 100,
        campaignCommissionRate: found.campaignCommissionRate / 100,
        affiliation: found.affiliation ?? '',
        url: found.url ?? '',
        campaignTitle: found.campaignTitle ?? '',
        campaignDetails: found.campaignDetails ?? '',
        catalogueCode: found.catalogueCode ?? '',
        country: found.country,
      };
    },

    /** A failed lookup is the spec's quote error (travel-flow section 8: landingGetQuoteError.message). */
    async getStaffCode(
      agentCode: string,
      country?: TCountry,
      productCode?: string,
    ): Promise<{ staffCode: string }> {
      const agent = await repository.findAgent(agentCode);
      const row = agent?.active
        ? await repository.findStaffCode(agent.agentCode, country, productCode)
        : undefined;
      if (!row) {
        throw new ApiError(404, `No staff code for agent ${agentCode}.`, {
          field: 'agent',
          messageKey: 'landingGetQuoteError.message',
        });
      }
      return { staffCode: row.staffCode };
    },
  };
}

export type TAgentService = ReturnType<typeof createAgentService>;
