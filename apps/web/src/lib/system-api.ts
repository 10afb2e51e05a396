import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TAgentCampaign } from '@lionrock/domain/schemas/campaign-agent-schema';
import type { TAgent, TLinkCodes } from '../state/system-store';
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
  /**
   * The agent of a partner link; with `country`, only an agent who sells in that market (decision 111).
   * A link asks without one: its agent decides the market (issue 29).
   */
  agent: (partner: string, subAgent: string | null, country?: TCountry) =>
    getJson<TAgent>(
      `/b2c-server/rest/agent/get/${encodeURIComponent(partner)}${subAgent ? `/sub/${encodeURIComponent(subAgent)}` : ''}${country ? `/country/${country}` : ''}`,
    ),
  /**
   * The partner's campaign for a product, narrowed by the link's codes (travel-flow section 7:
   * `getAgentCampaign/{account}[/productCode/{code}][/promotion/{p}][/affiliation/{a}][/catalogueCode/{c}][/country/{country}]`);
   * no match answers the empty one.
   */
  agentCampaign: (partner: string, product: TProductCode, country: TCountry, codes: TLinkCodes = {}) => {
    const optional = (['promotion', 'affiliation', 'catalogueCode'] as const)
      .map((name) => (codes[name] ? `/${name}/${encodeURIComponent(codes[name])}` : ''))
      .join('');
    return getJson<TAgentCampaign>(
      `/b2c-server/rest/agent/getAgentCampaign/${encodeURIComponent(partner)}/productCode/${product}${optional}/country/${country}`,
    );
  },
  /** The agent's staff code for a market and product (travel-flow section 7); none is a 404. */
  staffCode: async (agentCode: string, country: TCountry, product: TProductCode) =>
    (
      await getJson<{ staffCode: string }>(
        `/b2c-server/rest/agent/getStaffCode/${encodeURIComponent(agentCode)}/country/${country}/productCode/${product}`,
      )
    ).staffCode,
  version: async () => (await (await fetch('/version.txt', { cache: 'no-cache' })).text()).trim(),
};
