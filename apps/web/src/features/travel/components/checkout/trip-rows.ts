import { parseDmy } from '@lionrock/domain/dates/local-date';
import type { TLanguage } from '@lionrock/domain/environment/language';
import { tripDays } from '@lionrock/domain/travel/trip-rules';
import { formatDisplayDate } from '../../../../lib/format-date';
import type { TTranslate } from '../../../../lib/translate';
import type { TTravelPolicy } from '../../state/travel-flow-store';

/**
 * The trip's rows of the confirm and payment summaries (travel-flow section 2): cover type, period
 * (a single trip's length is return minus departure plus one) and destination.
 */
export function tripRows(policy: TTravelPolicy, t: TTranslate, lang: TLanguage): [string, string][] {
  const travel = policy.policyTravel;
  const single = travel.paPolicyType !== 'A';
  const start = parseDmy(travel.deptDate ?? '');
  const end = parseDmy(travel.returnDate ?? '');
  const period = t('quotePage.periodValue', {
    start: start ? formatDisplayDate(start, lang) : '',
    end: end ? formatDisplayDate(end, lang) : '',
  });
  const days = single && start && end ? ` ${t('quotePage.days', { count: tripDays(start, end) })}` : '';
  return [
    [t('quotePage.coverType'), t(single ? 'travelQuote.single' : 'travelQuote.annual')],
    [t('quotePage.period'), `${period}${days}`],
    [t('quotePage.destination'), t(`travelQuote.destinations.${travel.journeyCode ?? '6'}`)],
  ];
}

/** The insured line's input, from the stored trip. */
export function travellersOf(policy: TTravelPolicy) {
  const travel = policy.policyTravel;
  return {
    travellerType: travel.travellerType ?? 'ID',
    individuals: travel.travellerIndividual ?? 0,
    adults: travel.travellerAdult ?? 0,
    children: travel.travellerChild ?? 0,
  };
}
