/**
 * The portfolio report's own look, on the shared PDF layer (src/server/lib/pdf): what it is drawn from, its
 * theme (the firm's colour or Foliowise's), section headings with a bar in that colour, body text, lists and
 * the shaded panels of label/value pairs.
 */
import type { AnalyzeResponse, Valuation, ValuationHolding } from '../../../contracts/analysis';
import type { PerformanceResponse } from '../../../contracts/performance';
import { formatNumber } from '../../../domain/analytics/format';
import { artifact, group, tag } from '../../lib/pdf/structure';
import {
  PDF_COLOR,
  contentWidth,
  ensureSpace,
  list,
  paragraph as textBlock,
  type TextStyle,
} from '../../lib/pdf/blocks';
import { fit, useFont, write } from '../../lib/pdf/text';

type Doc = PDFKit.PDFDocument;

/** The firm's branding, each part optional: Foliowise's own name and colour stand in for what is not set. */
export interface ReportBranding {
  firmName: string | null;
  color: string | null;
  logo: { bytes: Buffer; width: number; height: number } | null;
}

/**
 * The returns of the reported portfolio's history: GET /api/performance's answers over the report's periods (in
 * their order, Max last as `max`), or the sentence the report gives instead (decision 042).
 */
export type ReportPerformance =
  { periods: readonly PerformanceResponse[]; max: PerformanceResponse } | { message: string };

export interface PortfolioReportData {
  /** 'Portfolio report', or a client's name once client portfolios are wired. */
  title: string;
  branding: ReportBranding;
  generatedAt: Date;
  valuation: Valuation;
  analysis: AnalyzeResponse;
  /**
   * One year of daily closes per holding (oldest first), for the holding details' chart: in the listing's own
   * currency (`GBX` pence for London), as the chart shows them (decision 034, "Amounts in the report").
   */
  localCloses: ReadonlyMap<string, { currency: string; closes: readonly number[] }>;
  performance: ReportPerformance;
}

export interface Theme {
  brand: string;
  onBrand: string;
  preparedBy: string;
}

export const COLOR = { ...PDF_COLOR, gain: '#15803d', loss: '#b91c1c' } as const;

const BODY: TextStyle = { size: 10, color: COLOR.text, lineGap: 2, after: 0.5 };

export function sectionHeading(doc: Doc, theme: Theme, title: string, options: { newPage?: boolean } = {}) {
  if (options.newPage) doc.addPage();
  else {
    doc.moveDown(0.8);
    ensureSpace(doc, 90);
  }
  doc.outline.addItem(title);
  const top = doc.y;
  const left = doc.page.margins.left;
  artifact(doc, () =>
    doc
      .save()
      .rect(left, top + 2, 4, 16)
      .fill(theme.brand)
      .restore(),
  );
  tag(doc, 'H2', () => {
    useFont(doc, 'bold').fontSize(15).fillColor(COLOR.text);
    write(doc, title, left + 12, top, { width: contentWidth(doc) - 12 });
  });
  doc.x = left;
  doc.moveDown(0.6);
}

export function subheading(doc: Doc, title: string) {
  ensureSpace(doc, 50);
  tag(doc, 'H3', () => {
    useFont(doc, 'bold').fontSize(11).fillColor(COLOR.text);
    write(doc, title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  });
  doc.moveDown(0.3);
}

/** Body text, or smaller and muted for notes. */
export function paragraph(doc: Doc, value: string, options: { size?: number; color?: string } = {}) {
  textBlock(doc, value, { ...BODY, ...options });
}

export function bullets(doc: Doc, theme: Theme, items: readonly string[], numbered = false) {
  list(doc, items, { ...BODY, markerColor: theme.brand, numbered });
}

/** Label/value pairs in two columns of a shaded panel; each pair is read as its label, then its value. */
export function factGrid(doc: Doc, facts: readonly (readonly [string, string])[]) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const columnWidth = width / 2;
  const rowHeight = 30;
  const rows = Math.ceil(facts.length / 2);
  ensureSpace(doc, rows * rowHeight + 12);
  const top = doc.y;
  artifact(doc, () =>
    doc
      .save()
      .roundedRect(left, top, width, rows * rowHeight + 12, 4)
      .fill(COLOR.panel)
      .restore(),
  );
  facts.forEach(([label, value], index) => {
    const x = left + 12 + (index % 2) * columnWidth;
    const y = top + 8 + Math.floor(index / 2) * rowHeight;
    group(doc, 'Div', () => {
      tag(doc, 'P', () => {
        useFont(doc, 'regular').fontSize(8).fillColor(COLOR.muted);
        write(doc, fit(doc, label, columnWidth - 24), x, y, { width: columnWidth - 24, lineBreak: false });
      });
      tag(doc, 'P', () => {
        useFont(doc, 'bold').fontSize(10.5).fillColor(COLOR.text);
        write(doc, fit(doc, value, columnWidth - 24), x, y + 11, {
          width: columnWidth - 24,
          lineBreak: false,
        });
      });
    });
  });
  doc.x = left;
  doc.y = top + rows * rowHeight + 12;
  doc.moveDown(0.8);
}

/** Largest value first, then by symbol; the unpriced (worth 0) last. */
export function holdingsInReportOrder(valuation: Valuation): [string, ValuationHolding][] {
  return Object.entries(valuation.holdings).sort(
    ([a, x], [b, y]) => y.currentValue - x.currentValue || (a < b ? -1 : a > b ? 1 : 0),
  );
}

export function formatQuantity(quantity: number): string {
  return Number.isInteger(quantity) ? quantity.toLocaleString('en-US') : formatNumber(quantity, 4);
}

export function riskLevelLabel(level: 'low' | 'medium' | 'high'): string {
  return `${level.charAt(0).toUpperCase()}${level.slice(1)}`;
}
