import { describe, expect, it } from 'vitest';
import { isCountry, MARKETS, marketOfCurrency, resolveCountry } from './market.ts';

describe('markets', () => {
  it('knows both markets', () => {
    expect(MARKETS.SGP).toMatchObject({ currency: 'SGD', currencyNumeric: '702', phonePrefix: '65' });
    expect(MARKETS.HKG).toMatchObject({ currency: 'HKD', currencySymbol: 'HK$', phonePrefix: '852' });
    expect(isCountry('HKG')).toBe(true);
    expect(isCountry('hkg')).toBe(false);
    expect(isCountry(7)).toBe(false);
  });

  it.each([
    ['hk-shop.lionrock.example', null, 'HKG'],
    ['sg-shop.lionrock.example', null, 'SGP'],
    ['localhost', 'HKG', 'HKG'],
    ['localhost', 'hkg', 'HKG'],
    ['hk-shop.lionrock.example', 'SGP', 'SGP'],
    ['localhost', 'MYS', 'SGP'],
    [undefined, undefined, 'SGP'],
  ])('host %s with country %s is %s (travel-flow section 2)', (host, query, country) => {
    expect(resolveCountry(host, query)).toBe(country);
  });
});

describe('marketOfCurrency', () => {
  it('finds the market whose currency a payment is in', () => {
    expect(marketOfCurrency('HKD')).toBe('HKG');
    expect(marketOfCurrency('SGD')).toBe('SGP');
    expect(marketOfCurrency('USD')).toBe('SGP');
  });
});
