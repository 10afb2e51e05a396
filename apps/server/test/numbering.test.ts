import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  formatPolicyNumber,
  formatReceiptNumber,
  nextPolicyNumber,
  nextReceiptNumber,
} from '../src/modules/policy/numbering.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

describeEachDriver('policy and receipt numbers', (driver) => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('formats readable, prefixed numbers', () => {
    expect(formatPolicyNumber('PTR', 'SGP', 2026, 1234)).toBe('TSG26-0001234');
    expect(formatPolicyNumber('PAN', 'HKG', 2027, 5)).toBe('AHK27-0000005');
    expect(formatPolicyNumber('PHM', 'SGP', 2100, 9_999_999)).toBe('HSG00-9999999');
    expect(formatReceiptNumber('HKG', 2026, 815)).toBe('RHK26-0000815');
  });

  it('never hands out a number twice, even when asked concurrently', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? nextPolicyNumber(database.db, 'PTR', 'SGP', 2026)
          : nextPolicyNumber(database.db, 'PAN', 'HKG', 2026),
      ),
    );
    const digits = numbers.map((number) => number.slice(-7));
    expect(new Set(digits).size).toBe(50);
    const receipts = await Promise.all(
      Array.from({ length: 20 }, () => nextReceiptNumber(database.db, 'SGP', 2026)),
    );
    expect(new Set(receipts).size).toBe(20);
    expect(receipts[0]).toMatch(/^RSG26-\d{7}$/);
  });

  it('draws numbers inside a transaction with the transaction handle', async () => {
    const number = await database.db.transaction(async (tx) => nextPolicyNumber(tx, 'PHM', 'SGP', 2026));
    expect(number).toMatch(/^HSG26-\d{7}$/);
  });
});
