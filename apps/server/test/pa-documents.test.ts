import { COUNTRIES, type TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { PA_BENEFITS, type TPaBenefitKey } from '@lionrock/domain/rating/benefits/benefit-schedules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfText } from './helpers/pdf-text.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * The personal accident brochure and policy wording (decision 054), downloaded as the
 * occupation-not-covered popup links them: written per market from the benefit schedule, the ages and
 * the rate table, so a sum changed in the data changes the documents.
 */
describeEachDriver('personal accident documents', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const download = async (name: string, country: TCountry) => {
    const answer = await app.inject({ url: `/b2c-server/rest/document/get/${name}?country=${country}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    // pdfText joins wrapped lines with two spaces; one is enough to compare sentences.
    return pdfText(answer.rawPayload).replace(/\s+/g, ' ');
  };

  it.each(COUNTRIES)(
    'writes the %s policy wording with a section and every plan’s sum per benefit',
    async (country) => {
      const text = await download('pa-policyWording', country);
      const plans = PA_BENEFITS.markets[country];
      const keys = Object.keys(plans.A) as TPaBenefitKey[];
      keys.forEach((key, index) => {
        expect(text).toContain(`Section ${index + 1}: ${PA_BENEFITS.labels[key]![0]}`);
        const sums = (['A', 'B', 'C', 'D'] as const)
          .map((plan) => `Plan ${plan} ${formatMoney(plans[plan][key], country)}`)
          .join('; ');
        expect(text, key).toContain(`Sum insured: ${sums}.`);
      });
      expect(text).toContain('Major exclusions');
      expect(text).toContain('A child is covered for 50%');
      expect(text).toContain(
        'An adult aged 65 to 70 when the policy begins or is renewed is covered for 50%',
      );
      expect(text).toContain('class 3 is offered Plans A to C');
      expect(text).toContain('Class 4 occupations');
      expect(text).toContain('after a waiting period of 7 days and for up to 104 weeks');
      // Amounts in the market's own currency only.
      expect(text).not.toContain(country === 'SGP' ? 'HK$' : 'S$');
    },
  );

  it('states each market’s own eligibility, taxes and limits', async () => {
    const singapore = await download('pa-policyWording', 'SGP');
    expect(singapore).toContain('Adults are covered from 18 years old to 70 when the policy begins;');
    expect(singapore).toContain('aged from 1 month to 17, or to 25 while in full-time education');
    expect(singapore).toContain(
      'Singapore citizen, a Singapore permanent resident or the holder of a long-term pass',
    );
    expect(singapore).toContain('Goods and services tax at 9% is added to the premium.');
    expect(singapore).not.toContain('HK$3,000');
    const hongKong = await download('pa-policyWording', 'HKG');
    expect(hongKong).toContain(
      'Adults are covered from 6 months old to 70 when the policy begins, and the policy may be renewed up to age 75;',
    );
    expect(hongKong).toContain('aged from 6 months to 17, or to 25 while in full-time education');
    expect(hongKong).toContain(
      'more than HK$3,000.00 under any personal accident policy in the last 3 years',
    );
    expect(hongKong).toContain('The premium after any discount is never less than HK$380.00.');
    expect(hongKong).toContain('Plan D HK$1,000,000.00');
    expect(hongKong).not.toContain('Goods and services tax');
    expect(hongKong).not.toContain('permanent resident');
  });

  it.each(COUNTRIES)(
    'prints the %s brochure with the sums by plan and the starting price',
    async (country) => {
      const text = await download('pa-brochure', country);
      expect(text).toContain('Sums insured by plan');
      for (const plan of ['A', 'B', 'C', 'D'] as const)
        expect(text).toContain(formatMoney(PA_BENEFITS.markets[country][plan].accidentalDeath, country));
      expect(text).toContain(
        country === 'SGP'
          ? 'an office worker pays from S$168.00 a year for Plan A (before 9% GST)'
          : 'an office worker pays from HK$620.00 a year for Plan A (before the IA levy)',
      );
      expect(text).toContain('Class 4 (manual work with cutting machines) is not covered');
      expect(text).toContain('up to 3 children covered free');
    },
  );
});
