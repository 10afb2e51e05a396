import type { TAgentCampaign } from '@lionrock/domain/schemas/campaign-agent-schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { systemApi } from '../../../lib/system-api';
import { isValidAgent, useSystemStore } from '../../../state/system-store';

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
 * The partner's agent campaign for travel (its title is a banner of the quote page). A failed lookup
 * falls back to none, as the spec's empty agent campaign (travel-flow section 7).
 */
export function useAgentCampaign(): TAgentCampaign | null {
  const partner = useSystemStore((state) => state.partner);
  const country = useSystemStore((state) => state.country);
  const query = useQuery({
    queryKey: ['agentCampaign', partner, 'PTR', country],
    queryFn: () => systemApi.agentCampaign(partner!, 'PTR', country),
    enabled: Boolean(partner),
    staleTime: 5 * 60_000,
  });
  return partner && query.data?.campaignTitle ? query.data : null;
}
