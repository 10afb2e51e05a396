import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TAgentCampaign } from '@lionrock/domain/schemas/campaign-agent-schema';
import type { TAgent } from '../state/system-store';
import { getFlag, getJson, postFlag, postJson } from './api-client';

export type TBanner = { id: number; title: string; content: string; url: string | null };
export type TMaintenanceNotice = { message?: string; longMessage?: string };
export type TProductCode = 'PTR' | 'PAN' | 'PHM';

/** The system calls of travel-flow section 7. */
export const systemApi = {
  banners: (country: TCountry, product: TProductCode, lang: TLanguage) =>
    getJson<TBanner[]>(
      `/b2c-server/rest/system/getBanners?country=${country}&product=${product}&lang=${lang}`,
    ),
  systemAvailable: (country: TCountry) =>
    postFlag('/b2c-server/rest/system/getStatus', { countryCode: country }),
  privateMode: (country: TCountry) => getFlag(`/b2c-server/rest/system/pvt-status?countryCode=${country}`),
  paynowAvailable: (country: TCountry) =>
    postFlag('/b2c-server/rest/system/getPaynowStatus', { countryCode: country }),
  seniorLoading: (country: TCountry) =>
    postFlag('/b2c-server/rest/system/getSeniorLoadingStatus', { countryCode: country }),
  maintenance: (country: TCountry, lang: TLanguage) =>
    postJson<TMaintenanceNotice>('/b2c-server/rest/system/getScheduledMaintenance', {
      countryCode: country,
      lang,
    }),
  agent: (partner: string, subAgent: string | null, country: TCountry) =>
    getJson<TAgent>(
      `/b2c-server/rest/agent/get/${encodeURIComponent(partner)}${subAgent ? `/sub/${encodeURIComponent(subAgent)}` : ''}/country/${country}`,
    ),
  /** The partner's campaign for a product (travel-flow section 7); no match answers the empty one. */
  agentCampaign: (partner: string, product: TProductCode, country: TCountry) =>
    getJson<TAgentCampaign>(
      `/b2c-server/rest/agent/getAgentCampaign/${encodeURIComponent(partner)}/productCode/${product}/country/${country}`,
    ),
  version: async () => (await (await fetch('/version.txt', { cache: 'no-cache' })).text()).trim(),
};
