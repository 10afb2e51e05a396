import { describe, expect, it } from 'vitest';
import { REFERRAL_CLASSES } from '../back-office/referral-rules.ts';
import { PA_RATE_TABLE } from '../rating/bundled-rate-tables.ts';
import { ratePersonalAccident, ZPaRateTableSchema } from '../rating/pa-rating.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import { isOccupationDeclined, isPlanDOffered, OCCUPATIONS, validateOccupation } from './occupation.ts';
import {
  DECLINED_CLASS,
  isDeclinedClass,
  isPlanOfferedToClass,
  PA_PLANS,
  RATED_CLASSES,
  withheldPlansNote,
} from './occupation-classes.ts';

const NO_DISCOUNTS = {};

describe('what an occupation class means (pa-home-payments section 3)', () => {
  it.each([
    ['01', 'ABCD'],
    ['02', 'ABCD'],
    ['03', 'ABC'],
    ['04', ''],
    ['05', ''],
    [null, ''],
  ])('class %s is offered plans "%s"', (occupationClass, plans) => {
    expect(PA_PLANS.filter((plan) => isPlanOfferedToClass(plan, occupationClass)).join('')).toBe(plans);
  });

  it('declines class 04 alone', () => {
    expect(DECLINED_CLASS).toBe('04');
    expect(['01', '02', '03', '04'].filter(isDeclinedClass)).toEqual(['04']);
    expect(RATED_CLASSES).not.toContain(DECLINED_CLASS);
  });

  it('every surface reads the same meaning: the field, the plan cards, the rating', () => {
    for (const occupation of OCCUPATIONS.filter((entry) => entry.occupationClass !== null)) {
      const declined = occupation.occupationClass === DECLINED_CLASS;
      expect(isOccupationDeclined(occupation.code)).toBe(declined);
      expect(validateOccupation(occupation.code) === MESSAGE_KEYS.occupationDeclined).toBe(declined);
      expect(isPlanDOffered([occupation.code])).toBe(
        declined || isPlanOfferedToClass('D', occupation.occupationClass),
      );
      const rated = ratePersonalAccident(PA_RATE_TABLE, {
        country: 'SGP',
        adults: [{ occupationClass: occupation.occupationClass!, optionalCovers: [] }],
        children: 0,
        discounts: NO_DISCOUNTS,
      });
      if (declined) expect(rated).toEqual({ error: 'OCCUPATION_DECLINED' });
      else
        expect((rated as { planName: string }[]).map((item) => item.planName).join('')).toBe(
          PA_PLANS.filter((plan) => isPlanOfferedToClass(plan, occupation.occupationClass)).join(''),
        );
    }
  });

  it('a family is offered only the plans every adult is offered', () => {
    const rated = ratePersonalAccident(PA_RATE_TABLE, {
      country: 'HKG',
      adults: [
        { occupationClass: '01', optionalCovers: [] },
        { occupationClass: '03', optionalCovers: [] },
      ],
      children: 1,
      discounts: NO_DISCOUNTS,
    });
    expect((rated as { planName: string }[]).map((item) => item.planName)).toEqual(['A', 'B', 'C']);
  });

  it('an uploaded table prices exactly what each class is offered', () => {
    const withD = JSON.parse(JSON.stringify(PA_RATE_TABLE)) as typeof PA_RATE_TABLE;
    withD.markets.SGP.adultAnnual['03'].D = 99_00;
    const problems = ZPaRateTableSchema.safeParse(withD).error?.issues ?? [];
    expect(problems.map((issue) => issue.message)).toEqual([
      'Class 03 is not offered plan D: leave its rate out.',
    ]);
    const withoutD = JSON.parse(JSON.stringify(PA_RATE_TABLE)) as typeof PA_RATE_TABLE;
    delete withoutD.markets.HKG.adultAnnual['01'].D;
    expect(ZPaRateTableSchema.safeParse(withoutD).error?.issues.map((issue) => issue.message)).toEqual([
      'Class 01 is offered plan D: give its rate.',
    ]);
    expect(ZPaRateTableSchema.safeParse(PA_RATE_TABLE).success).toBe(true);
  });

  it('the underwriter rates a declined occupation at a rated class, labelled with what it withholds', () => {
    expect(REFERRAL_CLASSES.every((code) => RATED_CLASSES.includes(code))).toBe(true);
    expect(withheldPlansNote('03')).toBe('no plan D');
    expect(withheldPlansNote('02')).toBe('');
  });
});
