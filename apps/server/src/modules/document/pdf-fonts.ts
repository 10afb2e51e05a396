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

function parsedFont(family: TFamily, style: TFontStyle): PDFKit.Mixins.PDFFontSource {
  const file = FILES[family][style]();
  let font = parsed.get(file);
  if (!font) {
    font = fontkit.create(fontBuffer(family, style)) as unknown as PDFKit.Mixins.PDFFontSource;
    parsed.set(file, font);
  }
  return font;
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
