import type { TCountry } from '@lionrock/domain/market/market';
import type { TClaimNumberRepository } from './claim-number-repository.ts';

/** A claim number: C, the market's two letters, the year's last two digits, a dash, seven digits (CSG26-0000123). */
export function formatClaimNumber(country: TCountry, year: number, value: number): string {
  const market = country === 'SGP' ? 'SG' : 'HK';
  return `C${market}${String(year % 100).padStart(2, '0')}-${String(value).padStart(7, '0')}`;
}

// The shape is the domain's, so a page that reads a number from a link checks it the same way (issue 29).
export { CLAIM_NUMBER_PATTERN } from '@lionrock/domain/claims/claim-rules';

/** The market's next number from its own sequence: unique across every instance (decision 073). */
export async function nextClaimNumber(
  numbers: Pick<TClaimNumberRepository, 'nextValue'>,
  country: TCountry,
  year: number,
): Promise<string> {
  return formatClaimNumber(country, year, await numbers.nextValue(country));
}
