import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import {
  ACCOUNT_NUMBER_DIGITS,
  CLAIM_DOCUMENT_MAX_BYTES,
  CLAIM_TEXT_LIMITS,
  canStartClaimOn,
  claimAnswerProblem,
  claimFileProblem,
  claimMessageValues,
  isSameIncident,
  validatePayout,
} from './claim-rules.ts';

/** Claims a customer can follow (issue 29): the rules the form, the status page and the API share. */
describe('claims after the sale (issue 29)', () => {
  it('names the real problem of a file before it is sent: empty, too large, or not a PDF, JPEG or PNG', () => {
    const cases: [{ size: number; type: string; name: string }, string | null][] = [
      [{ size: 0, type: 'application/pdf', name: 'receipt.pdf' }, 'claims.errors.documentEmpty'],
      [
        { size: CLAIM_DOCUMENT_MAX_BYTES + 1, type: 'image/png', name: 'x.png' },
        'claims.errors.documentTooLarge',
      ],
      [{ size: CLAIM_DOCUMENT_MAX_BYTES, type: 'image/png', name: 'x.png' }, null],
      [{ size: 10, type: 'application/zip', name: 'x.pdf' }, 'claims.errors.documentType'],
      [{ size: 10, type: '', name: 'scan.JPG' }, null],
      [{ size: 10, type: '', name: 'notes.txt' }, 'claims.errors.documentType'],
      [{ size: 10, type: 'image/jpeg', name: 'photo' }, null],
    ];
    for (const [file, expected] of cases) expect(claimFileProblem(file), file.name).toBe(expected);
  });

  it("says a market's account-number length and each text's limit", () => {
    expect(claimMessageValues('accountNumber', 'HKG')).toMatchObject({
      min: ACCOUNT_NUMBER_DIGITS.HKG.min,
      max: ACCOUNT_NUMBER_DIGITS.HKG.max,
    });
    expect(claimMessageValues('accountNumber', 'SGP')).toMatchObject({ min: 9, max: 14 });
    expect(claimMessageValues('officials', 'SGP')).toMatchObject({ max: 30 });
    expect(claimMessageValues('description', 'HKG')).toMatchObject({ max: CLAIM_TEXT_LIMITS.description });
    expect(claimMessageValues('documents', 'SGP')).toEqual({ maxMb: 10, maxFiles: 10 });
  });

  it('flags a bank name over its limit as too long, not as missing', () => {
    const today = localDate(2026, 11, 25);
    const long = 'B'.repeat(CLAIM_TEXT_LIMITS.bankName + 1);
    expect(
      validatePayout({ method: 'bank', bankName: long, accountNumber: '123456789' }, 'SGP', today),
    ).toEqual({ bankName: 'claims.errors.tooLong' });
  });

  it('offers no new claim on a cancelled policy', () => {
    expect(canStartClaimOn('cancelled')).toBe(false);
    expect(canStartClaimOn('issued')).toBe(true);
  });

  it('questions a second claim of the same type on the same incident date', () => {
    const first = { claimType: 'medical', incidentDate: '2026-11-20' };
    expect(isSameIncident(first, { ...first })).toBe(true);
    expect(isSameIncident(first, { ...first, claimType: 'baggage' })).toBe(false);
    expect(isSameIncident(first, { ...first, incidentDate: '2026-11-21' })).toBe(false);
    expect(isSameIncident({ claimType: '', incidentDate: null }, { claimType: '', incidentDate: null })).toBe(
      false,
    );
  });

  it('takes an answer to "more information needed" with a document or a note within its limit', () => {
    expect(claimAnswerProblem('  ', 0)).toBe('claims.errors.answerEmpty');
    expect(claimAnswerProblem('', 1)).toBeNull();
    expect(claimAnswerProblem('The police report is attached.', 0)).toBeNull();
    expect(claimAnswerProblem('x'.repeat(CLAIM_TEXT_LIMITS.answerNote + 1), 1)).toBe('claims.errors.tooLong');
  });
});
