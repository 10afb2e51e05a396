import { describe, expect, it } from 'vitest';
import {
  EMPTY_AGENT_CAMPAIGN,
  EMPTY_CAMPAIGN,
  INVALID_AGENT,
  isValidAgent,
  ZAgentCampaignSchema,
  ZAgentSchema,
  ZCampaignSchema,
} from './campaign-agent-schema.ts';

describe('campaign and agent answers (travel-flow section 3, spec section 6)', () => {
  it('keeps its empty answers valid against their own schemas', () => {
    expect(ZCampaignSchema.parse(EMPTY_CAMPAIGN)).toEqual(EMPTY_CAMPAIGN);
    expect(ZAgentSchema.parse(INVALID_AGENT)).toEqual(INVALID_AGENT);
    expect(ZAgentCampaignSchema.parse(EMPTY_AGENT_CAMPAIGN)).toEqual(EMPTY_AGENT_CAMPAIGN);
  });

  it('treats only an existing, non-default agent as valid', () => {
    expect(isValidAgent({ agentCode: 'AG1001', isDefaultAgent: false })).toBe(true);
    expect(isValidAgent({ agentCode: 'DEFAULT', isDefaultAgent: true })).toBe(false);
    expect(isValidAgent(INVALID_AGENT)).toBe(false);
    expect(isValidAgent(null)).toBe(false);
  });
});
