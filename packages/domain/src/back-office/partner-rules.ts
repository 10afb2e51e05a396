import { isCountry } from '../market/market.ts';
import { EMAIL_PATTERN } from '../validation/field-rules.ts';
import { MARKET_NAMES } from './agent-licensing.ts';
import { CAMPAIGN_COUNTRIES, CAMPAIGN_PRODUCTS } from './campaign-rules.ts';
import { parseCsv } from './csv.ts';

/**
 * Marketing's partner data (issue 18): agents, their sub-agents, agent campaigns (commission rates) and
 * the staff codes an agent quotes each product with, imported from a CSV with a report per row. The
 * back-office API and its forms read these; the shop reads the saved rows as it always has.
 */
export const PARTNER_COUNTRIES = CAMPAIGN_COUNTRIES;
export const PARTNER_PRODUCTS = CAMPAIGN_PRODUCTS;

/** An agent code: 2 to 20 capital letters and digits (it appears in links: /travel/partner/{code}). */
export const AGENT_CODE = /^[A-Z0-9]{2,20}$/;
/** A sub-agent or staff code: 1 to 20 letters, digits, dashes; never starting with = + - @ (a formula). */
export const PARTNER_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;
/** A telephone number: 6 to 20 digits or spaces, a + first for another country. */
export const PARTNER_TEL = /^\+?[0-9 ]{6,20}$/;
/** A commission rate in basis points (1500 = 15 %): at most 100 %. */
export const MAX_COMMISSION_BASIS_POINTS = 10_000;
export const TEXT_MAX = 200;
/** An agent's registration number (the regulator's). */
export const REGISTRATION_NO_MAX = 40;
/** An agent campaign's code: 2 to 40 capitals, digits or dashes (`AG1001-PTR`). */
export const AGENT_CAMPAIGN_CODE = /^[A-Z0-9][A-Z0-9-]{1,39}$/;
/** An agent campaign's promotion, affiliation and catalogue code; and its details. */
export const AGENT_CAMPAIGN_LABEL_MAX = 40;
export const AGENT_CAMPAIGN_DETAILS_MAX = 2000;
/** An agent campaign's link: a path on the shop. */
export const SHOP_PATH = /^\/[^\s]*$/;

type TErrors<T> = Partial<Record<keyof T, string>>;

export type TAgentInput = {
  agentCode: string;
  name: string;
  agency: string;
  email: string;
  tel: string;
  registrationNo: string;
  country: string;
  isDefault: boolean;
  active: boolean;
};

const oneOf = (list: readonly string[], value: string) => list.includes(value);
const textProblem = (value: string, label: string, max = TEXT_MAX) =>
  value.trim() === '' || value.length > max ? `Give ${label} of at most ${max} characters.` : undefined;

function clean<T>(errors: Record<string, string | undefined>): TErrors<T> {
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value !== undefined)) as TErrors<T>;
}

export function agentErrors(input: TAgentInput): TErrors<TAgentInput> {
  return clean<TAgentInput>({
    agentCode: AGENT_CODE.test(input.agentCode) ? undefined : 'Use 2 to 20 capital letters and digits.',
    name: textProblem(input.name, 'a name'),
    agency: textProblem(input.agency, 'an agency'),
    email:
      EMAIL_PATTERN.test(input.email) && input.email.length <= TEXT_MAX
        ? undefined
        : 'Enter an e-mail address.',
    tel: PARTNER_TEL.test(input.tel) ? undefined : 'Enter a telephone number of 6 to 20 digits.',
    registrationNo: textProblem(input.registrationNo, 'a registration number', REGISTRATION_NO_MAX),
    country: oneOf(PARTNER_COUNTRIES, input.country) ? undefined : 'Choose SGP or HKG.',
  });
}

export type TSubAgentInput = {
  subAgentCode: string;
  name: string;
  email: string;
  tel: string;
  active: boolean;
};

export function subAgentErrors(input: TSubAgentInput): TErrors<TSubAgentInput> {
  return clean<TSubAgentInput>({
    subAgentCode: PARTNER_CODE.test(input.subAgentCode)
      ? undefined
      : 'Use 1 to 20 letters, digits or dashes.',
    name: textProblem(input.name, 'a name'),
    email:
      EMAIL_PATTERN.test(input.email) && input.email.length <= TEXT_MAX
        ? undefined
        : 'Enter an e-mail address.',
    tel: PARTNER_TEL.test(input.tel) ? undefined : 'Enter a telephone number of 6 to 20 digits.',
  });
}

export type TAgentCampaignInput = {
  code: string;
  accountNo: string;
  staffId: string;
  productCode: string;
  country: string;
  promotion: string;
  affiliation: string;
  catalogueCode: string;
  /** Basis points of premium (2500 = 25 %); the campaign's rate never exceeds the account's. */
  accountCommissionRate: number;
  campaignCommissionRate: number;
  url: string;
  campaignTitle: string;
  campaignDetails: string;
  active: boolean;
};

const rateProblem = (rate: number) =>
  Number.isInteger(rate) && rate >= 0 && rate <= MAX_COMMISSION_BASIS_POINTS
    ? undefined
    : `Enter basis points from 0 to ${MAX_COMMISSION_BASIS_POINTS} (1500 = 15 %).`;
const optionalText = (value: string, max = TEXT_MAX) =>
  value.length > max ? `At most ${max} characters.` : undefined;

export function agentCampaignErrors(input: TAgentCampaignInput): TErrors<TAgentCampaignInput> {
  return clean<TAgentCampaignInput>({
    code: AGENT_CAMPAIGN_CODE.test(input.code) ? undefined : 'Use 2 to 40 capital letters, digits or dashes.',
    accountNo: AGENT_CODE.test(input.accountNo) ? undefined : 'Choose the agent.',
    staffId:
      input.staffId === '' || PARTNER_CODE.test(input.staffId)
        ? undefined
        : 'Use 1 to 20 letters, digits or dashes.',
    productCode: oneOf(PARTNER_PRODUCTS, input.productCode) ? undefined : 'Choose PTR, PAN or PHM.',
    country: oneOf(PARTNER_COUNTRIES, input.country) ? undefined : 'Choose SGP or HKG.',
    promotion: optionalText(input.promotion, AGENT_CAMPAIGN_LABEL_MAX),
    affiliation: optionalText(input.affiliation, AGENT_CAMPAIGN_LABEL_MAX),
    catalogueCode: optionalText(input.catalogueCode, AGENT_CAMPAIGN_LABEL_MAX),
    accountCommissionRate: rateProblem(input.accountCommissionRate),
    campaignCommissionRate:
      rateProblem(input.campaignCommissionRate) ??
      (input.campaignCommissionRate > input.accountCommissionRate
        ? "The campaign's rate cannot exceed the account's."
        : undefined),
    url:
      input.url === '' || (SHOP_PATH.test(input.url) && input.url.length <= TEXT_MAX)
        ? undefined
        : 'Use a path on the shop, starting with /.',
    campaignTitle: optionalText(input.campaignTitle),
    campaignDetails: optionalText(input.campaignDetails, AGENT_CAMPAIGN_DETAILS_MAX),
  });
}

/** The staff-code import: a header row naming these columns (any order), at most 1 MB and 5000 rows. */
export const STAFF_CODE_COLUMNS = ['agentCode', 'country', 'productCode', 'staffCode'] as const;
export const STAFF_CODE_IMPORT_MAX_BYTES = 1024 * 1024;
export const STAFF_CODE_IMPORT_MAX_ROWS = 5000;

export type TStaffCodeRow = { agentCode: string; country: string; productCode: string; staffCode: string };
/** A row's outcome; `row` is its line in the file, as a spreadsheet numbers it (the header is row 1). */
export type TImportRowReport = {
  row: number;
  status: 'ok' | 'error';
  field: string | null;
  message: string | null;
};
export type TStaffCodeImport =
  | { ok: false; field: string; message: string }
  | { ok: true; rows: { row: number; value: TStaffCodeRow }[]; report: TImportRowReport[] };

/** Which staff codes exist already, and for which agent/market/product (`AG1001|SGP|PTR`). */
export type TKnownStaffCodes = ReadonlyMap<string, string>;
export const staffCodeKey = (row: Pick<TStaffCodeRow, 'agentCode' | 'country' | 'productCode'>) =>
  `${row.agentCode}|${row.country}|${row.productCode}`;

/** Each agent's code and the market it is registered in (agentSellsIn's `country`). */
export type TAgentMarkets = ReadonlyMap<string, string>;

function staffCodeRowProblem(
  value: TStaffCodeRow,
  agentMarkets: TAgentMarkets,
): { field: keyof TStaffCodeRow; message: string } | null {
  for (const column of STAFF_CODE_COLUMNS)
    if (value[column].length > 20) return { field: column, message: 'At most 20 characters.' };
  const agentMarket = agentMarkets.get(value.agentCode);
  if (agentMarket === undefined) return { field: 'agentCode', message: 'No agent has this code.' };
  if (!oneOf(PARTNER_COUNTRIES, value.country)) return { field: 'country', message: 'Use SGP or HKG.' };
  // An agent sells in the market it is registered in only (agent-licensing.ts): no code for another.
  if (value.country !== agentMarket)
    return {
      field: 'country',
      message: `This agent is registered in ${isCountry(agentMarket) ? MARKET_NAMES[agentMarket] : agentMarket} only.`,
    };
  if (!oneOf(PARTNER_PRODUCTS, value.productCode))
    return { field: 'productCode', message: 'Use PTR, PAN or PHM.' };
  if (!PARTNER_CODE.test(value.staffCode))
    return { field: 'staffCode', message: 'Use 1 to 20 letters, digits or dashes.' };
  return null;
}

/**
 * Reads a staff-code CSV and checks every row: the agent exists, the market and product are known, the
 * code is well formed, and a staff code belongs to one agent/market/product only (in the file and
 * against the saved ones: `known` maps a code to its key). A row for a key already saved replaces it.
 */
/** The length of `text` in UTF-8 bytes (the domain has no TextEncoder: it runs without a platform). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export function readStaffCodeImport(
  csv: string,
  agentMarkets: TAgentMarkets,
  known: TKnownStaffCodes,
): TStaffCodeImport {
  if (utf8Length(csv) > STAFF_CODE_IMPORT_MAX_BYTES)
    return { ok: false, field: 'csv', message: 'The file is larger than 1 MB.' };
  const parsed = parseCsv(csv);
  if (!parsed.ok) return { ok: false, field: 'csv', message: `Line ${parsed.line}: ${parsed.message}` };
  // Empty lines are skipped, but each record keeps its line in the file: the report's rows are the
  // rows the person sees in their spreadsheet.
  const [header, ...records] = parsed.records
    .map((cells, index) => ({ cells, line: parsed.lines[index]! }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const names = header?.cells.map((cell) => cell.trim()) ?? [];
  const missing = STAFF_CODE_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0)
    return {
      ok: false,
      field: 'csv',
      message: `The first row must name the columns ${STAFF_CODE_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
    };
  if (records.length === 0)
    return { ok: false, field: 'csv', message: 'The file has no rows under its header.' };
  if (records.length > STAFF_CODE_IMPORT_MAX_ROWS)
    return { ok: false, field: 'csv', message: `At most ${STAFF_CODE_IMPORT_MAX_ROWS} rows in one file.` };
  const rows: { row: number; value: TStaffCodeRow }[] = [];
  const report: TImportRowReport[] = [];
  const codeOwner = new Map(known);
  const keysInFile = new Set<string>();
  for (const { cells: record, line: row } of records) {
    const cell = (column: string) => (record[names.indexOf(column)] ?? '').trim();
    const value: TStaffCodeRow = {
      agentCode: cell('agentCode').toUpperCase(),
      country: cell('country').toUpperCase(),
      productCode: cell('productCode').toUpperCase(),
      staffCode: cell('staffCode'),
    };
    const key = staffCodeKey(value);
    const owner = codeOwner.get(value.staffCode);
    const problem =
      staffCodeRowProblem(value, agentMarkets) ??
      (keysInFile.has(key)
        ? { field: 'productCode', message: 'An earlier row sets this agent, market and product.' }
        : owner !== undefined && owner !== key
          ? { field: 'staffCode', message: 'This staff code belongs to another agent, market or product.' }
          : null);
    if (problem) {
      report.push({ row, status: 'error', field: problem.field, message: problem.message });
      continue;
    }
    keysInFile.add(key);
    codeOwner.set(value.staffCode, key);
    rows.push({ row, value });
    report.push({ row, status: 'ok', field: null, message: null });
  }
  return { ok: true, rows, report };
}
