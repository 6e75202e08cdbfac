import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  commonScale,
  fileSlug,
  formatReportDate,
  hexToRgb,
  linePoints,
  packIntoPages,
  pieSlices,
  priceRange,
  readableTextColor,
  reportFileName,
  toXmlText,
  wedgePath,
} from './report-layout';

describe('packIntoPages', () => {
  it('fills the first page with its own space, then the others', () => {
    expect(packIntoPages([10, 10, 10, 10, 10], 25, 30)).toEqual([
      [0, 1],
      [2, 3, 4],
    ]);
  });

  it('puts 100 table rows of 16 pt on pages of 650 pt after a first page with 400 pt left', () => {
    const pages = packIntoPages(Array<number>(100).fill(16), 400, 650);
    expect(pages.map((p) => p.length)).toEqual([25, 40, 35]);
    expect(pages.flat()).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('gives 100 holding blocks of 150 pt four to a 666 pt page: 25 pages', () => {
    const pages = packIntoPages(Array<number>(100).fill(150), 620, 666);
    expect(pages).toHaveLength(25);
    expect(pages.every((p) => p.length === 4)).toBe(true);
  });

  it('starts on a new page when nothing fits on the first, and gives an oversized block a page of its own', () => {
    expect(packIntoPages([50, 50], 20, 100)).toEqual([[], [0, 1]]);
    expect(packIntoPages([30, 200, 30], 100, 100)).toEqual([[0], [1], [2]]);
    expect(packIntoPages([], 100, 100)).toEqual([[]]);
  });
});

describe('pie charts', () => {
  it('turns weights into clockwise wedges, skipping zero weights', () => {
    const slices = pieSlices([0.5, 0, 0.25, 0.25]);
    expect(slices.map((s) => s.index)).toEqual([0, 2, 3]);
    expect(slices.map((s) => [s.start, s.end])).toEqual([
      [0, Math.PI],
      [Math.PI, 1.5 * Math.PI],
      [1.5 * Math.PI, 2 * Math.PI],
    ]);
    expect(pieSlices([0, 0])).toEqual([]);
  });

  it('draws a quarter wedge from twelve to three o’clock, a large arc past half, and a full circle as two arcs', () => {
    expect(wedgePath(100, 100, 50, { start: 0, end: Math.PI / 2 })).toBe(
      'M 100 100 L 100 50 A 50 50 0 0 1 150 100 Z',
    );
    expect(wedgePath(100, 100, 50, { start: 0, end: 1.5 * Math.PI })).toBe(
      'M 100 100 L 100 50 A 50 50 0 1 1 50 100 Z',
    );
    expect(wedgePath(100, 100, 50, { start: 0, end: 2 * Math.PI })).toBe(
      'M 100 50 A 50 50 0 1 1 100 150 A 50 50 0 1 1 100 50 Z',
    );
  });
});

describe('linePoints', () => {
  it('spreads values across the box, highest at the top', () => {
    expect(linePoints([10, 20, 15], { x: 0, y: 0, width: 100, height: 50 })).toEqual([
      [0, 50],
      [50, 0],
      [100, 25],
    ]);
    expect(linePoints([5, 5], { x: 10, y: 10, width: 20, height: 10 })).toEqual([
      [10, 15],
      [30, 15],
    ]);
    expect(linePoints([], { x: 0, y: 0, width: 1, height: 1 })).toEqual([]);
  });

  it('draws lines of one box on their common scale', () => {
    const scale = commonScale([
      [10, 20, 15],
      [0, 40],
    ]);
    expect(scale).toEqual({ low: 0, high: 40 });
    expect(linePoints([10, 20, 15], { x: 0, y: 0, width: 100, height: 40 }, scale)).toEqual([
      [0, 30],
      [50, 20],
      [100, 25],
    ]);
    expect(linePoints([0, 40], { x: 0, y: 0, width: 100, height: 40 }, scale)).toEqual([
      [0, 40],
      [100, 0],
    ]);
  });
});

describe('colours', () => {
  it('reads #rrggbb and picks the more readable text colour on it', () => {
    expect(hexToRgb('#1e4d8c')).toEqual([30, 77, 140]);
    expect(hexToRgb('teal')).toBeNull();
    expect(readableTextColor('#1e4d8c')).toBe('#ffffff');
    expect(readableTextColor('#0f766e')).toBe('#ffffff');
    expect(readableTextColor('#fde047')).toBe('#0f172a');
    expect(readableTextColor('#ffffff')).toBe('#0f172a');
  });
});

describe('names and dates', () => {
  it('slugs a firm name for the file name', () => {
    expect(fileSlug('Larchmont & Finch Wealth Partners')).toBe('larchmont-finch-wealth-partners');
    expect(fileSlug('Société Générale Privée')).toBe('societe-generale-privee');
    expect(fileSlug('A'.repeat(39) + ' B')).toBe('a'.repeat(39));
    expect(fileSlug('Larchmont & Finch Wealth Partners International Advisory Group')).toBe(
      'larchmont-finch-wealth-partners',
    );
    expect(fileSlug('B'.repeat(50))).toBe('b'.repeat(40));
    expect(fileSlug('株'.repeat(50))).toBe('株'.repeat(40));
    expect(fileSlug('&&')).toBe('');
    expect(reportFileName('Foliowise', new Date('2026-11-24T23:59:00Z'))).toEqual({
      unicode: 'foliowise-portfolio-report-2026-11-24.pdf',
      ascii: 'foliowise-portfolio-report-2026-11-24.pdf',
    });
  });

  it('keeps every letter of a name in the file name (issue 25 item 20)', () => {
    expect(fileSlug('Ørsted & Müller')).toBe('orsted-muller');
    expect(fileSlug('Łódź Capital')).toBe('lodz-capital');
    expect(fileSlug('Dvořák Ørsted Müller Ελληνικά Кириллица')).toBe(
      'dvorak-orsted-muller-ellinika-kirillitsa',
    );
    expect(fileSlug('Straße Æsir Þór Œuvre')).toBe('strasse-aesir-thor-oeuvre');
    expect(fileSlug('Łódź Capital 株式会社')).toBe('lodz-capital-株式会社');
    expect(fileSlug('Łódź Capital 株式会社', { ascii: true })).toBe('lodz-capital');
    expect(fileSlug('한국 투자', { ascii: true })).toBe('');
    const at = new Date('2026-11-24T09:15:00Z');
    expect(reportFileName('Ørsted & Müller', at)).toEqual({
      unicode: 'orsted-muller-portfolio-report-2026-11-24.pdf',
      ascii: 'orsted-muller-portfolio-report-2026-11-24.pdf',
    });
    expect(reportFileName('株式会社', at)).toEqual({
      unicode: '株式会社-portfolio-report-2026-11-24.pdf',
      ascii: 'portfolio-report-2026-11-24.pdf',
    });
  });

  it('names a download in ASCII, with the UTF-8 name beside it when they differ (RFC 5987)', () => {
    const at = new Date('2026-11-24T09:15:00Z');
    expect(attachmentDisposition(reportFileName('Ørsted & Müller', at))).toBe(
      'attachment; filename="orsted-muller-portfolio-report-2026-11-24.pdf"',
    );
    expect(attachmentDisposition(reportFileName("Łódź Capital 株式会社 (O'Neil)", at))).toBe(
      'attachment; filename="lodz-capital-o-neil-portfolio-report-2026-11-24.pdf"; ' +
        "filename*=UTF-8''lodz-capital-%E6%A0%AA%E5%BC%8F%E4%BC%9A%E7%A4%BE-o-neil-portfolio-report-2026-11-24.pdf",
    );
  });

  it('dates the report in UTC, the same on every server', () => {
    expect(formatReportDate(new Date('2026-11-24T09:05:00Z'))).toBe('24 November 2026, 09:05 UTC');
    expect(formatReportDate(new Date('2027-01-01T00:00:59Z'))).toBe('1 January 2027, 00:00 UTC');
  });
});

describe('priceRange', () => {
  it('gives first, last, low, high and the change over the series', () => {
    expect(priceRange([100, 120, 90, 110])).toEqual({
      first: 100,
      last: 110,
      low: 90,
      high: 120,
      change: 0.10000000000000009,
    });
    expect(priceRange([])).toBeNull();
    expect(priceRange([0, 5])?.change).toBeNull();
  });
});

describe('toXmlText', () => {
  it('writes the five special characters as entities and drops what XML 1.0 does not allow', () => {
    expect(toXmlText(`Smith & <Sons> "quoted" 'single'`)).toBe(
      'Smith &amp; &lt;Sons&gt; &quot;quoted&quot; &apos;single&apos;',
    );
    expect(toXmlText('a\u0000b\u0007c\td\ne\uD800f\uFFFEg')).toBe('abc\td\nefg');
    expect(toXmlText('Café — 𝄞 €')).toBe('Café — 𝄞 €');
  });
});
