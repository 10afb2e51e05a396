import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  formatPolicyNumber,
  formatReceiptNumber,
  nextPolicyAndReceiptNumbers,
} from '../src/modules/policy/numbering.ts';
import { createPolicyNumberRepository } from '../src/modules/policy/policy-number-repository.ts';
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

  it('never hands out a number twice, even when asked concurrently, each from its own sequence', async () => {
    const drawn = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? nextPolicyAndReceiptNumbers(createPolicyNumberRepository(database.db), 'PTR', 'SGP', 2026)
          : nextPolicyAndReceiptNumbers(createPolicyNumberRepository(database.db), 'PAN', 'HKG', 2026),
      ),
    );
    const policyDigits = drawn.map((numbers) => Number(numbers.policyNumber.slice(-7)));
    const receiptDigits = drawn.map((numbers) => Number(numbers.receiptNumber.slice(-7)));
    expect(new Set(policyDigits).size).toBe(50);
    expect(new Set(receiptDigits).size).toBe(50);
    expect(drawn[0]!.policyNumber).toMatch(/^TSG26-\d{7}$/);
    expect(drawn[1]!.policyNumber).toMatch(/^AHK26-\d{7}$/);
    expect(drawn[0]!.receiptNumber).toMatch(/^RSG26-\d{7}$/);
    expect(drawn[1]!.receiptNumber).toMatch(/^RHK26-\d{7}$/);
    // Each number is its own sequence's: the last one drawn of each is its sequence's last value.
    const last = await database.db.execute(
      sql`select (select last_value from policy_number_seq) as policy, (select last_value from receipt_number_seq) as receipt`,
    );
    const row = (
      (Array.isArray(last) ? last : (last as { rows: unknown[] }).rows) as Record<string, unknown>[]
    )[0]!;
    expect(Math.max(...policyDigits)).toBe(Number(row.policy));
    expect(Math.max(...receiptDigits)).toBe(Number(row.receipt));
  });

  it('draws numbers inside a transaction with the transaction handle', async () => {
    const { policyNumber } = await database.db.transaction(async (tx) =>
      nextPolicyAndReceiptNumbers(createPolicyNumberRepository(tx), 'PHM', 'SGP', 2026),
    );
    expect(policyNumber).toMatch(/^HSG26-\d{7}$/);
  });
});
