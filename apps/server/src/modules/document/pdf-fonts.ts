/// <reference path="../../types/fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TCountry } from '@lionrock/domain/market/market';
import * as fontkit from 'fontkit';

/**
 * The fonts the PDFs embed (decision 031), all Noto under the SIL Open Font License 1.1, installed from
 * the npm registry: Noto Sans for Latin (with every accented letter of Latin Extended A/B and Vietnamese),
 * Noto Sans Hans (Simplified; every CJK Unified and Extension A ideograph, so Traditional names too) and
 * Noto Sans Hant (Traditional; adds the Hong Kong supplementary characters of Extension B). pdfkit embeds
 * only the glyphs a document uses, so a schedule stays tens of kilobytes.
 *
 * Each piece of text is drawn in the first family of the script's order that has a glyph for every one
 * of its characters (else the one that has the most), so a Chinese name prints in a Chinese font inside an
 * English schedule and an accented name in Noto Sans inside a Chinese one.
 */
export type TFontStyle = 'regular' | 'bold' | 'italic';
export type TScript = 'en' | 'zh-Hans' | 'zh-Hant';
type TFamily = 'latin' | 'hans' | 'hant';

type TFontkitFont = {
  hasGlyphForCodePoint(codePoint: number): boolean;
  ascent: number;
  unitsPerEm: number;
};

function packageFile(packageName: string, file: string): string {
  // The font packages export only their index (dist/index.js); the fonts sit in ../fonts beside it.
  const entry = fileURLToPath(import.meta.resolve(packageName));
  return path.join(path.dirname(entry), '..', 'fonts', file);
}

const FILES: Record<TFamily, Record<TFontStyle, () => string>> = {
  latin: {
    regular: () => packageFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
    bold: () => packageFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
    italic: () => packageFile('@embedpdf/fonts-latin', 'NotoSans-Italic.ttf'),
  },
  hans: {
    regular: () => packageFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    bold: () => packageFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
    // Chinese type has no italic: the upright face.
    italic: () => packageFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
  },
  hant: {
    regular: () => packageFile('@embedpdf/fonts-tc', 'NotoSansHant-Regular.otf'),
    bold: () => packageFile('@embedpdf/fonts-tc', 'NotoSansHant-Bold.otf'),
    italic: () => packageFile('@embedpdf/fonts-tc', 'NotoSansHant-Regular.otf'),
  },
};

// Read once per process: the files are large (about 8 MB for a CJK face) and never change.
const buffers = new Map<string, Buffer>();
const coverage = new Map<TFamily, TFontkitFont>();

function fontBuffer(family: TFamily, style: TFontStyle): Buffer {
  const file = FILES[family][style]();
  let buffer = buffers.get(file);
  if (!buffer) {
    buffer = readFileSync(file);
    buffers.set(file, buffer);
  }
  return buffer;
}

/** The regular face of a family, for asking which characters it draws (the styles cover the same). */
function coverageOf(family: TFamily): TFontkitFont {
  let font = coverage.get(family);
  if (!font) {
    font = fontkit.create(fontBuffer(family, 'regular')) as TFontkitFont;
    coverage.set(family, font);
  }
  return font;
}

/** Families in the order they are tried: the document's script first, Hong Kong's Chinese in Hant. */
export function familyOrder(script: TScript, country: TCountry): TFamily[] {
  const chinese: TFamily[] =
    script === 'zh-Hans' || (script === 'en' && country === 'SGP') ? ['hans', 'hant'] : ['hant', 'hans'];
  return script === 'en' ? ['latin', ...chinese] : [...chinese, 'latin'];
}

function drawnCodePoints(text: string): number[] {
  // Spaces and line breaks are layout, not glyphs every face must have.
  return [...text].map((character) => character.codePointAt(0)!).filter((codePoint) => codePoint > 0x20);
}

/** The family to draw `text` in: the first that has every glyph, else the one missing the fewest. */
export function familyFor(text: string, order: readonly TFamily[]): TFamily {
  const codePoints = drawnCodePoints(text);
  let best = order[0]!;
  let bestMissing = Number.POSITIVE_INFINITY;
  for (const family of order) {
    const font = coverageOf(family);
    const missing = codePoints.filter((codePoint) => !font.hasGlyphForCodePoint(codePoint)).length;
    if (missing === 0) return family;
    if (missing < bestMissing) {
      best = family;
      bestMissing = missing;
    }
  }
  return best;
}

/**
 * How far below its top `text` must start so its baseline meets Noto Sans's at `size` points: pdfkit
 * hangs text from the font's ascent, and the Chinese faces' ascent is lower than the Latin one's, so a
 * Chinese name would otherwise sit higher than the English beside it in a table row.
 */
export function baselineShift(text: string, order: readonly TFamily[], size: number): number {
  const ascent = (family: TFamily) => coverageOf(family).ascent / coverageOf(family).unitsPerEm;
  return (ascent('latin') - ascent(familyFor(text, order))) * size;
}

// Parsed once per thread (issue 19): given a file's bytes, pdfkit parses the font again for every
// document, and decoding the layout tables (GSUB/GPOS) of a Noto face took ~90 % of a schedule's time.
// pdfkit takes a parsed font as it is and keeps each document's glyph subset apart, so the bytes drawn
// are the same; a parsed font is only read by layout, so documents may share it.
const parsed = new Map<string, PDFKit.Mixins.PDFFontSource>();

/** The face pdfkit draws with: parsed once per thread, its layout kept (`withLayoutCache`). */
export function parsedFont(family: TFamily, style: TFontStyle): PDFKit.Mixins.PDFFontSource {
  const file = FILES[family][style]();
  let font = parsed.get(file);
  if (!font) {
    font = withLayoutCache(
      fontkit.create(fontBuffer(family, style)) as TLayoutFont,
    ) as unknown as PDFKit.Mixins.PDFFontSource;
    parsed.set(file, font);
  }
  return font;
}

/** What fontkit's `layout` gives back (a GlyphRun): the glyphs of a string and where each goes. */
type TGlyphRun = { glyphs: unknown[]; positions: object[] };
type TLayoutFont = { layout(text: unknown, ...options: unknown[]): TGlyphRun };

/** Runs kept per face and thread; the least recently used is dropped beyond this (a word is ~1 kB). */
export const LAYOUT_CACHE_SIZE = 5000;

/**
 * The face with its text layout (shaping: GSUB substitutions, GPOS kerning and marks) kept per thread
 * (decision 095). pdfkit measures and draws a schedule word by word and keeps the runs only for one
 * document, so every schedule shaped the same labels, benefit rows and terms again: about half of a
 * schedule's CPU. fontkit's layout of a string with no options depends on the face and the string alone,
 * so the run is kept under the string itself, and every caller gets its own copy of it: pdfkit scales
 * the positions it is given in place. A customer's words are keys like any other: a run is only ever
 * handed out for the very string it was made from.
 */
export function withLayoutCache<TFont extends TLayoutFont>(font: TFont): TFont {
  const runs = new Map<string, TGlyphRun>();
  const layout = (text: unknown, ...options: unknown[]): TGlyphRun => {
    // Features, a script or a direction change the layout; pdfkit passes none, but then shape afresh.
    if (typeof text !== 'string' || options.some((option) => option !== undefined))
      return font.layout(text, ...options);
    let run = runs.get(text);
    if (run) {
      runs.delete(text);
    } else {
      run = font.layout(text);
      if (runs.size >= LAYOUT_CACHE_SIZE) runs.delete(runs.keys().next().value!);
    }
    runs.set(text, run);
    return copyOf(run, { positions: run.positions.map((position) => copyOf(position, {})) });
  };
  // Everything else (metrics, glyphs, subsetting) is the parsed face itself.
  return new Proxy(font, {
    get: (target, property) => (property === 'layout' ? layout : Reflect.get(target, property, target)),
  });
}

/** A shallow copy that keeps the class (a GlyphRun's `advanceWidth` is a getter on its prototype). */
function copyOf<T extends object>(value: T, overrides: Partial<T>): T {
  return Object.assign(Object.create(Object.getPrototypeOf(value)) as T, value, overrides);
}

/** Registers every face on a document under `${family}-${style}` names. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const family of Object.keys(FILES) as TFamily[]) {
    for (const style of Object.keys(FILES[family]) as TFontStyle[]) {
      doc.registerFont(`${family}-${style}`, parsedFont(family, style));
    }
  }
}

/**
 * Selects the face for `text` on `doc` (registered by `registerFonts`) and returns the document, so a
 * caller writes `useFontFor(doc, text, 'bold', order).fontSize(9).text(text, …)`.
 */
export function useFontFor(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TFontStyle,
  order: readonly TFamily[],
): PDFKit.PDFDocument {
  return doc.font(`${familyFor(text, order)}-${style}`);
}
