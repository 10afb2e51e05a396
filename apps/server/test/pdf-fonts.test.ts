import { describe, expect, it } from 'vitest';
import { baselineShift, familyFor, familyOrder } from '../src/modules/document/pdf-fonts.ts';

describe('the face each text is drawn in (decision 031)', () => {
  it('tries the script first and falls back to a face that has every glyph', () => {
    expect(familyOrder('en', 'SGP')).toEqual(['latin', 'hans', 'hant']);
    expect(familyOrder('en', 'HKG')).toEqual(['latin', 'hant', 'hans']);
    expect(familyOrder('zh-Hans', 'SGP')).toEqual(['hans', 'hant', 'latin']);
    expect(familyOrder('zh-Hant', 'HKG')).toEqual(['hant', 'hans', 'latin']);

    expect(familyFor('TAN WEI MING', familyOrder('en', 'SGP'))).toBe('latin');
    expect(familyFor('张伟', familyOrder('en', 'SGP'))).toBe('hans');
    expect(familyFor('陳大文', familyOrder('en', 'HKG'))).toBe('hant');
    // Simplified characters are not in the Traditional face: Hong Kong falls back to Hans for them.
    expect(familyFor('张伟', familyOrder('zh-Hant', 'HKG'))).toBe('hans');
    // A Hong Kong supplementary character (Extension B) only the Traditional face has.
    expect(familyFor('𨋢', familyOrder('zh-Hans', 'SGP'))).toBe('hant');
    // Latin Extended letters the Chinese faces lack.
    expect(familyFor('Łukasz Wróbel', familyOrder('zh-Hans', 'SGP'))).toBe('latin');
    // No face has everything: the one missing the fewest characters.
    expect(familyFor('陳大文 Ł', familyOrder('en', 'HKG'))).toBe('hant');
  });

  it('lowers Chinese text to the Latin baseline in a table row', () => {
    const order = familyOrder('en', 'HKG');
    expect(baselineShift('Adult', order, 9)).toBe(0);
    const shift = baselineShift('陳大文', order, 9);
    expect(shift).toBeGreaterThan(1);
    expect(shift).toBeLessThan(3);
  });
});
