import { inflateSync } from 'node:zlib';
import { FREE_LOOK_DAYS, INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import { COUNTRIES, type TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { TRAVEL_BENEFITS, travelCoverTable } from '@lionrock/domain/rating/benefits/benefit-schedules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listDocumentNames } from '../src/modules/document/pdf-documents.ts';
import { pdfText as drawnText } from './helpers/pdf-text.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/** The text a pdfkit PDF draws: its content streams inflated, each TJ array's hex strings joined. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push(
        [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return texts.join(' ');
}

describeEachDriver('document downloads', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('serves every document as a PDF download, without a Session-Name', async () => {
    expect(listDocumentNames()).toEqual([
      'travel-brochure',
      'travel-policyWording',
      'travel-covid19Wording',
      'pa-brochure',
      'pa-policyWording',
      'home-brochure',
      'home-policyWording',
    ]);
    for (const name of listDocumentNames()) {
      const response = await app.inject({ url: `/b2c-server/rest/document/get/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${name}.pdf"; filename*=UTF-8''${name}.pdf`,
      );
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(response.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    }
  });

  it('draws the benefit schedule of the market asked for', async () => {
    const singapore = await app.inject({ url: '/b2c-server/rest/document/get/travel-brochure' });
    const hongKong = await app.inject({ url: '/b2c-server/rest/document/get/travel-brochure?country=HKG' });
    const sgText = pdfText(singapore.rawPayload);
    expect(sgText).toContain('Lionrock Travel Insurance');
    expect(sgText).toContain('Emergency medical evacuation and repatriation');
    expect(sgText).toContain('S$500,000.00');
    expect(pdfText(hongKong.rawPayload)).toContain('HK$');
    const pa = pdfText((await app.inject({ url: '/b2c-server/rest/document/get/pa-brochure' })).rawPayload);
    expect(pa).toContain('Plan D');
    const wording = pdfText(
      (await app.inject({ url: '/b2c-server/rest/document/get/pa-policyWording' })).rawPayload,
    );
    expect(wording).toContain('Major exclusions');
  });

  /** What each market's wording must state (decision 043), and what belongs to the other market only. */
  const STATUTORY: Record<TCountry, string[]> = {
    SGP: [
      'This policy is protected under the Policy Owners’ Protection Scheme which is administered by the Singapore Deposit Insurance Corporation (SDIC).',
      'Financial Industry Disputes Resolution Centre Ltd (FIDReC)',
      'Personal Data Protection Act 2012 (PDPA)',
      'Pursuant to Section 25(5) of the Insurance Act 1966',
      'governed by the laws of Singapore',
    ],
    HKG: [
      'A levy is payable to the Insurance Authority on this policy, in addition to the premium',
      'currently 0.1% of the premium, up to HK$5,000.00 per policy',
      'Insurance Complaints Bureau (ICB)',
      'Personal Data (Privacy) Ordinance (Cap. 486) (PDPO)',
      'You have the right to request access to and correction of your personal data',
      'governed by the laws of the Hong Kong Special Administrative Region',
    ],
  };
  const wordingText = async (name: string, country: TCountry) =>
    drawnText(
      (await app.inject({ url: `/b2c-server/rest/document/get/${name}?country=${country}` })).rawPayload,
    )
      // A standard font's text is WinAnsi: its right single quote (0x92) read as Latin-1 is U+0092.
      .replaceAll('\u0092', '’')
      .replace(/\s+/g, ' ');

  it.each(COUNTRIES)(
    'writes the %s travel wording with its definitions, a section per benefit with its limits, exclusions, claims, cancellation and statutory statements',
    async (country) => {
      const text = await wordingText('travel-policyWording', country);
      for (const heading of [
        'Our agreement',
        'Definitions',
        'Pre-existing condition:',
        'What we cover',
        'General exclusions',
        'Claims conditions',
        'General conditions',
        'Cancellation',
        'Complaints and dispute resolution',
        'Personal data',
        'Governing law',
      ]) {
        expect(text).toContain(heading);
      }
      expect(text).toContain(INSURER_CONTACTS[country].legalName);
      expect(text).toContain(INSURER_CONTACTS[country].assistance);
      expect(text).toContain(`within ${FREE_LOOK_DAYS[country]} days of the day its cover starts`);
      // Every benefit of the schedule has its own section, with the market's limits from the schedule.
      const money = (value: unknown) =>
        typeof value === 'number'
          ? formatMoney(value, country)
          : (
              { UNLIMITED: 'no limit', INCLUDED: 'included', NOT_COVERED: 'not covered' } as Record<
                string,
                string
              >
            )[String(value)];
      const family = travelCoverTable(TRAVEL_BENEFITS, country, 'FM').flatMap((group) => group.rows);
      const rows = travelCoverTable(TRAVEL_BENEFITS, country, 'ID').flatMap((group) => group.rows);
      expect(rows.length).toBeGreaterThan(15);
      rows.forEach((row, index) => {
        const section = text.slice(text.indexOf(`Section ${index + 1}: ${row.labelEn}`));
        expect(section.length, row.key).toBeLessThan(text.length);
        const limits = section.slice(0, section.indexOf(`Section ${index + 2}:`) >>> 0);
        expect(limits, row.key).toContain(`Standard ${money(row.STANDARD)}; Super ${money(row.SUPER)}`);
        const familyRow = family[index]!;
        if (typeof familyRow.SUPER === 'number' && familyRow.SUPER !== row.SUPER)
          expect(limits, row.key).toContain(
            `Family plan: Standard ${money(familyRow.STANDARD)}; Super ${money(familyRow.SUPER)}`,
          );
      });
      for (const statement of STATUTORY[country]) expect(text).toContain(statement);
      const other: TCountry = country === 'SGP' ? 'HKG' : 'SGP';
      for (const statement of STATUTORY[other]) expect(text).not.toContain(statement);
    },
  );

  it.each(COUNTRIES)(
    'ends the %s personal accident and home wordings with the market’s statements',
    async (country) => {
      for (const name of ['pa-policyWording', 'home-policyWording']) {
        const text = await wordingText(name, country);
        expect(text).toContain(`within ${FREE_LOOK_DAYS[country]} days of the day its cover starts`);
        for (const statement of STATUTORY[country].filter((line) => !line.includes('Insurance Act'))) {
          expect(text).toContain(statement);
        }
      }
    },
  );

  it.each([
    ['an unknown document', '/b2c-server/rest/document/get/travel-secrets', 404, 'documentName'],
    [
      'a wording a product does not have',
      '/b2c-server/rest/document/get/pa-covid19Wording',
      404,
      'documentName',
    ],
    ['an unknown market', '/b2c-server/rest/document/get/travel-brochure?country=XXX', 400, 'country'],
  ])('answers %s with a JSON error', async (_name, url, status, field) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ field });
  });
});
