import { inflateSync } from 'node:zlib';
import { FREE_LOOK_DAYS } from '@lionrock/domain/market/insurer-contacts';
import { COUNTRIES } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { HOME_BENEFITS } from '@lionrock/domain/rating/benefits/home-benefits';
import { HOME_RATE_TABLE } from '@lionrock/domain/rating/bundled-rate-tables';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../src/modules/document/pdf-documents.ts';
import { documentSections } from '../src/modules/document/wordings.ts';
import { BUNDLED_BENEFIT_SCHEDULES } from '../src/modules/policy/benefit-schedules.ts';
import { BUNDLED_DOCUMENT_RATES } from './helpers/bundled-document-rates.ts';

/** The text a pdfkit PDF in its built-in fonts draws (as document-routes.test.ts reads it). */
function pdfText(pdf: Buffer): string {
  const texts: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      texts.push(
        [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join(''),
      );
  }
  return texts.join(' ');
}

const rowOf = (key: string) =>
  HOME_BENEFITS.groups.flatMap((group) => group.rows).find((row) => row.key === key)!;

describe('home brochure and policy wording, from the home benefit schedule (decision 058)', () => {
  it.each(COUNTRIES)('writes the %s wording with a section and the limits of every cover', (country) => {
    const sections = documentSections(
      'home',
      'policyWording',
      country,
      BUNDLED_BENEFIT_SCHEDULES,
      BUNDLED_DOCUMENT_RATES,
    );
    const text = sections.map((section) => [section.heading, ...section.paragraphs].join('\n')).join('\n');
    for (const row of HOME_BENEFITS.groups.flatMap((group) => group.rows))
      expect(
        sections.some((section) => section.heading.endsWith(row.labelEn)),
        row.key,
      ).toBe(true);
    const liability = rowOf('personalLiability');
    expect(text).toContain(`Prestige ${formatMoney(liability.values[country].PRESTIGE as number, country)}`);
    expect(text).toContain(
      `Prestige ${formatMoney(liability.withCover![country].PRESTIGE as number, country)}`,
    );
    expect(text).toContain(
      `Essential ${formatMoney(HOME_RATE_TABLE.markets[country].includedContentsCents.ESSENTIAL, country)}`,
    );
    expect(text).toContain(`within ${FREE_LOOK_DAYS[country]} days`);
    // A home wording speaks of no journey, and carries its market's statements only.
    expect(text).not.toMatch(/journey/i);
    expect(text).toContain(country === 'SGP' ? 'Policy Owners’ Protection Scheme' : 'Insurance Authority');
    expect(sections.filter((section) => section.heading === 'Cancellation')).toHaveLength(1);
  });

  it('draws the brochure with each plan’s limits and the optional covers’ prices', async () => {
    const text = pdfText(
      await renderDocument(
        { product: 'home', kind: 'brochure' },
        'HKG',
        BUNDLED_BENEFIT_SCHEDULES,
        BUNDLED_DOCUMENT_RATES,
      ),
    );
    expect(text).toContain('Lionrock Home Insurance');
    expect(text).toContain('gross floor area');
    expect(text).toContain('Personal liability to others');
    expect(text).toContain(formatMoney(rowOf('personalLiability').values.HKG.PRESTIGE as number, 'HKG'));
    expect(text).toContain('Domestic helper: belongings and liability');
    expect(text).toContain(formatMoney(HOME_RATE_TABLE.markets.HKG.optionalCovers.LIABILITY_TOP_UP, 'HKG'));
    const singapore = pdfText(
      await renderDocument(
        { product: 'home', kind: 'brochure' },
        'SGP',
        BUNDLED_BENEFIT_SCHEDULES,
        BUNDLED_DOCUMENT_RATES,
      ),
    );
    expect(singapore).toContain('HDB flats from 2-room to executive');
    expect(singapore).not.toContain('HK$');
  });
});
