import { describe, expect, it } from 'vitest';
import { STAFF_REASON } from './staff-requests.ts';
import {
  BLACKLIST_ID_NUMBER,
  RATE_TABLE_CODE_MAX,
  RATE_TABLE_NOTE_MAX,
  RATE_TABLE_VERSION,
  ZBlacklistAdd,
  ZBlacklistRemove,
  ZRateTableActivate,
  ZRateTableUpload,
} from './underwriting-requests.ts';

const UPLOAD = {
  product: 'PTR',
  country: 'SGP',
  kind: 'rates',
  version: ' 2027.1 ',
  effectiveDate: '2027-01-01',
  data: { single: { areas: {} } },
} as const;

/** The paths the schema refuses a request at (each once). */
const refused = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  [...new Set(result.error?.issues.map((issue) => issue.path.join('.')) ?? [])].sort();

describe('the underwriting requests (decision 123)', () => {
  it('keeps the bounds the routes had', () => {
    expect({
      BLACKLIST_ID_NUMBER,
      STAFF_REASON,
      RATE_TABLE_CODE_MAX,
      RATE_TABLE_VERSION,
      RATE_TABLE_NOTE_MAX,
    }).toEqual({
      BLACKLIST_ID_NUMBER: { min: 5, max: 30 },
      STAFF_REASON: { min: 3, max: 500 },
      RATE_TABLE_CODE_MAX: 10,
      RATE_TABLE_VERSION: { min: 1, max: 40 },
      RATE_TABLE_NOTE_MAX: 500,
    });
  });

  it('adds an ID number to the blacklist and removes it, each with a reason', () => {
    expect(ZBlacklistAdd.parse({ idNumber: ' S1234567D ', reason: 'Fraud ring' })).toEqual({
      idNumber: 'S1234567D',
      reason: 'Fraud ring',
    });
    expect(refused(ZBlacklistAdd.safeParse({ idNumber: 'S12', reason: ' ab ' }))).toEqual([
      'idNumber',
      'reason',
    ]);
    expect(refused(ZBlacklistAdd.safeParse({ idNumber: 'a'.repeat(31), reason: 'a'.repeat(501) }))).toEqual([
      'idNumber',
      'reason',
    ]);
    expect(ZBlacklistRemove.safeParse({ reason: 'a'.repeat(500) }).success).toBe(true);
    expect(refused(ZBlacklistRemove.safeParse({ reason: '' }))).toEqual(['reason']);
  });

  it('takes an upload with its label trimmed, and refuses every wrong field at once', () => {
    expect(ZRateTableUpload.parse(UPLOAD)).toEqual({ ...UPLOAD, version: '2027.1' });
    expect(
      refused(
        ZRateTableUpload.safeParse({
          product: 'PTR',
          country: 'SGP',
          kind: 'prices',
          version: '  ',
          effectiveDate: '1/1/2027',
          data: undefined,
        }),
      ),
    ).toEqual(['data', 'effectiveDate', 'kind', 'version']);
  });

  it('holds each bound of an upload', () => {
    const at = (change: Record<string, unknown>) =>
      refused(ZRateTableUpload.safeParse({ ...UPLOAD, ...change }));
    expect(at({ version: 'a'.repeat(40), product: 'a'.repeat(10), country: 'a'.repeat(10) })).toEqual([]);
    expect(at({ version: 'a'.repeat(41) })).toEqual(['version']);
    expect(at({ product: 'a'.repeat(11), country: 'a'.repeat(11) })).toEqual(['country', 'product']);
    expect(at({ kind: 'benefits' })).toEqual([]);
    // A day of the calendar, written as the server reads it; a table is a JSON object.
    expect(at({ effectiveDate: '2027-02-30' })).toEqual(['effectiveDate']);
    expect(at({ effectiveDate: '2027-01-01T00:00:00Z' })).toEqual(['effectiveDate']);
    expect(at({ data: [1, 2] })).toEqual(['data']);
    expect(at({ data: 'not a table' })).toEqual(['data']);
    expect(at({ data: null })).toEqual(['data']);
  });

  it('activates a draft with a note of at most 500 characters, or none', () => {
    expect(ZRateTableActivate.parse({})).toEqual({});
    expect(ZRateTableActivate.safeParse({ note: 'a'.repeat(500) }).success).toBe(true);
    expect(refused(ZRateTableActivate.safeParse({ note: 'a'.repeat(501) }))).toEqual(['note']);
  });
});
