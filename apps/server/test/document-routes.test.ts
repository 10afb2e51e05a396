import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listDocumentNames } from '../src/modules/document/pdf-documents.ts';
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
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}.pdf"`);
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
