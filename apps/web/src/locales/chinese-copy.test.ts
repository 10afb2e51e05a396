import { PA_BENEFITS, TRAVEL_BENEFITS } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { DESTINATIONS } from '@lionrock/domain/travel/trip-rules';
import { describe, expect, it } from 'vitest';
import zh from './zh.json';

/**
 * Chinese copy as a reader expects it (decision 042, the glossary): full-width punctuation in Chinese
 * sentences, and one word per concept. Checked over the whole catalogue and the benefit schedules'
 * Chinese labels, so a new string keeps to it.
 */
type TText = { path: string; text: string };

function textsOf(value: unknown, path = ''): TText[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => textsOf(inner, path ? `${path}.${key}` : key));
  return [];
}

const HAN = /[\u3400-\u9fff]/;
/** ASCII punctuation a Chinese sentence writes full-width; a colon in a time or a URL is not one. */
const ASCII_PUNCTUATION = /[,;!?()]|:(?!\/\/)(?<!\d:)/g;
/** The glossary: the word kept, and the words it replaced. */
const BANNED: Record<string, string> = { 儿童: '子女', Lionrock: '狮石' };

const catalogue = textsOf(zh);
const labels = [...textsOf(TRAVEL_BENEFITS), ...textsOf(PA_BENEFITS), ...textsOf(DESTINATIONS)].filter(
  ({ text }) => HAN.test(text),
);
const chinese = [...catalogue, ...labels].filter(({ text }) => HAN.test(text));

describe('the Chinese copy', () => {
  it('reads every text of the catalogue and the benefit labels', () => {
    expect(catalogue.length).toBeGreaterThan(400);
    expect(labels.length).toBeGreaterThan(30);
  });

  it('writes punctuation full-width in every Chinese sentence', () => {
    const found = chinese
      .filter(({ text }) => text.replace(/\{\{[^}]*\}\}/g, '').match(ASCII_PUNCTUATION))
      .map(({ path, text }) => `${path}: ${text}`);
    expect(found).toEqual([]);
  });

  it.each(Object.entries(BANNED))('writes %s as %s, everywhere', (banned) => {
    expect(chinese.filter(({ text }) => text.includes(banned)).map(({ path }) => path)).toEqual([]);
  });

  it('catches the mistakes it is for', () => {
    const wrong = ['出行人士,请检查', '谁一同出行?', '全名(与身份证相同)', '提示:请检查'];
    for (const text of wrong) expect(text.replace(ASCII_PUNCTUATION, '')).not.toBe(text);
    for (const text of ['上午9:30', 'https://lionrock.example', '格式为 MM-YY']) {
      expect(text.replace(ASCII_PUNCTUATION, '')).toBe(text);
    }
  });
});
