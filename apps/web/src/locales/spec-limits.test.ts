import { HONG_KONG_MINIMUM_PREMIUM_CENTS } from '@lionrock/domain/rating/discounts';
import { TRIP_LIMITS } from '@lionrock/domain/travel/trip-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { MESSAGE_VALUES as SHOP_VALUES } from '@lionrock/domain/validation/message-values';
import { SERVICE_MESSAGE_VALUES } from '@lionrock/domain/validation/service-message-values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { type TCatalogue, translate } from '../lib/translate';
import en from './en.json';
import zh from './zh.json';

/**
 * Decision 050: a text that states a spec limit names it as `{{value}}`, filled from the domain's
 * constant; the catalogues never write the number itself, so a changed limit cannot leave a page saying
 * the old one.
 */
const CATALOGUES = { en, zh } as Record<'en' | 'zh', TCatalogue>;

/** Every value a text may name: the shop's, and the after-sale pages' (decision 066). */
const MESSAGE_VALUES = { ...SHOP_VALUES, ...SERVICE_MESSAGE_VALUES };
type TMessageValueName = keyof typeof MESSAGE_VALUES;

/** The texts that state a limit, and the values each must name. */
const STATES_A_LIMIT: Record<string, TMessageValueName[]> = {
  [MESSAGE_KEYS.invalidDeparture]: ['departureWindowDays'],
  [MESSAGE_KEYS.invalidDuration]: ['maxTripDays'],
  'applicant.studentHint': ['studentFromAge', 'studentMaxAge'],
  [MESSAGE_KEYS.birthDateBelow18]: ['adultMinAge'],
  [MESSAGE_KEYS.paBirthDateBelow18]: ['adultMinAge'],
  [MESSAGE_KEYS.birthDateOver70]: ['adultMaxAge'],
  [MESSAGE_KEYS.birthDateOver26]: ['studentMaxAge'],
  [MESSAGE_KEYS.fullTimeStudentUnchecked]: ['studentFromAge'],
  'quoteExtras.promoHint': ['promoMaxLength'],
  'confirm.autoRenewal.termsList.charge': ['renewalChargeDays'],
  'confirm.autoRenewal.termsList.notice': ['renewalNoticeDays'],
  'paLanding.features.hospitalText': ['paHospitalMinHours'],
  'offerNotice.minimumPremium': ['hongKongMinimumPremiumDollars'],
  'offerNotice.underMinimumPremium': ['hongKongMinimumPremiumDollars'],
};

function textsOf(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => textsOf(inner, path ? `${path}.${key}` : key));
  return [];
}

/** A number written next to a unit: "90 days", "90天", "HK$380", "380港元". */
const written = (value: number) =>
  new RegExp(`(?<![\\d{])${value}\\s*(days?|天|港元)|HK\\$${value}(?!\\d)`, 'i');

describe.each(['en', 'zh'] as const)(
  'the %s catalogue states the spec limits from the domain',
  (language) => {
    const catalogue = CATALOGUES[language];

    it.each(Object.entries(STATES_A_LIMIT))('%s names its values and writes no number', (key, names) => {
      const text = translate(catalogue, language, key, { defaultValue: '' });
      expect(text, `${key} is missing`).not.toBe('');
      for (const name of names) expect(text).toContain(`{{${name}}}`);
      for (const name of names) expect(text).not.toMatch(written(Number(MESSAGE_VALUES[name])));
      const filled = translate(catalogue, language, key, {}, MESSAGE_VALUES);
      expect(filled).not.toMatch(/\{\{/);
      for (const name of names) expect(filled).toContain(String(MESSAGE_VALUES[name]));
    });

    it('writes neither the trip limit in days nor the minimum premium anywhere', () => {
      const tripLimit = written(TRIP_LIMITS.maxSingleTripDays);
      const window = written(TRIP_LIMITS.departureWindowDays);
      const minimum = written(HONG_KONG_MINIMUM_PREMIUM_CENTS / 100);
      const offenders = textsOf(catalogue).filter(
        ({ text }) => tripLimit.test(text) || window.test(text) || minimum.test(text),
      );
      expect(offenders).toEqual([]);
    });

    it('uses every value the domain provides', () => {
      const named = new Set(
        textsOf(catalogue).flatMap(({ text }) =>
          [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!),
        ),
      );
      for (const name of Object.keys(MESSAGE_VALUES)) expect(named).toContain(name);
    });
  },
);

describe('the shown texts fill the limits in', () => {
  beforeAll(() => i18n.addCatalogue('en', en as TCatalogue));
  afterAll(() => i18n.removeCatalogue('en'));

  it('says the trip limit the rules apply', () => {
    expect(i18n.t(MESSAGE_KEYS.invalidDuration)).toContain(`up to ${TRIP_LIMITS.maxSingleTripDays} days`);
    expect(i18n.t(MESSAGE_KEYS.invalidDeparture)).toContain(`up to ${TRIP_LIMITS.departureWindowDays} days`);
  });

  it('lets a caller’s value win over the domain’s', () => {
    expect(i18n.t(MESSAGE_KEYS.invalidDuration, { maxTripDays: 7 })).toContain('up to 7 days');
  });
});
