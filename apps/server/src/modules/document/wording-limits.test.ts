import { readFileSync } from 'node:fs';
import { AGE_LIMITS } from '@lionrock/domain/eligibility/ages';
import { FREE_LOOK_DAYS } from '@lionrock/domain/market/insurer-contacts';
import { PA_TERMS } from '@lionrock/domain/rating/benefits/pa-terms';
import { SHORT_PERIOD_ADMIN_CHARGE_PERCENT } from '@lionrock/domain/self-service/cancellation-rules';
import { TRIP_LIMITS } from '@lionrock/domain/travel/trip-rules';
import { describe, expect, it } from 'vitest';
import { BUNDLED_DOCUMENT_RATES } from '../../../test/helpers/bundled-document-rates.ts';
import { BUNDLED_BENEFIT_SCHEDULES } from '../policy/benefit-schedules.ts';
import { documentSections } from './wordings.ts';

/**
 * Decision 050: the documents state the shop's limits from the domain's constants, so a changed trip
 * limit or age changes the brochure and the wording with the rules; their source writes no such number.
 */
const SOURCES = ['./wordings.ts', './travel-wording.ts', './pa-wording.ts'].map((file) => ({
  file,
  text: readFileSync(new URL(file, import.meta.url), 'utf8'),
}));

const textOf = (
  kind: 'brochure' | 'policyWording',
  country: 'SGP' | 'HKG',
  product: 'travel' | 'pa' = 'travel',
) =>
  documentSections(product, kind, country, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES)
    .flatMap((section) => section.paragraphs)
    .join('\n');

describe('the travel documents state the limits the rules apply', () => {
  it.each(['SGP', 'HKG'] as const)(
    'the %s brochure and wording say the trip limit and the ages',
    (country) => {
      expect(textOf('brochure', country)).toContain(
        `journeys of up to ${TRIP_LIMITS.maxSingleTripDays} days`,
      );
      expect(textOf('brochure', country)).toContain(
        `from ${AGE_LIMITS.travelChildPickerMinMonths} months; full-time students up to ${AGE_LIMITS.studentMaxYears}.`,
      );
      const wording = textOf('policyWording', country);
      expect(wording).toContain(`each trip of up to ${TRIP_LIMITS.maxSingleTripDays} days`);
      expect(wording).toContain(`trips of up to ${TRIP_LIMITS.maxSingleTripDays} days each`);
      expect(wording).toContain(
        `under ${AGE_LIMITS.studentMaxYears + 1} years old, who must be in full-time education from the age of ${AGE_LIMITS.childMaxYears + 1}.`,
      );
    },
  );

  it('the personal accident wording states the cover terms from the domain', () => {
    const wording = textOf('policyWording', 'SGP', 'pa');
    expect(wording).toContain(
      `for at least ${PA_TERMS.hospitalMinHours} hours, we pay the daily sum for each complete day in hospital, for up to ${PA_TERMS.hospitalMaxYears} years`,
    );
    expect(wording).toContain(
      `a coma within ${PA_TERMS.comaWithinDays} days of the accident, lasting at least ${PA_TERMS.comaMinMonths} consecutive months`,
    );
    expect(wording).toContain(
      `${PA_TERMS.ttdMaxEarningsPercent}% of the adult’s average weekly earnings in the 12 months before the accident if less, after a waiting period of ${PA_TERMS.ttdWaitingDays} days and for up to ${PA_TERMS.ttdMaxWeeks} weeks`,
    );
  });

  it.each(SOURCES)('$file writes no trip limit or age as a number', ({ text }) => {
    // Whatever the limits are, these phrases state one of them: they must be filled from the domain.
    const offenders = [
      /(journeys?|trips?) of up to \d+ days/g,
      /under \d+ years/g,
      /age of \d+/g,
      /covered from \d+ months?/g,
      /students up to \d+/g,
      /confinement of at least \d+ hours|in-patient for at least \d+ hours|coma within \d+ days|\d+-day waiting|waiting period of \d+ days|after \d+ days, up to|up to \d+% of average|up to \d+ weeks/g,
    ].flatMap((pattern) => text.match(pattern) ?? []);
    expect(offenders).toEqual([]);
  });
});

describe('every policy wording has one cancellation clause, its product’s own', () => {
  const cancellationOf = (product: 'travel' | 'pa' | 'home', country: 'SGP' | 'HKG') => {
    const clauses = documentSections(
      product,
      'policyWording',
      country,
      BUNDLED_BENEFIT_SCHEDULES,
      BUNDLED_DOCUMENT_RATES,
    ).filter((section) => section.heading === 'Cancellation');
    expect(clauses).toHaveLength(1);
    return clauses[0]!.paragraphs.join('\n');
  };

  it.each(['SGP', 'HKG'] as const)(
    'personal accident and home in %s: the free look from the start of cover, then the unexpired months, no journey',
    (country) => {
      for (const product of ['pa', 'home'] as const) {
        const text = cancellationOf(product, country);
        expect(text).toContain(`within ${FREE_LOOK_DAYS[country]} days of the day its cover starts`);
        expect(text).toContain(`administration charge of ${SHORT_PERIOD_ADMIN_CHARGE_PERCENT}%`);
        expect(text).not.toMatch(/journey|single-trip|trip/i);
      }
    },
  );

  it.each(['SGP', 'HKG'] as const)('travel in %s: a single trip is not cancelled once begun', (country) => {
    const text = cancellationOf('travel', country);
    expect(text).toContain(`within ${FREE_LOOK_DAYS[country]} days of the day its cover starts`);
    expect(text).toContain('a single-trip policy cannot be cancelled once its period of insurance has begun');
  });
});
