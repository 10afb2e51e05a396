import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, formatIso, fromEpochDay, localDate } from '../dates/local-date.ts';
import {
  campaignRefusal,
  isCampaignLive,
  liveCampaignFor,
  type TCampaignTerms,
} from './campaign-validity.ts';

const today = localDate(2026, 11, 27);
const iso = (days: number) => formatIso(addDays(today, days));
const SPRING: TCampaignTerms = {
  status: 'ACTIVE',
  productCode: 'PTR',
  country: 'SGP',
  startDate: iso(-10),
  endDate: iso(10),
};
const travelInSingapore = { productCode: 'PTR', country: 'SGP' };

describe('a campaign the shop prices under today (decision 096)', () => {
  it.each([
    ['running today', {}, null],
    ['first day today (inclusive)', { startDate: iso(0) }, null],
    ['last day today (inclusive)', { endDate: iso(0) }, null],
    ['one day only, today', { startDate: iso(0), endDate: iso(0) }, null],
    ['starts tomorrow', { startDate: iso(1) }, 'notStarted'],
    ['ended yesterday', { endDate: iso(-1) }, 'ended'],
    ['inactive', { status: 'INACTIVE' }, 'inactive'],
    ['status in another case', { status: 'active' }, 'inactive'],
    ['for another product', { productCode: 'PAN' }, 'otherProduct'],
    ['for another market', { country: 'HKG' }, 'otherMarket'],
    ['with a start that is no date', { startDate: '2026-02-30' }, 'inactive'],
    ['with an end that is no date', { endDate: '' }, 'inactive'],
  ] as const)('%s', (_name, change, expected) => {
    const campaign = { ...SPRING, ...change };
    expect(campaignRefusal(campaign, travelInSingapore, today)).toBe(expected);
    if (!('productCode' in change) && !('country' in change))
      expect(isCampaignLive(campaign, today)).toBe(expected === null);
  });

  it('serves exactly the days from its first to its last, whatever they are', () => {
    const day = fc.integer({ min: 18_000, max: 24_000 });
    fc.assert(
      fc.property(day, day, day, (start, end, on) => {
        const campaign = {
          ...SPRING,
          startDate: formatIso(fromEpochDay(start)),
          endDate: formatIso(fromEpochDay(end)),
        };
        const when = fromEpochDay(on);
        expect(isCampaignLive(campaign, when)).toBe(start <= on && on <= end);
        expect(campaignRefusal(campaign, travelInSingapore, when)).toBe(
          on < start ? 'notStarted' : on > end ? 'ended' : null,
        );
      }),
    );
  });

  it('of the campaigns that carry a code, takes the live one for the offer, else says why of the closest', () => {
    const pa = { ...SPRING, productCode: 'PAN' };
    const hongKong = { ...SPRING, country: 'HKG' };
    const notYet = { ...SPRING, startDate: iso(1) };
    expect(liveCampaignFor([pa, hongKong, SPRING], travelInSingapore, today)).toEqual({
      campaign: SPRING,
      refusal: null,
    });
    expect(liveCampaignFor([pa, notYet, hongKong], travelInSingapore, today)).toEqual({
      campaign: null,
      refusal: 'notStarted',
    });
    expect(liveCampaignFor([pa, hongKong], travelInSingapore, today).refusal).toBe('otherMarket');
    expect(liveCampaignFor([hongKong, pa], travelInSingapore, today).refusal).toBe('otherMarket');
    expect(liveCampaignFor([pa], travelInSingapore, today).refusal).toBe('otherProduct');
    expect(liveCampaignFor([], travelInSingapore, today).refusal).toBe('unknown');
  });
});
