import { localDate } from '@lionrock/domain/dates/local-date';
import { ratePolicy, withRating } from '@lionrock/domain/policy/rate-policy';
import {
  HOME_RATE_TABLE,
  PA_RATE_TABLE,
  TRAVEL_RATE_TABLES,
} from '@lionrock/domain/rating/bundled-rate-tables';
import { buildTravelPolicy, parsePolicy } from '@lionrock/domain/schemas/fixtures';
import type { TIssuedPolicy } from '../../src/modules/document/policy-schedule.ts';

/**
 * An issued Singapore travel policy as issuance stores it (rated from the tables, the plan chosen), with
 * its own policy number; `name` replaces the applicant's and the first traveller's (the fixture's
 * "TAN WEI MING"), `planName` picks the plan (default the first rated).
 */
export function issuedTravelPolicy(
  policyNumber: string,
  options: { name?: string; planName?: string; receiptNumber?: string; language?: 'en' | 'zh' } = {},
): TIssuedPolicy {
  const policy = parsePolicy(buildTravelPolicy(localDate(2026, 11, 23)));
  const rated = ratePolicy(
    policy,
    {
      tables: { travel: TRAVEL_RATE_TABLES, pa: PA_RATE_TABLE, home: HOME_RATE_TABLE },
      seniorLoadingOn: true,
      discounts: {},
    },
    'plans',
  );
  if ('refused' in rated) throw new Error(`refused: ${rated.refused}`);
  const selected = options.planName
    ? rated.items.find((item) => item.planName === options.planName)
    : rated.items[0];
  if (!selected) throw new Error(`no plan ${options.planName}`);
  const document = withRating(policy, rated, { mode: 'plans', selected });
  if (options.name) {
    document.policyTravel!.applicant!.fullName = options.name;
    document.policyTravel!.travellersList[0]!.fullName = options.name;
  }
  return {
    document: { ...document, status: 'issued', paymentSuccess: 'true' },
    policyNumber,
    receiptNumber: options.receiptNumber ?? 'RSG26-0000815',
    issuedAt: new Date('2026-11-23T02:30:00Z'),
    language: options.language ?? 'en',
  };
}
