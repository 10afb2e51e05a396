import { describe, expect, it } from 'vitest';
import { agentSellsIn, notLicensedMessage } from './agent-licensing.ts';

describe('agent licensing (issue 28)', () => {
  it('lets an active agent sell in its own market only', () => {
    expect(agentSellsIn({ country: 'HKG', active: true }, 'HKG')).toBe(true);
    expect(agentSellsIn({ country: 'HKG', active: true }, 'SGP')).toBe(false);
    expect(agentSellsIn({ country: 'SGP', active: true }, 'SGP')).toBe(true);
    expect(agentSellsIn({ country: 'SGP', active: true }, 'HKG')).toBe(false);
  });

  it('lets no inactive or unknown agent sell', () => {
    expect(agentSellsIn({ country: 'SGP', active: false }, 'SGP')).toBe(false);
    expect(agentSellsIn(null, 'SGP')).toBe(false);
    expect(agentSellsIn(undefined, 'HKG')).toBe(false);
  });

  it("names the agent's own market in the refusal", () => {
    expect(notLicensedMessage('HKG')).toBe('You are registered to sell in Hong Kong only.');
    expect(notLicensedMessage('SGP')).toBe('You are registered to sell in Singapore only.');
    expect(notLicensedMessage('MYS')).toBe('You are not registered to sell in this market.');
  });
});
