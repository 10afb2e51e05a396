import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import { checkQuoteLinkPrefill, QUOTE_LINK_CODE_PATTERN } from './quote-link-rules.ts';

describe('checkQuoteLinkPrefill (decision 090)', () => {
  it('keeps a travel link whose choices hold, the travellers closed as the picker closes them', () => {
    const checked = checkQuoteLinkPrefill('travel', 'SGP', {
      travel: {
        tripType: 'A',
        destination: '3',
        travellers: { travellerType: 'ID', individuals: 1, adults: 1, children: 2 },
        plan: 'SUPER',
      },
    });
    expect(checked.problems).toEqual([]);
    expect(checked.prefill.travel).toEqual({
      tripType: 'A',
      destination: '3',
      travellers: { travellerType: 'FM', individuals: 0, adults: 1, children: 2 },
      plan: 'SUPER',
    });
  });
  it('names each travel choice that does not hold and keeps the others', () => {
    const checked = checkQuoteLinkPrefill('travel', 'HKG', {
      travel: {
        tripType: 'X' as never,
        destination: '9',
        travellers: { travellerType: 'ID', individuals: 21, adults: 0, children: 0 },
        plan: 'GOLD',
      },
    });
    expect(checked.problems.map((problem) => problem.field)).toEqual([
      'travel.tripType',
      'travel.destination',
      'travel.travellers',
      'travel.plan',
    ]);
    expect(checked.problems[2]!.messageKey).toBe(MESSAGE_KEYS.travellerRequired);
    expect(checked.prefill.travel).toEqual({});
  });
  it('checks a PA occupation, who is covered and the plan with the PA rules', () => {
    expect(
      checkQuoteLinkPrefill('pa', 'SGP', {
        pa: { occupation: '01', insuredPersonType: 'family', adults: 2, children: 3, plan: 'D' },
      }).problems,
    ).toEqual([]);
    const declined = checkQuoteLinkPrefill('pa', 'SGP', { pa: { occupation: '04' } });
    expect(declined.problems).toEqual([
      { field: 'pa.occupation', messageKey: MESSAGE_KEYS.occupationDeclined },
    ]);
    // Class 03 has no plan D; an individual is one adult with no children; Singapore allows 9 children.
    const problems = checkQuoteLinkPrefill('pa', 'SGP', {
      pa: { occupation: '03', insuredPersonType: 'individual', adults: 2, children: 1, plan: 'D' },
    }).problems.map((problem) => problem.field);
    expect(problems).toEqual(['pa.adults', 'pa.children', 'pa.plan']);
    expect(
      checkQuoteLinkPrefill('pa', 'SGP', { pa: { insuredPersonType: 'family', children: 10 } }).problems,
    ).toHaveLength(1);
    expect(
      checkQuoteLinkPrefill('pa', 'HKG', { pa: { insuredPersonType: 'family', children: 10 } }).problems,
    ).toEqual([]);
    expect(checkQuoteLinkPrefill('pa', 'HKG', { pa: { plan: 'Z' } }).problems[0]!.field).toBe('pa.plan');
  });
  it('checks a home link with the market’s own dwelling fields', () => {
    const sgp = checkQuoteLinkPrefill('home', 'SGP', {
      home: {
        dwellingType: 'HDB',
        hdbFlatType: '4_ROOM',
        ownership: 'OWNER',
        contentsSumInsured: 50_000,
        plan: 'ENHANCED',
      },
    });
    expect(sgp.problems).toEqual([]);
    expect(sgp.prefill.home?.hdbFlatType).toBe('4_ROOM');
    const wrong = checkQuoteLinkPrefill('home', 'SGP', {
      home: {
        dwellingType: 'CASTLE',
        hdbFlatType: '4_ROOM',
        floorArea: 'UNDER_500',
        buildingAge: 'UNDER_20',
        ownership: 'SQUATTER',
        contentsSumInsured: 1,
        plan: 'PLATINUM',
      },
    });
    expect(wrong.problems.map((problem) => problem.field)).toEqual([
      'home.dwellingType',
      'home.hdbFlatType',
      'home.floorArea',
      'home.buildingAge',
      'home.ownership',
      'home.contentsSumInsured',
      'home.plan',
    ]);
    expect(
      checkQuoteLinkPrefill('home', 'HKG', {
        home: { dwellingType: 'CONDO', floorArea: '500_799', buildingAge: '40_PLUS' },
      }).problems,
    ).toEqual([]);
  });
  it('reads nothing for a product the link is not for', () => {
    expect(checkQuoteLinkPrefill('pa', 'SGP', {})).toEqual({ prefill: { pa: {} }, problems: [] });
  });
  it('takes only a 16-character base64url code', () => {
    expect(QUOTE_LINK_CODE_PATTERN.test('abcDEF123_-abcde')).toBe(true);
    expect(QUOTE_LINK_CODE_PATTERN.test('abc')).toBe(false);
    expect(QUOTE_LINK_CODE_PATTERN.test('abcDEF123_-abcd!')).toBe(false);
  });
});
