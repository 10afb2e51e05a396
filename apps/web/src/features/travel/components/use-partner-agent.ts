import type { TCountry } from '@lionrock/domain/market/market';
import type { TAgentCampaign } from '@lionrock/domain/schemas/campaign-agent-schema';
import { useQuery } from '@tanstack/react-query';
import { systemApi } from '../../../lib/system-api';
import { type TLinkCodes, useSystemStore } from '../../../state/system-store';

// The partner link's agent itself is looked up for every product by lib/use-link-agent.ts (issue 29).

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
