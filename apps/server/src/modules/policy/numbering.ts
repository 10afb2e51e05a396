import type { TCountry } from '@lionrock/domain/market/market';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { numberingLetter, type TProductType } from '../product/product-catalogue.ts';

type TExecutor = Pick<TDb, 'execute'>;

const COUNTRY_CODE = { SGP: 'SG', HKG: 'HK' } as const;

export type { TProductType };

/**
 * Readable, prefixed numbers: TSG26-0001234 is a Singapore travel policy issued in 2026 (the product's
 * letter comes from the product catalogue, decision 047); the receipt
 * of its payment is RSG26-0000815. The digits come from database sequences, so two server instances
 * never hand out the same number; pass the issuing transaction so a rolled-back issue uses no number twice.
 */
export function formatPolicyNumber(
  product: TProductType,
  country: TCountry,
  year: number,
  sequence: number,
): string {
  return `${numberingLetter(product)}${COUNTRY_CODE[country]}${String(year % 100).padStart(2, '0')}-${String(sequence).padStart(7, '0')}`;
}

export function formatReceiptNumber(country: TCountry, year: number, sequence: number): string {
  return `R${COUNTRY_CODE[country]}${String(year % 100).padStart(2, '0')}-${String(sequence).padStart(7, '0')}`;
}

/**
 * The next policy number and receipt number, both drawn in one round trip (inside the issuing
 * transaction, which holds the policy's lock meanwhile).
 */
export async function nextPolicyAndReceiptNumbers(
  executor: TExecutor,
  product: TProductType,
  country: TCountry,
  year: number,
): Promise<{ policyNumber: string; receiptNumber: string }> {
  const result = await executor.execute(
    sql`select nextval('policy_number_seq') as policy, nextval('receipt_number_seq') as receipt`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    policy: string | number;
    receipt: string | number;
  }[];
  return {
    policyNumber: formatPolicyNumber(product, country, year, Number(rows[0]!.policy)),
    receiptNumber: formatReceiptNumber(country, year, Number(rows[0]!.receipt)),
  };
}
