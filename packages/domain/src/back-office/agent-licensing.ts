import { isCountry, type TCountry } from '../market/market.ts';

/** A market's name as staff and agents read it. */
export const MARKET_NAMES: Record<TCountry, string> = { SGP: 'Singapore', HKG: 'Hong Kong' };

/**
 * Who may sell where (issue 28): an agent is registered with one market's regulator (MAS in Singapore,
 * the Insurance Authority in Hong Kong; the registration number on every policy mail) and sells that
 * market's policies only: a Hong Kong agent quotes, links and sells in HKG, a Singapore one in SGP.
 * Every product the shop sells in a market is one its agents may sell there (the agency agreements name
 * no narrower licence). The shop's landing, the desk's quote and link, and the policy the server stores
 * all ask this one rule.
 */
export type TLicensedAgent = { country: string; active: boolean };

/** Whether the agent may sell a policy of `market`: an active agent registered there. */
export function agentSellsIn(agent: TLicensedAgent | null | undefined, market: TCountry): boolean {
  return Boolean(agent?.active) && agent?.country === market;
}

/** The words of a refusal to an agent who asked for another market's quote or link. */
export function notLicensedMessage(agentCountry: string): string {
  return isCountry(agentCountry)
    ? `You are registered to sell in ${MARKET_NAMES[agentCountry]} only.`
    : 'You are not registered to sell in this market.';
}
