import { describe, expect, it } from 'vitest';
import { TRAVELLER_LIMITS } from '../travel/trip-rules.ts';
import { ZDeskQuoteRequest } from './desk-quote-request.ts';

const base = { market: 'SGP', customerEmail: 'customer@example.com', language: 'en' } as const;
const travel = {
  tripType: 'S',
  destination: '6',
  departureDate: '2026-12-10',
  returnDate: '2026-12-16',
  travellers: { travellerType: 'ID', individuals: 1 },
} as const;

describe('the desk quote request (decision 087)', () => {
  it('takes a travel, a personal accident and a home request, filling the counts not given', () => {
    const parsed = ZDeskQuoteRequest.parse({ ...base, product: 'travel', travel });
    expect(parsed.travel?.travellers).toEqual({
      travellerType: 'ID',
      individuals: 1,
      adults: 0,
      children: 0,
    });
    expect(
      ZDeskQuoteRequest.safeParse({
        ...base,
        product: 'pa',
        pa: { occupation: '0101', insuredPersonType: 'family', effectiveDate: '2026-12-01' },
      }).success,
    ).toBe(true);
    expect(
      ZDeskQuoteRequest.safeParse({
        ...base,
        product: 'home',
        home: {
          dwellingType: 'HDB',
          ownership: 'OWNER',
          contentsSumInsured: 60_000,
          effectiveDate: '2026-12-01',
        },
      }).success,
    ).toBe(true);
  });

  it('refuses the shop’s traveller limits plus one and a date not written YYYY-MM-DD, naming each', () => {
    const result = ZDeskQuoteRequest.safeParse({
      ...base,
      product: 'travel',
      travel: {
        ...travel,
        departureDate: '10/12/2026',
        travellers: { travellerType: 'ID', individuals: TRAVELLER_LIMITS.maxIndividuals + 1 },
      },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'travel.departureDate',
      'travel.travellers.individuals',
    ]);
  });
});
