import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { FastifyInstance } from 'fastify';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

type TDecode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
// jsqr is CommonJS with a default export: Vitest hands over the function, Node's type view the module.
const jsQR = ((jsQRModule as unknown as { default?: TDecode }).default ?? jsQRModule) as unknown as TDecode;

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';

/** The light border around the dark modules on each side, in modules (the finder pattern is 7 modules wide). */
function quietZones(png: PNG): { top: number; left: number; bottom: number; right: number; module: number } {
  const dark = (x: number, y: number) => png.data[(y * png.width + x) * 4]! < 128;
  let top = -1;
  for (let y = 0; y < png.height && top < 0; y += 1)
    for (let x = 0; x < png.width; x += 1)
      if (dark(x, y)) {
        top = y;
        break;
      }
  let left = -1;
  for (let x = 0; x < png.width && left < 0; x += 1)
    for (let y = 0; y < png.height; y += 1)
      if (dark(x, y)) {
        left = x;
        break;
      }
  let bottom = -1;
  for (let y = png.height - 1; y >= 0 && bottom < 0; y -= 1)
    for (let x = 0; x < png.width; x += 1)
      if (dark(x, y)) {
        bottom = png.height - 1 - y;
        break;
      }
  let right = -1;
  for (let x = png.width - 1; x >= 0 && right < 0; x -= 1)
    for (let y = 0; y < png.height; y += 1)
      if (dark(x, y)) {
        right = png.width - 1 - x;
        break;
      }
  // The top-left finder pattern's first row is 7 dark modules in a row.
  let run = 0;
  while (dark(left + run, top)) run += 1;
  const module = run / 7;
  return { top: top / module, left: left / module, bottom: bottom / module, right: right / module, module };
}

describeEachDriver('the PayNow QR image', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => new Date(AT) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const post = (path: string, payload: unknown) => postRest(app, path, payload);

  it('keeps the quiet zone of 4 light modules on every side that ISO/IEC 18004 asks for, and still decodes', async () => {
    const policy = buildTravelPolicy(today);
    const quoted = (await post('policy/multirate', policy)).json();
    const chosen = {
      ...policy,
      policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
    };
    const rated = (await post('policy/rate', chosen)).json();
    const consent = recordConsent(true, AT);
    const confirmed = {
      ...rated,
      consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, AT) },
    };
    const response = await post('policy/updateToPendingGenerateQR', confirmed);
    expect(response.statusCode).toBe(200);
    const png = PNG.sync.read(Buffer.from(response.json().response.qrCode, 'base64'));
    const zones = quietZones(png);
    expect(zones.module).toBeGreaterThanOrEqual(2);
    for (const side of ['top', 'left', 'bottom', 'right'] as const) {
      expect(Math.round(zones[side]), side).toBeGreaterThanOrEqual(4);
    }
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toMatch(/^000201010212/);
  });
});
