import { describe, expect, it } from 'vitest';
import { agentChatNumber, marketOfAgentLink } from './agent-link.ts';

const HK_AGENT = { agentCode: 'HK2001', isDefaultAgent: false, country: 'HKG' };
const SG_AGENT = { agentCode: 'AG1001', isDefaultAgent: false, country: 'SGP' };

describe('the market an agent link opens (issue 29)', () => {
  it.each([
    ['a Hong Kong agent on a link that names no market', HK_AGENT, 'SGP', 'HKG'],
    ['a Singapore agent after a Hong Kong visit', SG_AGENT, 'HKG', 'SGP'],
    ['an agent whose market the link also names', HK_AGENT, 'HKG', 'HKG'],
    [
      'an unknown agent: the link’s market',
      { agentCode: '', isDefaultAgent: false, country: '' },
      'HKG',
      'HKG',
    ],
    ['the default agent is no agent', { ...SG_AGENT, isDefaultAgent: true }, 'HKG', 'HKG'],
    ['an answer without a market', { agentCode: 'AG1001', isDefaultAgent: false }, 'HKG', 'HKG'],
    ['no answer yet', null, 'SGP', 'SGP'],
  ] as const)('%s', (_case, agent, linkMarket, expected) => {
    expect(marketOfAgentLink(agent, linkMarket)).toBe(expected);
  });
});

describe('the number on an agent card (pa-home-payments section 2, Agent card)', () => {
  it.each([
    ['a Singapore agent', '91234567', 'SGP', 'SGP', '6591234567'],
    ['a Hong Kong agent', '6123 4567', 'HKG', 'HKG', '85261234567'],
    // The agent's own code, never the shop's: a Singapore number keeps 65 on a Hong Kong page.
    ['a Singapore agent shown while the shop is Hong Kong', '91234567', 'SGP', 'HKG', '6591234567'],
    ['a number stored with its country code', '+65 9123 4567', 'SGP', 'HKG', '6591234567'],
    ['an answer without a market: the shop’s', '61234567', undefined, 'HKG', '85261234567'],
  ] as const)('%s', (_case, tel, agentMarket, shopMarket, expected) => {
    expect(agentChatNumber(tel, agentMarket, shopMarket)).toBe(expected);
  });
});
