import { isCountry, type TCountry } from '@lionrock/domain/market/market';
import { badRequest } from './api-error.ts';

/**
 * The agent calls take optional `/name/value` pairs after a leading code
 * (e.g. `AG1001/sub/S01/YEAREND/country/SGP/campaignId/2`). This reads them strictly: every value is
 * a code of letters, digits, - and _ (at most 50), `country` is SGP or HKG, ids are digits.
 */
const CODE = /^[A-Za-z0-9_-]{1,50}$/;

export type TParsedSegments = {
  lead: string;
  named: Record<string, string>;
  /** A bare segment where `bareName` allows one (the campaign code of agent/get). */
  bare: string | undefined;
  country: TCountry | undefined;
};

/** A segment that is not valid percent-encoding stays as it is (and then fails the code check). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function parsePathSegments(
  wildcard: string,
  options: { leadName: string; names: string[]; bareName?: string; numeric?: string[] },
): TParsedSegments {
  const segments = wildcard.split('/').filter((segment) => segment !== '');
  const [lead, ...rest] = segments.map(safeDecode);
  if (!lead || !CODE.test(lead)) {
    throw badRequest(options.leadName, `${options.leadName} must be a code of letters and digits.`);
  }
  const named: Record<string, string> = {};
  let bare: string | undefined;
  for (let index = 0; index < rest.length; index += 1) {
    const segment = rest[index]!;
    if (options.names.includes(segment)) {
      const value = rest[index + 1];
      if (value === undefined || !CODE.test(value) || named[segment] !== undefined) {
        throw badRequest(segment, `${segment} needs one value of letters and digits.`);
      }
      if (options.numeric?.includes(segment) && !/^\d{1,9}$/.test(value)) {
        throw badRequest(segment, `${segment} must be a number.`);
      }
      named[segment] = value;
      index += 1;
    } else if (options.bareName && bare === undefined && CODE.test(segment)) {
      bare = segment;
    } else {
      throw badRequest(
        options.bareName ?? options.leadName,
        `Unexpected path segment "${segment.slice(0, 50)}".`,
      );
    }
  }
  let country: TCountry | undefined;
  if (named.country !== undefined) {
    const upper = named.country.toUpperCase();
    if (!isCountry(upper)) throw badRequest('country', 'country must be SGP or HKG.');
    country = upper;
  }
  return { lead, named, bare, country };
}
