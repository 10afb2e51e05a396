import { REFUSALS } from '@lionrock/domain/policy/refusals';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh.json';

/** Every message the personal accident rules and refusals can give has its text in both catalogues. */
const keys = [
  ...Object.values(MESSAGE_KEYS).filter((key) => key.startsWith('paErrorMessage.')),
  MESSAGE_KEYS.birthDateBelow6Months,
  REFUSALS.RESIDENCY_NOT_ELIGIBLE.messageKey,
  REFUSALS.CLAIMS_REFER_TO_AGENT.messageKey,
  REFUSALS.OCCUPATION_DECLINED.messageKey,
];

function textAt(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('personal accident messages', () => {
  it('lists the PA field rules and refusals', () => {
    expect(new Set(keys).size).toBeGreaterThanOrEqual(12);
  });

  it.each(keys)('%s has English and Chinese text', (key) => {
    expect(typeof textAt(en, key)).toBe('string');
    expect(textAt(zh, key)).toMatch(/[\u4e00-\u9fff]/);
  });
});
