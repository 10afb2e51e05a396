import { describe, expect, it } from 'vitest';
import { LAYOUT_CACHE_SIZE, parsedFont, withLayoutCache } from './pdf-fonts.ts';

type TRun = {
  glyphs: { id: number; codePoints: number[] }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  advanceWidth: number;
};
type TFace = { layout(text: string, ...options: unknown[]): TRun };

/** The real Noto Sans face with its kept layout, and a count of the times it was really shaped. */
function countedFace() {
  const face = parsedFont('latin', 'regular') as unknown as TFace;
  const shaped: string[] = [];
  const counted = withLayoutCache({
    layout: (text: unknown, ...options: unknown[]) => {
      shaped.push(String(text));
      return face.layout(String(text), ...options);
    },
  }) as unknown as TFace;
  return { counted, shaped };
}

const codePoints = (run: TRun) => run.glyphs.flatMap((glyph) => glyph.codePoints);
const text = (run: TRun) => String.fromCodePoint(...codePoints(run));

describe('the layout kept per thread (decision 095)', () => {
  it('gives each string the glyphs of that string, never another one’s', () => {
    const { counted } = countedFace();
    // Names that share words and lengths, as two customers' schedules would.
    for (const name of [
      'TAN WEI MING',
      'TAN WEI LING',
      'TAN WEI MING',
      'LIM MEI LING',
      'S$1,234.56',
      'S$1,243.56',
    ])
      for (const word of name.split(' ')) expect(text(counted.layout(word))).toBe(word);
  });

  it('shapes a string once, and hands out a copy pdfkit may scale without changing the next one', () => {
    const { counted, shaped } = countedFace();
    const first = counted.layout('Hospitalisation');
    const width = first.advanceWidth;
    // What pdfkit does to every run it is given: scale each position in place.
    for (const position of first.positions) position.xAdvance *= 2;
    const second = counted.layout('Hospitalisation');
    expect(shaped).toEqual(['Hospitalisation']);
    expect(second.advanceWidth).toBe(width);
    expect(second.positions).not.toBe(first.positions);
    expect(second.positions[0]).not.toBe(first.positions[0]);
  });

  it('shapes afresh when features or a script are asked for', () => {
    const { counted, shaped } = countedFace();
    counted.layout('office');
    counted.layout('office', ['liga']);
    counted.layout('office', undefined, 'latn');
    expect(shaped).toEqual(['office', 'office', 'office']);
  });

  it(`keeps at most ${LAYOUT_CACHE_SIZE} strings a face, dropping the least recently used`, () => {
    const { counted, shaped } = countedFace();
    counted.layout('first');
    for (let index = 0; index < LAYOUT_CACHE_SIZE - 1; index += 1) counted.layout(`w${index}`);
    counted.layout('first'); // used again: now the most recent
    counted.layout('one more'); // drops w0, the least recently used
    shaped.length = 0;
    counted.layout('first');
    counted.layout('w0');
    expect(shaped).toEqual(['w0']);
  });
});
