import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../dates/local-date.ts';
import { PA_RATE_TABLE, TRAVEL_RATE_TABLES } from './bundled-rate-tables.ts';
import { ratePersonalAccident } from './pa-rating.ts';
import type { TPremiumItem } from './premium-item.ts';
import { rateTravel } from './travel-rating.ts';

/**
 * "Minimum premium per policy HK$380 (lower discounted premiums are adjusted up)" — travel-flow
 * section 9 and pa-home-payments section 9, read as decision 003 reads it. The expectations are the
 * spec's figure written out (HK$380.00 = 38000 cents) and premiums worked out by hand from the rate
 * tables, never the code's own constant.
 */
const HK_380_CENTS = 38_000;

function paHongKong(discountCents: number): TPremiumItem {
  const result = ratePersonalAccident(PA_RATE_TABLE, {
    country: 'HKG',
    adults: [{ occupationClass: '01', optionalCovers: [] }],
    children: 0,
    discounts: { campaign: { type: 'AMOUNT', cents: discountCents } },
  });
  if ('error' in result) throw new Error(result.error);
  return result[0]!;
}

const departure = localDate(2026, 12, 1);
function travelHongKong(days: number, campaignBasisPoints: number, plan = 0): TPremiumItem {
  const result = rateTravel(TRAVEL_RATE_TABLES.HKG, {
    tripType: 'S',
    journeyCode: '6',
    departure,
    returnDate: addDays(departure, days - 1),
    travellerType: 'ID',
    adults: 1,
    children: 0,
    seniors: 0,
    seniorLoadingOn: true,
    topUpSelected: false,
    discounts: { campaign: { type: 'PERCENT', basisPoints: campaignBasisPoints } },
  });
  if ('error' in result) throw new Error(result.error);
  return result[plan]!;
}

describe('the Hong Kong minimum premium of HK$380 (decision 003)', () => {
  it('charges exactly HK$380.00 for a personal accident policy a discount would take below it', () => {
    // Class 01 plan A is HK$620.00 a year; HK$240.01 off would leave HK$379.99.
    const item = paHongKong(24_001);
    expect(item.premiumWithoutDiscount).toBe(62_000);
    expect(item.premium).toBe(38_000);
    expect(item.premium).toBe(HK_380_CENTS);
    expect(item.discount).toBe(24_000);
    expect(item.floorApplied).toBe(true);
    // Far below the floor too: the whole discount above HK$240.00 is taken back.
    expect(paHongKong(60_000).premium).toBe(38_000);
  });

  it('leaves a discounted premium at or just above HK$380 alone', () => {
    const atFloor = paHongKong(24_000);
    expect(atFloor.premium).toBe(38_000);
    expect(atFloor.floorApplied).toBe(false);
    const justAbove = paHongKong(23_999);
    expect(justAbove.premium).toBe(38_001);
    expect(justAbove.discount).toBe(23_999);
    expect(justAbove.floorApplied).toBe(false);
  });

  it('floors a travel policy: 20 % off a 32–45 day trip (HK$386.00) and a 46–60 day trip (HK$474.00)', () => {
    // HK$386.00 less 20 % is HK$308.80; HK$474.00 less 20 % is HK$379.20: both are charged HK$380.00.
    for (const days of [40, 60]) {
      const item = travelHongKong(days, 2000);
      expect(item.premium).toBe(38_000);
      expect(item.floorApplied).toBe(true);
    }
    // 61–75 days is HK$554.00; 20 % off is HK$443.20, above the floor.
    const longer = travelHongKong(75, 2000);
    expect(longer.premium).toBe(44_320);
    expect(longer.floorApplied).toBe(false);
  });

  it('never charges more than the undiscounted price of a policy that costs less than HK$380', () => {
    // A 5-day trip is HK$98.00: the floor takes the discount away, it does not raise the price.
    const short = travelHongKong(5, 2000);
    expect(short.premiumWithoutDiscount).toBe(9_800);
    expect(short.premium).toBe(9_800);
  });

  it('does not apply in Singapore', () => {
    const result = ratePersonalAccident(PA_RATE_TABLE, {
      country: 'SGP',
      adults: [{ occupationClass: '01', optionalCovers: [] }],
      children: 0,
      discounts: { campaign: { type: 'AMOUNT', cents: 16_000 } },
    });
    if ('error' in result) throw new Error(result.error);
    expect(result[0]!.premium).toBe(result[0]!.premiumWithoutDiscount - 16_000);
    expect(result[0]!.premium).toBeLessThan(HK_380_CENTS);
  });
});
