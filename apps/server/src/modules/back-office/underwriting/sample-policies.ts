import { addDays, formatDmy, parseDmy, type TLocalDate } from '@lionrock/domain/dates/local-date';
import {
  buildHomePolicy,
  buildPaPolicy,
  buildTravelPolicy,
  parsePolicy,
} from '@lionrock/domain/schemas/fixtures';

export type TSamplePolicy = { label: string; policy: ReturnType<typeof parsePolicy> };

/** The sample policies a draft's prices are compared on, starting on the given day (built from the domain's fixtures). */
export function samplePolicies(product: string, country: string, start: TLocalDate) {
  const travelDay = addDays(start, -14);
  const dayBefore = addDays(start, -1);
  const markets: ('SGP' | 'HKG')[] = country === 'ALL' ? ['SGP', 'HKG'] : [country === 'HKG' ? 'HKG' : 'SGP'];
  const samples: TSamplePolicy[] = [];
  for (const market of markets) {
    if (product === 'PTR') {
      const base = (policyTravel: Record<string, unknown>) =>
        parsePolicy(buildTravelPolicy(travelDay, { country: market, policyTravel: policyTravel as never }));
      const trip = buildTravelPolicy(travelDay).policyTravel!;
      const returnOn = (days: number) => formatDmy(addDays(parseDmy(trip.deptDate ?? '')!, days - 1));
      samples.push({ label: `${market} single trip, 7 days, Asia Pacific, 1 adult`, policy: base({}) });
      samples.push({
        label: `${market} single trip, 7 days, Worldwide, 1 adult`,
        policy: base({ journeyCode: '3', journey: 'Worldwide' }),
      });
      samples.push({
        label: `${market} single trip, 20 days, Asia Pacific, 1 adult`,
        policy: base({ returnDate: returnOn(20) }),
      });
      samples.push({
        label: `${market} annual, Asia Pacific, 1 adult`,
        policy: base({ paPolicyType: 'A', returnDate: '' }),
      });
    } else if (product === 'PAN') {
      samples.push({
        label: `${market} personal accident, 1 adult, occupation class of code 05`,
        policy: parsePolicy(buildPaPolicy(dayBefore, { country: market })),
      });
    } else if (product === 'PHM' && market === 'SGP') {
      samples.push({
        label: 'SGP home, 4-room HDB owner, S$40,000 contents, renovation cover',
        policy: parsePolicy(buildHomePolicy(dayBefore)),
      });
    }
  }
  return samples;
}
