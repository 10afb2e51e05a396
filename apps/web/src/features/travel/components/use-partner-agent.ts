import type { TCountry } from '@lionrock/domain/market/market';
import type { TAgentCampaign } from '@lionrock/domain/schemas/campaign-agent-schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { systemApi } from '../../../lib/system-api';
import { isValidAgent, type TLinkCodes, useSystemStore } from '../../../state/system-store';

/** The agent of a partner link, and whether the link is valid (spec section 6). No partner: direct, valid. */
export function usePartnerAgent() {
  const partner = useSystemStore((state) => state.partner);
  const subAgent = useSystemStore((state) => state.subAgent);
  const country = useSystemStore((state) => state.country);
  const setAgent = useSystemStore((state) => state.setAgent);
  const query = useQuery({
    queryKey: ['agent', partner, subAgent, country],
    queryFn: () => systemApi.agent(partner!, subAgent, country),
    enabled: Boolean(partner),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.data) setAgent(query.data);
  }, [query.data, setAgent]);
  if (!partner) return { agent: null, validAgent: true, checked: true };
  const agent = query.data ?? null;
  return {
    agent: isValidAgent(agent) ? agent : null,
    validAgent: query.isSuccess ? isValidAgent(agent) : true,
    checked: !query.isPending,
  };
}

/**
 * The lookup of a partner's travel agent campaign. The call takes no trip type, yet the spec reloads
 * it when the trip type changes (travel-flow section 4), so the trip type is part of the key: each
 * change asks again. A failed lookup is none, as the spec's empty agent campaign (section 7).
 */
export function agentCampaignQuery(
  partner: string | null,
  country: TCountry,
  tripType: string,
  codes: TLinkCodes = {},
) {
  return {
    queryKey: ['agentCampaign', partner, 'PTR', country, tripType, codes],
    queryFn: async (): Promise<TAgentCampaign | null> => {
      try {
        return await systemApi.agentCampaign(partner!, 'PTR', country, codes);
      } catch {
        return null;
      }
    },
    enabled: Boolean(partner),
    staleTime: 5 * 60_000,
  };
}

/** The partner's agent campaign for the journey's trip type (its title is a banner of the quote page). */
export function useAgentCampaign(tripType: string): TAgentCampaign | null {
  const partner = useSystemStore((state) => state.partner);
  const country = useSystemStore((state) => state.country);
  const codes = useSystemStore((state) => state.linkCodes);
  const query = useQuery(agentCampaignQuery(partner, country, tripType, codes));
  return partner && query.data?.campaignTitle ? query.data : null;
}
