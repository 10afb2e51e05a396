import {
  CLAIM_DRAFT_BYTES_MAX,
  CLAIM_MESSAGE_KEYS,
  CLAIM_UPLOAD_BYTES_PER_HOUR,
} from '@lionrock/domain/claims/claim-rules';
import { describe, expect, it } from 'vitest';
import { createMemoryLimitStore } from '../../lib/limit-store.ts';
import { createUploadBudget } from './upload-budget.ts';

const MB = 1024 * 1024;

/** A holder's budget on one instance's limit store, their open drafts holding `held` bytes. */
const budgetFor = (held = 0) =>
  createUploadBudget({ repository: { draftBytesOf: async () => held }, limits: createMemoryLimitStore() });

describe('the upload budget (issue 27, decision 105)', () => {
  it("lets one of two uploads at once take the hour's last room, and gives the refused one's back", async () => {
    const budget = budgetFor();
    await budget.reserve('holder', 60 * MB);
    await budget.reserve('holder', 60 * MB);
    // Both read 120 MB spent before either adds its 20: the count their adds answer decides.
    const answers = await Promise.allSettled([
      budget.reserve('holder', 20 * MB),
      budget.reserve('holder', 20 * MB),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(answers.find((answer) => answer.status === 'rejected')).toMatchObject({
      reason: { statusCode: 429, field: 'file', messageKey: CLAIM_MESSAGE_KEYS.uploadHourSpent },
    });
    await budget.reserve('holder', CLAIM_UPLOAD_BYTES_PER_HOUR - 140 * MB);
    await expect(budget.reserve('holder', 1)).rejects.toMatchObject({ statusCode: 429 });
    // Another holder's hour is their own.
    await budget.reserve('someone else', 100 * MB);
  });

  it('refuses a declared length the drafts have no room for', async () => {
    const budget = budgetFor(CLAIM_DRAFT_BYTES_MAX - MB);
    await expect(budget.reserve('holder', 2 * MB)).rejects.toMatchObject({
      statusCode: 413,
      messageKey: CLAIM_MESSAGE_KEYS.draftsFull,
    });
    await budget.reserve('holder', MB);
  });

  it('holds a body without a length to the room left, and gives back what it did not send', async () => {
    const nearlyFull = budgetFor(CLAIM_DRAFT_BYTES_MAX - 5 * MB);
    const bounded = await nearlyFull.reserve('holder', undefined);
    bounded.take(3 * MB);
    expect(() => bounded.take(3 * MB)).toThrow(
      expect.objectContaining({ statusCode: 413, field: 'file', messageKey: CLAIM_MESSAGE_KEYS.draftsFull }),
    );

    const budget = budgetFor();
    const chunked = await budget.reserve('holder', undefined);
    chunked.take(3 * MB);
    await chunked.release();
    // 3 MB sent: the rest of the hour is there again, and no more.
    await budget.reserve('holder', 100 * MB);
    await budget.reserve('holder', CLAIM_UPLOAD_BYTES_PER_HOUR - 103 * MB);
    await expect(budget.reserve('holder', 1)).rejects.toMatchObject({ statusCode: 429 });
  });

  it('keeps a declared length spent whole, sent or not', async () => {
    const budget = budgetFor();
    const declared = await budget.reserve('holder', 100 * MB);
    declared.take(MB);
    await declared.release();
    await expect(budget.reserve('holder', CLAIM_UPLOAD_BYTES_PER_HOUR - 100 * MB + 1)).rejects.toMatchObject({
      statusCode: 429,
    });
  });
});
