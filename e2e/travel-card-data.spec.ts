import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createPglite } from '../apps/server/src/db/database.ts';
import { expectIssued } from './support/api.ts';
import { expectFinishPage, payByCard, seedAndOpenPayment } from './support/journey.ts';
import { startServer, stopServer } from './support/server-process.ts';
import { JOURNEY_KEY } from './support/storage.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * PCI SAQ A-EP (design section 6): the card goes from the browser to the gateway and nowhere else. A card payment
 * is made in Chromium against a shop of its own — logging at debug level, its embedded database and
 * mail outbox kept — and then browser storage, that shop's whole log, every table of its database and
 * every message it wrote are searched for the card number and the CVV.
 */
const CARD = '5555555555554444';
const CVV = '737';

/** Where `text` holds the card number (as typed, grouped or spaced), or the CVV as a field or a value. */
function cardDataIn(text: string): string[] {
  const found = [CARD, '5555-5555-5555-4444', '5555 5555 5555 4444'].filter((form) => text.includes(form));
  // The CVV is three digits, which timestamps and amounts hold too: it is looked for as a field named
  // for it that has a value (a JSON key, with its quotes doubled in a row's text, or a form field) and
  // as a value of its own. The protocol's list of the fields the browser adds names card_cvn: no value.
  for (const match of text.matchAll(/\b(?:card_cvn|cvv|cvn)"{0,2}\s*[:=]|"737"|=737(?:&|$|\s)/gi))
    found.push(match[0]);
  return found;
}

/** Every row of every table of the embedded database in `dataDir` (the server stopped), as text. */
async function databaseText(dataDir: string): Promise<string> {
  const db = await createPglite(path.join(dataDir, 'pgdata'));
  try {
    const tables = await db.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const rows: string[] = [];
    for (const { schema, name } of tables.rows) {
      const result = await db.query<{ row: string }>(`SELECT t::text AS row FROM "${schema}"."${name}" t`);
      rows.push(...result.rows.map(({ row }) => `${schema}.${name} ${row}`));
    }
    return rows.join('\n');
  } finally {
    await db.close();
  }
}

/** Every value in the tab's sessionStorage and localStorage, by key. */
async function browserStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const values: Record<string, string> = {};
    for (const storage of [sessionStorage, localStorage])
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index)!;
        values[key] = storage.getItem(key) ?? '';
      }
    return values;
  });
}

test('a card payment leaves the card number and CVV nowhere: browser storage, server log, database, mail', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const shop = await startServer(
    'card-data',
    { LOG_LEVEL: 'debug' },
    { keepDataDir: true, keepOutput: Infinity },
  );
  try {
    const context = await browser.newContext({ baseURL: shop.baseUrl });
    const page = await context.newPage();
    openAppOnGoto(page);
    await seedAndOpenPayment(page, testInfo, shop.baseUrl);
    await payByCard(page, { number: CARD, cvv: CVV });
    const policyNumber = await expectFinishPage(page);
    await expectIssued(page, testInfo, policyNumber, shop.baseUrl);

    const stored = await browserStorage(page);
    expect(Object.keys(stored)).toContain(JOURNEY_KEY);
    expect(JSON.stringify(stored)).toContain(policyNumber);
    expect(cardDataIn(JSON.stringify(stored))).toEqual([]);
    await context.close();
    // The policy mail is delivered by the mail job shortly after issuing: wait for it before stopping.
    const outbox = path.join(shop.dataDir, 'outbox');
    await expect
      .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0), { timeout: 60_000 })
      .toBeGreaterThan(0);
  } finally {
    await stopServer(shop.child);
  }
  try {
    // The log covers the payment: the gateway took the card and answered the receipt page.
    const log = shop.output();
    expect(log).toContain('/gateway/silent/pay');
    expect(log).toContain('/b2c-server/rest/payment/receipt');
    expect(cardDataIn(log)).toEqual([]);

    const database = await databaseText(shop.dataDir);
    expect(database).toMatch(/TSG\d\d-\d{7}/);
    expect(cardDataIn(database)).toEqual([]);

    const outbox = path.join(shop.dataDir, 'outbox');
    const messages = fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.flatMap(cardDataIn)).toEqual([]);
  } finally {
    fs.rmSync(shop.dataDir, { recursive: true, force: true });
  }
});
