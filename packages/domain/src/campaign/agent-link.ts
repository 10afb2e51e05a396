import { isCountry, MARKETS, type TCountry } from '../market/market.ts';
import { isValidAgent } from './agent-rules.ts';

/** What an agent lookup answers that these rules read: the code, the default flag and the agent's market. */
export type TLinkAgent = {
  agentCode?: string | null;
  isDefaultAgent?: boolean | null;
  country?: string | null;
};

/**
 * The market an agent's link opens (issue 29): a valid agent sells in its own market only (decision
 * 111), so its link opens that market's shop, whatever an earlier visit or the link's host or query
 * said (travel-flow section 2). Without a valid agent it is the market the link itself names.
 */
export function marketOfAgentLink(agent: TLinkAgent | null | undefined, linkMarket: TCountry): TCountry {
  return isValidAgent(agent) && isCountry(agent?.country) ? agent.country : linkMarket;
}

/**
 * The number an agent card's chat-messaging link calls (pa-home-payments section 2, Agent card: country
 * code 65 in Singapore, else 852): the code of the agent's own market before the number as stored, so
 * no other market's code is put before it; a number stored with its country code (+…) is kept whole.
 * `shopMarket` stands in only for an answer that names no market.
 */
export function agentChatNumber(
  tel: string,
  agentMarket: string | null | undefined,
  shopMarket: TCountry,
): string {
  const digits = tel.replace(/\D/g, '');
  if (tel.trim().startsWith('+')) return digits;
  return `${MARKETS[isCountry(agentMarket) ? agentMarket : shopMarket].phonePrefix}${digits}`;
}
