import type { TCountry } from '@lionrock/domain/market/market';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';

/** A claim number: C, the market's two letters, the year's last two digits, a dash, seven digits (CSG26-0000123). */
export function formatClaimNumber(country: TCountry, year: number, value: number): string {
  const market = country === 'SGP' ? 'SG' : 'HK';
  return `C${market}${String(year % 100).padStart(2, '0')}-${String(value).padStart(7, '0')}`;
}

export const CLAIM_NUMBER_PATTERN = /^C(SG|HK)\d{2}-\d{7}$/;

type TExecutor = Pick<TDb, 'execute'>;

/** The market's next number from its own sequence: unique across every instance (decision 073). */
export async function nextClaimNumber(executor: TExecutor, country: TCountry, year: number): Promise<string> {
  const sequence = country === 'SGP' ? 'claim_number_sgp_seq' : 'claim_number_hkg_seq';
  const result = await executor.execute(sql`select nextval(${sequence}) as value`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    value: string | number;
  }[];
  return formatClaimNumber(country, year, Number(rows[0]!.value));
}
