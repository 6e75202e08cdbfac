/**
 * The four guides of /resources (spec 001 "Static and marketing pages": four downloadable guides). The page
 * shows them and the server renders each as a PDF (GET /api/resources/guides/{slug}.pdf) from this same text.
 */
import { buildingADiversifiedPortfolio } from './building-a-diversified-portfolio';
import { feesTaxesAndYourRealReturn } from './fees-taxes-and-your-real-return';
import { gettingStartedWithPaperTrading } from './getting-started-with-paper-trading';
import type { Guide, GuideBlock } from './types';
import { understandingRiskAndVolatility } from './understanding-risk-and-volatility';

export * from './types';

export const GUIDES: readonly Guide[] = [
  buildingADiversifiedPortfolio,
  understandingRiskAndVolatility,
  feesTaxesAndYourRealReturn,
  gettingStartedWithPaperTrading,
];

export function findGuide(slug: string): Guide | undefined {
  return GUIDES.find((guide) => guide.slug === slug);
}

/** The PDF's file name: `foliowise-building-a-diversified-portfolio.pdf`. */
export function guideFileName(guide: Pick<Guide, 'slug'>): string {
  return `foliowise-${guide.slug}.pdf`;
}

/** Where the PDF downloads from. */
export function guidePdfPath(guide: Pick<Guide, 'slug'>): string {
  return `/api/resources/guides/${guide.slug}.pdf`;
}

function blockText(block: GuideBlock): string[] {
  switch (block.kind) {
    case 'paragraph':
      return [block.text];
    case 'bullets':
    case 'steps':
      return [...block.items];
    case 'example':
      return [block.title, ...block.lines];
  }
}

/** Every string of a guide, in reading order (title, summary, headings, blocks, takeaways). */
export function guideTexts(guide: Guide): string[] {
  return [
    guide.title,
    guide.summary,
    ...guide.sections.flatMap((section) => [section.heading, ...section.blocks.flatMap(blockText)]),
    ...guide.keyTakeaways,
  ];
}

export const READING_WORDS_PER_MINUTE = 200;

/** Minutes to read at 200 words a minute, rounded up: computed from the text, never typed in. */
export function readingMinutes(guide: Guide): number {
  const words = guideTexts(guide).join(' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}
