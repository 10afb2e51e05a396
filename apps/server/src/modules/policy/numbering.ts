import type { TCountry } from '@lionrock/domain/market/market';
import { numberingLetter, type TProductType } from '../product/product-catalogue.ts';
import type { TPolicyNumberRepository } from './policy-number-repository.ts';

const COUNTRY_CODE = { SGP: 'SG', HKG: 'HK' } as const;

export type { TProductType };

/**
 * Readable, prefixed numbers: TSG26-0001234 is a Singapore travel policy issued in 2026 (the product's
 * letter comes from the product catalogue, decision 047); the receipt
 * of its payment is RSG26-0000815. The digits come from database sequences, so two server instances
 * never hand out the same number (`policy-number-repository.ts`, made on the issuing transaction).
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
 * The next policy number and receipt number, both drawn in one round trip (from a repository made on
 * the issuing transaction, which holds the policy's lock meanwhile).
 */
export async function nextPolicyAndReceiptNumbers(
  numbers: Pick<TPolicyNumberRepository, 'nextValues'>,
  product: TProductType,
  country: TCountry,
  year: number,
): Promise<{ policyNumber: string; receiptNumber: string }> {
  const next = await numbers.nextValues();
  return {
    policyNumber: formatPolicyNumber(product, country, year, next.policy),
    receiptNumber: formatReceiptNumber(country, year, next.receipt),
  };
}
