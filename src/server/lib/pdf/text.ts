/**
 * Text in a PDF (the portfolio report, the guides) through one set of helpers that keep pdfkit's shape:
 * `useFont(doc, 'bold')` instead of `doc.font(...)`, `write(doc, text, x, y, options)` instead of `doc.text(...)`,
 * `heightOf` and `fit` to measure. A document chooses its fonts once with `setUpText`:
 *
 * - `'embedded'` (the report, issue 25 item 20): Noto Sans (Latin, Greek, Cyrillic) from @embedpdf/fonts-latin,
 *   and, only when a text needs them, Noto Sans SC (Han, kana) from @embedpdf/fonts-sc and Noto Sans KR (Hangul)
 *   from @embedpdf/fonts-kr: TrueType and OpenType files that pdfkit's fontkit subsets, so a PDF carries only the
 *   glyphs it draws. pdfkit draws a string in one font, so every string goes through `splitIntoFontRuns` and
 *   each run is drawn in its own font, on one baseline.
 * - `'standard'` (the guides, whose text is ours): the Helvetica of every PDF reader, nothing embedded.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { splitIntoFontRuns, type FontFace, type FontRun } from '../../../domain/reports/font-runs';

type Doc = PDFKit.PDFDocument;
export type Weight = 'regular' | 'bold' | 'italic';
/** Which fonts a document draws with (see the top of this file). */
export type FontSet = 'embedded' | 'standard';

const require = createRequire(import.meta.url);

/** A font file of one of the @embedpdf font packages (their `fonts/` folder, beside `dist/`). */
function fontFile(pkg: string, file: string): string {
  return join(dirname(require.resolve(pkg)), '..', 'fonts', file);
}

/** The standard PDF fonts: built into every reader, so nothing is embedded. */
const STANDARD: Readonly<Record<Weight, string>> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
};

const FILES: Readonly<Record<FontFace, Readonly<Record<Weight, () => string>>>> = {
  latin: {
    regular: () => fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
    bold: () => fontFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
    italic: () => fontFile('@embedpdf/fonts-latin', 'NotoSans-Italic.ttf'),
  },
  // The CJK fonts have no italic: their upright regular stands in.
  cjk: {
    regular: () => fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    bold: () => fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
    italic: () => fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
  },
  korean: {
    regular: () => fontFile('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'),
    bold: () => fontFile('@embedpdf/fonts-kr', 'NotoSansKR-Bold.otf'),
    italic: () => fontFile('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'),
  },
};

/** The part of a fontkit font that pdfkit keeps on its current font (`doc._font.font`). */
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

interface TextState {
  fonts: FontSet;
  weight: Weight;
  registered: Set<string>;
  coverage: Map<FontFace, FontkitFont>;
  runs: Map<string, FontRun[]>;
}

const states = new WeakMap<Doc, TextState>();

function stateOf(doc: Doc): TextState {
  const state = states.get(doc);
  if (!state) throw new Error('setUpText was not called for this document');
  return state;
}

const fontName = (face: FontFace, weight: Weight) => `${face}-${weight}`;

/** Switches pdfkit to a face's font of the current weight, registering the font file the first time. */
function selectFace(doc: Doc, face: FontFace, weight: Weight = stateOf(doc).weight): Doc {
  const state = stateOf(doc);
  if (state.fonts === 'standard') return doc.font(STANDARD[weight]);
  const name = fontName(face, weight);
  if (!state.registered.has(name)) {
    doc.registerFont(name, FILES[face][weight]());
    state.registered.add(name);
  }
  return doc.font(name);
}

function coverageOf(doc: Doc, face: FontFace): FontkitFont {
  const state = stateOf(doc);
  let font = state.coverage.get(face);
  if (!font) {
    selectFace(doc, face, 'regular');
    font = (doc as unknown as { _font: { font: FontkitFont } })._font.font;
    state.coverage.set(face, font);
    selectFace(doc, 'latin');
  }
  return font;
}

/** Sets a new document's fonts and selects the regular Latin font. */
export function setUpText(doc: Doc, fonts: FontSet): void {
  states.set(doc, { fonts, weight: 'regular', registered: new Set(), coverage: new Map(), runs: new Map() });
  selectFace(doc, 'latin');
}

/** The Latin font of `weight` (what `doc.font(...)` was), kept for the text helpers below. */
export function useFont(doc: Doc, weight: Weight): Doc {
  stateOf(doc).weight = weight;
  return selectFace(doc, 'latin');
}

/** The runs of `value`; the CJK fonts are opened only when a character is not in the Latin font. */
function runsOf(doc: Doc, value: string): FontRun[] {
  const state = stateOf(doc);
  let runs = state.runs.get(value);
  // Printable ASCII, most of the text, is all in the Latin font; the standard fonts have only that face.
  if (!runs && (state.fonts === 'standard' || /^[\x20-\x7e]*$/.test(value)))
    runs = value ? [{ face: 'latin', text: value }] : [];
  if (!runs) {
    const latin = coverageOf(doc, 'latin');
    runs = splitIntoFontRuns(value, (face, codePoint) =>
      face === 'latin'
        ? latin.hasGlyphForCodePoint(codePoint)
        : coverageOf(doc, face).hasGlyphForCodePoint(codePoint),
    );
    state.runs.set(value, runs);
  }
  return runs;
}

/** Text as the fonts draw it (characters no font has as U+FFFD), for a caller that measures it itself. */
function drawableText(doc: Doc, value: string): string {
  return runsOf(doc, value)
    .map((run) => run.text)
    .join('');
}

/** The width of `value` in the current size and weight, each run in its own font. */
function widthOf(doc: Doc, value: string): number {
  let width = 0;
  for (const run of runsOf(doc, value)) width += selectFace(doc, run.face).widthOfString(run.text);
  selectFace(doc, 'latin');
  return width;
}

/**
 * The height of `value` wrapped to `options.width`. For text of one font, pdfkit's own measure; for mixed
 * fonts an estimate from the total width (lines of the widest font's line height), a little generous.
 */
export function heightOf(
  doc: Doc,
  value: string,
  options: PDFKit.Mixins.TextOptions & { width: number },
): number {
  const runs = runsOf(doc, value);
  if (runs.length <= 1) {
    const height = selectFace(doc, runs[0]?.face ?? 'latin').heightOfString(runs[0]?.text ?? '', options);
    selectFace(doc, 'latin');
    return height;
  }
  const lines = Math.max(1, Math.ceil((widthOf(doc, value) * 1.1) / options.width));
  let lineHeight = 0;
  for (const run of runs)
    lineHeight = Math.max(lineHeight, selectFace(doc, run.face).currentLineHeight(true));
  selectFace(doc, 'latin');
  return lines * (lineHeight + (options.lineGap ?? 0));
}

/** Cuts a single-line text to `width` with an ellipsis, in the current size and weight. */
export function fit(doc: Doc, value: string, width: number): string {
  // A little room to spare: pdfkit wraps a line that only just fits.
  const room = width - 2;
  const drawable = drawableText(doc, value);
  if (widthOf(doc, drawable) <= room) return drawable;
  // Character by character: each character's width is one cached layout, where every cut string would need
  // fontkit to shape it anew. Kerning can make the shaped cut a little wider: then it loses one more character.
  const chars = [...drawable];
  let count = 0;
  let used = widthOf(doc, '…');
  while (count < chars.length) {
    const next = widthOf(doc, chars[count] ?? '');
    if (used + next > room) break;
    used += next;
    count++;
  }
  const cutAt = (n: number) => `${chars.slice(0, n).join('').trimEnd()}…`;
  while (count > 1 && widthOf(doc, cutAt(count)) > room) count--;
  return cutAt(Math.max(count, 1));
}

/**
 * Draws `value` at (x, y) like `doc.text`, each run in its own font. A run in a CJK font is drawn on the Latin
 * font's baseline. One line (`lineBreak: false`): the runs one after another, aligned as a whole; wrapped text:
 * pdfkit's `continued` text, which wraps across the runs.
 */
export function write(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
): Doc {
  const runs = runsOf(doc, value);
  const latinAscent = (selectFace(doc, 'latin') as unknown as { _font: { ascender: number } })._font.ascender;
  const size = (doc as unknown as { _fontSize: number })._fontSize;
  // pdfkit's number baseline moves the text down by -baseline points from y: the Latin font's top-to-baseline.
  const baseline = (face: FontFace) => (face === 'latin' ? {} : { baseline: -(latinAscent / 1000) * size });
  if (runs.length <= 1) {
    const run = runs[0] ?? { face: 'latin' as const, text: '' };
    selectFace(doc, run.face).text(run.text, x, y, { ...options, ...baseline(run.face) });
  } else if (options.lineBreak === false) {
    const widths = runs.map((run) => selectFace(doc, run.face).widthOfString(run.text));
    const total = widths.reduce((sum, w) => sum + w, 0);
    const box = options.width ?? total;
    let left =
      x + (options.align === 'right' ? box - total : options.align === 'center' ? (box - total) / 2 : 0);
    runs.forEach((run, i) => {
      const width = widths[i] ?? 0;
      selectFace(doc, run.face).text(run.text, left, y, {
        ...options,
        align: 'left',
        width: width + 1,
        ...baseline(run.face),
      });
      left += width;
    });
  } else {
    runs.forEach((run, i) => {
      const last = i === runs.length - 1;
      const runOptions = { ...options, continued: !last, ...baseline(run.face) };
      if (i === 0) selectFace(doc, run.face).text(run.text, x, y, runOptions);
      else selectFace(doc, run.face).text(run.text, runOptions);
    });
  }
  return selectFace(doc, 'latin');
}
