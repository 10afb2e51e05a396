import { VALID_CAMPAIGN } from '@lionrock/domain/back-office/campaign-rules.fixtures';
import { describe, expect, it } from 'vitest';
import { campaignState } from './campaign-shared';

describe("a campaign's status in the list, by the shop's own rule", () => {
  // VALID_CAMPAIGN runs 01/03/2027 to 31/03/2027 in Singapore (UTC+8), ACTIVE.
  it.each([
    ['the day before it starts, late in Singapore', '2027-02-28T15:59:00Z', 'Scheduled'],
    ['its first day in Singapore, still the day before in UTC', '2027-02-28T16:00:00Z', 'Live'],
    ['its last day', '2027-03-31T15:59:00Z', 'Live'],
    ['the day after', '2027-03-31T16:00:00Z', 'Ended'],
  ])('is %s: %s', (_, at, state) => {
    expect(campaignState(VALID_CAMPAIGN, new Date(at))).toBe(state);
  });

  it('is Off when switched off, whatever the dates', () => {
    expect(campaignState({ ...VALID_CAMPAIGN, status: 'INACTIVE' }, new Date('2027-03-15T04:00:00Z'))).toBe(
      'Off',
    );
  });
});
