/**
 * The geometry of the portfolio report (decision 033), kept apart from pdfkit so that it can be checked with
 * exact vectors: which blocks go on which page, the wedges of a pie chart, a line through a price series, the
 * text colour readable on the firm's colour, and the names the report is dated and saved under.
 */
import { transliterate } from './transliterate';
import { utcDateOf } from '../calendar';

/**
 * Blocks in order, each on one page: block i goes on the current page when its height fits in the space left,
 * otherwise on a new page. The first page (already partly written) has `firstPageSpace`, every other one
 * `pageSpace`; a block taller than a whole page gets a page of its own. Returns the block indexes of each page; the
 * first is empty when not even the first block fits on it.
 */
export function packIntoPages(
  heights: readonly number[],
  firstPageSpace: number,
  pageSpace: number,
): number[][] {
  const pages: number[][] = [[]];
  let left = firstPageSpace;
  heights.forEach((height, index) => {
    const current = pages[pages.length - 1] as number[];
    const isFreshPage = pages.length > 1 && current.length === 0;
    if (height > left && !isFreshPage) {
      pages.push([index]);
      left = pageSpace - height;
    } else {
      current.push(index);
      left -= height;
    }
  });
  return pages;
}

export interface PieSlice {
  readonly index: number;
  /** Radians, clockwise from twelve o'clock. */
  readonly start: number;
  readonly end: number;
}

/** The wedges of a pie for weights (any positive scale); zero and negative weights get none. */
export function pieSlices(weights: readonly number[]): PieSlice[] {
  const total = weights.reduce((sum, w) => (w > 0 ? sum + w : sum), 0);
  if (total <= 0) return [];
  const slices: PieSlice[] = [];
  let start = 0;
  weights.forEach((weight, index) => {
    if (weight <= 0) return;
    const end = start + (weight / total) * 2 * Math.PI;
    slices.push({ index, start, end });
    start = end;
  });
  return slices;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A point on a circle at `angle` radians clockwise from twelve o'clock (PDF space, y grows downwards). */
function pointAt(cx: number, cy: number, r: number, angle: number): [number, number] {
  return [round2(cx + r * Math.sin(angle)), round2(cy - r * Math.cos(angle))];
}

/**
 * An SVG path of a wedge, for pdfkit's `doc.path`. A wedge of the whole circle is drawn as two half arcs (an arc
 * from a point to itself draws nothing).
 */
export function wedgePath(cx: number, cy: number, r: number, slice: Pick<PieSlice, 'start' | 'end'>): string {
  const sweep = slice.end - slice.start;
  if (sweep >= 2 * Math.PI - 1e-9) {
    const [tx, ty] = pointAt(cx, cy, r, 0);
    const [bx, by] = pointAt(cx, cy, r, Math.PI);
    return `M ${tx} ${ty} A ${r} ${r} 0 1 1 ${bx} ${by} A ${r} ${r} 0 1 1 ${tx} ${ty} Z`;
  }
  const [x1, y1] = pointAt(cx, cy, r, slice.start);
  const [x2, y2] = pointAt(cx, cy, r, slice.end);
  const largeArc = sweep > Math.PI ? 1 : 0;
  return `M ${round2(cx)} ${round2(cy)} L ${x1} ${y1} A ${r} ${r} 0 ${largeArc} 1 ${x2} ${y2} Z`;
}

export interface ChartScale {
  low: number;
  high: number;
}

/** The lowest and highest value of several series together: one scale for lines drawn in one box. */
export function commonScale(series: readonly (readonly number[])[]): ChartScale {
  let low = Infinity;
  let high = -Infinity;
  for (const values of series) {
    for (const value of values) {
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  return { low, high };
}

/**
 * Points of a line through `values` inside the box (oldest left), on `scale` (its own lowest to highest value
 * unless given): the scale's high at the top, its low at the bottom.
 */
export function linePoints(
  values: readonly number[],
  box: { x: number; y: number; width: number; height: number },
  scale: ChartScale = commonScale([values]),
): [number, number][] {
  if (values.length === 0) return [];
  const { low, high } = scale;
  const span = high - low;
  const step = values.length > 1 ? box.width / (values.length - 1) : 0;
  return values.map((value, i) => [
    round2(box.x + i * step),
    round2(box.y + (span > 0 ? ((high - value) / span) * box.height : box.height / 2)),
  ]);
}

/** '#1e4d8c' -> [30, 77, 140]; null for anything but #rrggbb. */
export function hexToRgb(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  return [parseInt(match[1] ?? '', 16), parseInt(match[2] ?? '', 16), parseInt(match[3] ?? '', 16)];
}

/** WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white). */
function relativeLuminance([r, g, b]: [number, number, number]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export const DARK_TEXT = '#0f172a';
export const LIGHT_TEXT = '#ffffff';

/** White or near-black, whichever contrasts more with the background colour (a firm's colour may be light). */
export function readableTextColor(background: string): typeof DARK_TEXT | typeof LIGHT_TEXT {
  const rgb = hexToRgb(background);
  if (!rgb) return LIGHT_TEXT;
  const luminance = relativeLuminance(rgb);
  const dark = relativeLuminance([15, 23, 42]);
  const contrastWithWhite = 1.05 / (luminance + 0.05);
  const contrastWithDark = (luminance + 0.05) / (dark + 0.05);
  return contrastWithWhite >= contrastWithDark ? LIGHT_TEXT : DARK_TEXT;
}

const SLUG_MAX = 40;

/**
 * 'Acme Wealth & Co.' -> 'acme-wealth-co', 'Ørsted & Müller' -> 'orsted-muller', 'Łódź Capital 株式会社' ->
 * 'lodz-capital-株式会社': Latin, Greek and Cyrillic letters transliterated (every letter kept), letters and digits of
 * other scripts kept as they are (`ascii: true` leaves them out), everything else a single '-'. At most 40
 * characters, cut between words; '' when nothing is left.
 */
export function fileSlug(text: string, options: { ascii?: boolean } = {}): string {
  const slug = transliterate(text)
    .toLowerCase()
    .replace(options.ascii ? /[^a-z0-9]+/g : /[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const chars = [...slug];
  if (chars.length <= SLUG_MAX) return slug;
  const cut = chars.slice(0, SLUG_MAX + 1).join('');
  const lastBreak = cut.lastIndexOf('-');
  return lastBreak > 0 ? cut.slice(0, lastBreak) : chars.slice(0, SLUG_MAX).join('');
}

export interface ReportFileName {
  /** Letters of every script kept: for `filename*` (RFC 6266 / RFC 5987, UTF-8). */
  readonly unicode: string;
  /** ASCII only: for `filename`, which every client reads. Equal to `unicode` for a Latin, Greek or Cyrillic name. */
  readonly ascii: string;
}

/**
 * The download's name: who prepared it, what it is and its UTC date ('acme-wealth-portfolio-report-2026-11-24.pdf');
 * a name with nothing to spell in ASCII ('株式会社') gives 'portfolio-report-2026-11-24.pdf' as the ASCII name.
 */
export function reportFileName(preparedBy: string, generatedAt: Date): ReportFileName {
  const rest = `portfolio-report-${utcDateOf(generatedAt)}.pdf`;
  const named = (slug: string) => (slug ? `${slug}-${rest}` : rest);
  return { unicode: named(fileSlug(preparedBy)), ascii: named(fileSlug(preparedBy, { ascii: true })) };
}

/**
 * The Content-Disposition of a download: `filename` in ASCII, and `filename*=UTF-8''...` (percent-encoded, RFC
 * 5987) beside it when the name has letters ASCII cannot spell.
 */
export function attachmentDisposition(name: ReportFileName): string {
  const plain = `attachment; filename="${name.ascii}"`;
  if (name.unicode === name.ascii) return plain;
  const encoded = encodeURIComponent(name.unicode).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${plain}; filename*=UTF-8''${encoded}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '24 November 2026, 08:05 UTC': unambiguous in every country, and the same on every server. */
export function formatReportDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}

export interface PriceRange {
  readonly first: number;
  readonly last: number;
  readonly low: number;
  readonly high: number;
  /** last / first - 1 (0.1 = +10 %); null when the first close is not positive. */
  readonly change: number | null;
}

/** The range of a series of closes (oldest first); null when empty. */
export function priceRange(closes: readonly number[]): PriceRange | null {
  const first = closes[0];
  const last = closes[closes.length - 1];
  if (first === undefined || last === undefined) return null;
  return {
    first,
    last,
    low: Math.min(...closes),
    high: Math.max(...closes),
    change: first > 0 ? last / first - 1 : null,
  };
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text for the content of an XML element (the PDF's XMP metadata): the five special characters as entities, and
 * the characters XML 1.0 does not allow at all (C0 controls but tab, line feed and carriage return; lone
 * surrogates; U+FFFE and U+FFFF) dropped.
 */
export function toXmlText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const isAllowed =
      code === 0x09 ||
      code === 0x0a ||
      code === 0x0d ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000;
    if (isAllowed) out += XML_ESCAPES[char] ?? char;
  }
  return out;
}
