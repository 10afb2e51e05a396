import type { TLandingParams } from '@lionrock/domain/travel/landing-path';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSystemStore } from '../../../../state/system-store';
import { useCampaign } from '../../api/travel-api';
import { useTravelFlowStore } from '../../state/travel-flow-store';
import { agentCampaignQuery } from '../use-partner-agent';

/**
 * The campaign the quote is priced under: the link's campaign, else the direct one; the lookup runs
 * again when the trip type changes (travel-flow section 4) and a failure means no campaign. The
 * partner's agent campaign is looked up again with it, ready for the quote page.
 */
export function useJourneyCampaign(
  params: Pick<TLandingParams, 'campaign' | 'catalogueCode'>,
  tripType: string,
) {
  const country = useSystemStore((state) => state.country);
  const partner = useSystemStore((state) => state.partner);
  const codes = useSystemStore((state) => state.linkCodes);
  const query = useCampaign({
    country,
    campaignCode: params.campaign,
    catalogueCode: params.catalogueCode,
    tripType,
  });
  useQuery(agentCampaignQuery(partner, country, tripType, codes));
  useEffect(() => {
    if (query.data === undefined) return;
    const campaign = query.data;
    useTravelFlowStore.getState().setCampaign(
      campaign?.campaignCode
        ? {
            campaignId: campaign.campaignId,
            campaignCode: campaign.campaignCode,
            catalogueCode: campaign.catalogueCode,
            promoCodeRequired: campaign.promoCodeRequired === 'Y',
            marketingMessage: campaign.marketingMessage,
            marketingMessageCn: campaign.marketingMessageCn,
          }
        : null,
    );
  }, [query.data]);
  return query.data;
}
