/**
 * The white-label portfolio report as a PDF (decision 033), drawn with pdfkit like the guides: embedded Noto
 * fonts that draw names in any of the Latin, Greek, Cyrillic, Han, kana and Hangul scripts (`report-text.ts`),
 * US Letter, uncompressed streams (so tests read the text without an inflater), bookmarks per section, a tagged
 * structure for screen readers (headings, paragraphs, lists, tables, figures with their alternative text; the
 * shapes and footers marked as artifacts), and every chart drawn as vector shapes. It only draws: the figures arrive computed (the valuation and
 * the analysis the app's own endpoints answer), so the report's numbers are the screen's.
 *
 * Order: cover (the firm's name, logo and colour, or Foliowise's), analysis, holdings, allocation, risk figures,
 * health check and diversification gaps, one detail block per holding, disclosures; a dated footer with page
 * numbers and the educational disclaimer on every page.
 */
import PDFDocument from 'pdfkit';
import type { AnalyzeResponse, Valuation, ValuationHolding } from '../../../contracts/analysis';
import { FOLIOWISE_REPORT_COLOR } from '../../../contracts/reports';
import {
  assetClassLabel,
  formatLocalPrice,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPercentUnits,
  fxRatesNote,
  symbolAsWritten,
} from '../../../domain/analytics/format';
import {
  formatReportDate,
  linePoints,
  packIntoPages,
  pieSlices,
  priceRange,
  readableTextColor,
  toXmlText,
  wedgePath,
} from '../../../domain/reports/report-layout';
import { fit, heightOf, setUpReportText, useFont, write } from './report-text';

/** The firm's branding, each part optional: Foliowise's own name and colour stand in for what is not set. */
export interface ReportBranding {
  firmName: string | null;
  color: string | null;
  logo: { bytes: Buffer; width: number; height: number } | null;
}

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
}

/** Printed on every page's footer and in the disclosures: the app's own footer wording. */
export const REPORT_DISCLAIMER =
  'Educational tool • Not financial advice. Investing involves risk, including the loss of principal.';

export const REPORT_DISCLOSURES = [
  'This report is produced for education and discussion. It is not investment, tax or legal advice, not an offer or solicitation to buy or sell any security, and it does not consider anyone’s personal circumstances, objectives or needs.',
  'Values use the latest prices available when the report was generated. Risk figures (volatility, beta, drawdown, Sharpe and Sortino ratios, value at risk) are computed from up to one year of daily closes of today’s holdings (buy and hold); they describe the past and do not predict future results.',
  'Classifications by asset class, sector and region come from a reference list of securities and may differ from a fund’s own reporting. Holdings without a price are shown at a value of zero.',
  'Past performance is not a reliable indicator of future results. The value of investments can fall as well as rise, and you may get back less than you invest.',
] as const;

const PAGE = { width: 612, height: 792, margin: 54, bottom: 78 } as const;
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const CONTENT_BOTTOM = PAGE.height - PAGE.bottom;
const COLOR = {
  text: '#0f172a',
  muted: '#475569',
  rule: '#e2e8f0',
  panel: '#f4f7fb',
  gain: '#15803d',
  loss: '#b91c1c',
} as const;
/** Chart colours after the firm's own (which takes the first slice and the bars). */
const PALETTE = ['#f59e0b', '#10b981', '#8b5cf6', '#ef4444', '#06b6d4', '#84cc16', '#ec4899', '#64748b'];
const TABLE_ROW_HEIGHT = 16;
/** A holding's detail block: four to a page. */
export const DETAIL_BLOCK_HEIGHT = 150;

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

interface Theme {
  brand: string;
  onBrand: string;
  preparedBy: string;
}

/** The structure element that what is drawn now belongs to, innermost last (one stack per document). */
const structureStacks = new WeakMap<Doc, Struct[]>();

function currentParent(doc: Doc): Struct {
  const parent = structureStacks.get(doc)?.at(-1);
  if (!parent) throw new Error('The report has no structure root');
  return parent;
}

/** Content drawn by `draw`, tagged as a structure element of `type` (a paragraph, a heading, a cell...). */
function tag(doc: Doc, type: string, draw: () => void, options: PDFKit.Mixins.StructureElementOptions = {}) {
  currentParent(doc).add(doc.struct(type, options, draw));
}

/** A structure element (a list, a table, a row) holding what `fill` tags. */
function group(
  doc: Doc,
  type: string,
  fill: () => void,
  options: PDFKit.Mixins.StructureElementOptions = {},
) {
  const element = doc.struct(type, options);
  currentParent(doc).add(element);
  const stack = structureStacks.get(doc) ?? [];
  stack.push(element);
  try {
    fill();
  } finally {
    stack.pop();
    element.end();
  }
}

/** Shapes that carry no text of their own (backgrounds, rules, bars): skipped by screen readers. */
function artifact(doc: Doc, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}

function ensureSpace(doc: Doc, needed: number) {
  if (doc.y + needed > CONTENT_BOTTOM) doc.addPage();
}

function sectionHeading(doc: Doc, theme: Theme, title: string, options: { newPage?: boolean } = {}) {
  if (options.newPage) doc.addPage();
  else {
    doc.moveDown(0.8);
    ensureSpace(doc, 90);
  }
  doc.outline.addItem(title);
  const top = doc.y;
  artifact(doc, () =>
    doc
      .save()
      .rect(PAGE.margin, top + 2, 4, 16)
      .fill(theme.brand)
      .restore(),
  );
  tag(doc, 'H2', () => {
    useFont(doc, 'bold').fontSize(15).fillColor(COLOR.text);
    write(doc, title, PAGE.margin + 12, top, { width: CONTENT_WIDTH - 12 });
  });
  doc.x = PAGE.margin;
  doc.moveDown(0.6);
}

function subheading(doc: Doc, title: string) {
  ensureSpace(doc, 50);
  tag(doc, 'H3', () => {
    useFont(doc, 'bold').fontSize(11).fillColor(COLOR.text);
    write(doc, title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  });
  doc.moveDown(0.3);
}

function paragraph(doc: Doc, value: string, options: { size?: number; color?: string } = {}) {
  tag(doc, 'P', () => {
    useFont(doc, 'regular')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? COLOR.text);
    write(doc, value, PAGE.margin, doc.y, { width: CONTENT_WIDTH, lineGap: 2 });
  });
  doc.moveDown(0.5);
}

function bullets(doc: Doc, theme: Theme, items: readonly string[], numbered = false) {
  group(doc, 'L', () => {
    items.forEach((item, index) => {
      useFont(doc, 'regular').fontSize(10);
      const height = heightOf(doc, item, { width: CONTENT_WIDTH - 18, lineGap: 2 });
      ensureSpace(doc, Math.min(height, 60));
      const top = doc.y;
      group(doc, 'LI', () => {
        tag(doc, 'Lbl', () => {
          useFont(doc, 'bold').fillColor(theme.brand);
          write(doc, numbered ? `${index + 1}.` : '•', PAGE.margin, top, { width: 16, lineBreak: false });
        });
        tag(doc, 'LBody', () => {
          useFont(doc, 'regular').fillColor(COLOR.text);
          write(doc, item, PAGE.margin + 18, top, { width: CONTENT_WIDTH - 18, lineGap: 2 });
        });
      });
      doc.moveDown(0.3);
    });
  });
  doc.x = PAGE.margin;
  doc.moveDown(0.3);
}

/** Label/value pairs in two columns of a shaded panel; each pair is read as its label, then its value. */
function factGrid(doc: Doc, facts: readonly (readonly [string, string])[]) {
  const columnWidth = CONTENT_WIDTH / 2;
  const rowHeight = 30;
  const rows = Math.ceil(facts.length / 2);
  ensureSpace(doc, rows * rowHeight + 12);
  const top = doc.y;
  artifact(doc, () =>
    doc
      .save()
      .roundedRect(PAGE.margin, top, CONTENT_WIDTH, rows * rowHeight + 12, 4)
      .fill(COLOR.panel)
      .restore(),
  );
  facts.forEach(([label, value], index) => {
    const x = PAGE.margin + 12 + (index % 2) * columnWidth;
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
  doc.x = PAGE.margin;
  doc.y = top + rows * rowHeight + 12;
  doc.moveDown(0.8);
}

// ------------------------------------------------------------------------------------------------ cover

function drawLogo(
  doc: Doc,
  logo: NonNullable<ReportBranding['logo']>,
  x: number,
  y: number,
  box: number,
  alt: string,
) {
  const scale = Math.min(box / logo.width, box / logo.height);
  const width = logo.width * scale;
  const height = logo.height * scale;
  artifact(doc, () =>
    doc
      .save()
      .roundedRect(x - 8, y - 8, box + 16, box + 16, 6)
      .fill('#ffffff')
      .restore(),
  );
  tag(
    doc,
    'Figure',
    () => doc.image(logo.bytes, x + (box - width) / 2, y + (box - height) / 2, { width, height }),
    {
      alt,
    },
  );
}

function cover(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const { analysis, valuation, branding } = data;
  const bandHeight = 190;
  artifact(doc, () => doc.save().rect(0, 0, PAGE.width, bandHeight).fill(theme.brand).restore());
  let nameLeft = PAGE.margin;
  if (branding.logo) {
    const box = 72;
    drawLogo(doc, branding.logo, PAGE.margin + 8, 60, box, `Logo of ${theme.preparedBy}`);
    nameLeft = PAGE.margin + box + 36;
  }
  // A long firm name gets a smaller size rather than losing its last words.
  const nameWidth = PAGE.width - nameLeft - PAGE.margin;
  const nameSize =
    [24, 20, 17, 14].find(
      (size) => heightOf(useFont(doc, 'bold').fontSize(size), theme.preparedBy, { width: nameWidth }) <= 90,
    ) ?? 12;
  const nameHeight = heightOf(useFont(doc, 'bold').fontSize(nameSize), theme.preparedBy, {
    width: nameWidth,
  });
  tag(doc, 'P', () => {
    doc.fillColor(theme.onBrand);
    write(doc, theme.preparedBy, nameLeft, Math.max(30, 96 - nameHeight / 2), {
      width: nameWidth,
      height: 120,
    });
  });

  doc.y = bandHeight + 36;
  doc.outline.addItem('Cover');
  tag(doc, 'H1', () => {
    useFont(doc, 'bold').fontSize(26).fillColor(COLOR.text);
    write(doc, data.title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  });
  doc.moveDown(0.3);
  useFont(doc, 'regular').fontSize(11).fillColor(COLOR.muted);
  tag(doc, 'P', () =>
    write(doc, `Prepared by ${theme.preparedBy}`, PAGE.margin, doc.y, { width: CONTENT_WIDTH }),
  );
  tag(doc, 'P', () =>
    write(doc, `Generated ${formatReportDate(data.generatedAt)}`, PAGE.margin, doc.y, {
      width: CONTENT_WIDTH,
    }),
  );
  doc.moveDown(1.2);

  const summary = analysis.portfolioSummary;
  const health = analysis.analysis.metrics.healthCheck;
  factGrid(doc, [
    ['Total value', formatMoney(summary.totalValue)],
    [
      'Change today',
      `${formatMoney(summary.totalChange)} (${formatPercentUnits(summary.totalChangePercent)})`,
    ],
    ['Holdings', String(summary.holdingCount)],
    ['Risk level', riskLevelLabel(analysis.analysis.riskLevel)],
    ['Health check', `${health.passed} of ${health.total} passed (${health.scorePercent}%)`],
    ['Diversification', health.diversificationRating],
  ]);

  const notes = [
    valuation.isSimulated
      ? 'Some prices in this report are simulated (no market-data provider answered): they illustrate the method, not today’s market.'
      : `Prices from ${summary.sources.join(', ') || 'no provider'}.`,
    WORDS_NOTE[analysis.wordsSource],
  ];
  const rates = fxRatesNote(Object.values(valuation.holdings).flatMap((h) => (h.local ? [h.local.fx] : [])));
  if (rates) notes.push(`${rates}.`);
  if (summary.unpricedSymbols.length > 0) {
    notes.push(
      `No price was found for ${summary.unpricedSymbols.map(symbolAsWritten).join(', ')}: left out of every figure.`,
    );
  }
  for (const note of notes) paragraph(doc, note, { size: 9.5, color: COLOR.muted });
}

const WORDS_NOTE: Readonly<Record<AnalyzeResponse['wordsSource'], string>> = {
  model:
    'The analysis text was written by an AI language model from the figures computed for these holdings; every figure comes from standard formulas, not from the model.',
  rules: 'The analysis text was written by rules from the figures computed for these holdings.',
  demo: 'A sample analysis written from fixed rules, not by the AI. The figures are computed from these holdings.',
};

const ANALYSIS_HEADINGS: Readonly<Record<AnalyzeResponse['wordsSource'], string>> = {
  model: 'AI Analysis Results',
  rules: 'Analysis Results',
  demo: 'Demo Analysis Results',
};

function riskLevelLabel(level: 'low' | 'medium' | 'high'): string {
  return `${level.charAt(0).toUpperCase()}${level.slice(1)}`;
}

// --------------------------------------------------------------------------------------------- analysis

function analysisSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const { analysis, wordsSource } = data.analysis;
  sectionHeading(doc, theme, ANALYSIS_HEADINGS[wordsSource], { newPage: true });
  subheading(doc, 'Overview');
  for (const part of analysis.overviewText.split(/\n\s*\n/)) paragraph(doc, part.trim());
  if (analysis.insights.length > 0) {
    subheading(doc, wordsSource === 'rules' ? 'Portfolio Insights' : 'AI Portfolio Insights');
    bullets(doc, theme, analysis.insights);
  }
  subheading(doc, `Risk level: ${riskLevelLabel(analysis.riskLevel)}`);
  bullets(doc, theme, analysis.metrics.riskReasons);
  subheading(doc, 'Recommendations');
  if (analysis.recommendations.length === 0) paragraph(doc, 'No recommendations for this portfolio.');
  else
    bullets(
      doc,
      theme,
      analysis.recommendations.map((r) => `${r.title}: ${r.description}`),
      true,
    );
}

// --------------------------------------------------------------------------------------------- holdings

const HOLDING_COLUMNS = [
  { title: 'Symbol', width: 56, align: 'left' },
  { title: 'Name', width: 138, align: 'left' },
  { title: 'Class', width: 44, align: 'left' },
  { title: 'Quantity', width: 58, align: 'right' },
  { title: 'Price', width: 62, align: 'right' },
  { title: 'Value', width: 74, align: 'right' },
  { title: 'Weight', width: 38, align: 'right' },
  { title: 'Today', width: 34, align: 'right' },
] as const;

/** Largest value first, then by symbol; the unpriced (worth 0) last. */
export function holdingsInReportOrder(valuation: Valuation): [string, ValuationHolding][] {
  return Object.entries(valuation.holdings).sort(
    ([a, x], [b, y]) => y.currentValue - x.currentValue || (a < b ? -1 : a > b ? 1 : 0),
  );
}

function formatQuantity(quantity: number): string {
  return Number.isInteger(quantity) ? quantity.toLocaleString('en-US') : formatNumber(quantity, 4);
}

function holdingCells(symbol: string, holding: ValuationHolding): string[] {
  return [
    symbolAsWritten(symbol),
    holding.name,
    holding.assetClass,
    formatQuantity(holding.quantity),
    holding.price === null ? '—' : formatMoney(holding.price),
    formatMoney(holding.currentValue),
    formatPercent(holding.weight),
    holding.changePercent === null ? '—' : formatPercentUnits(holding.changePercent),
  ];
}

function tableRow(
  doc: Doc,
  cells: readonly string[],
  y: number,
  options: { header?: boolean; shade?: boolean; untagged?: boolean },
) {
  if (options.shade)
    artifact(doc, () =>
      doc.save().rect(PAGE.margin, y, CONTENT_WIDTH, TABLE_ROW_HEIGHT).fill(COLOR.panel).restore(),
    );
  let x = PAGE.margin + 4;
  useFont(doc, options.header ? 'bold' : 'regular')
    .fontSize(8)
    .fillColor(options.header ? COLOR.muted : COLOR.text);
  HOLDING_COLUMNS.forEach((column, i) => {
    const width = column.width - 6;
    const left = x;
    const draw = () =>
      write(doc, fit(doc, cells[i] ?? '', width), left, y + 4.5, {
        width,
        align: column.align,
        lineBreak: false,
      });
    // Inside an artifact (a repeated header) the cells are not tagged: marked content does not nest here.
    if (options.untagged) draw();
    else tag(doc, options.header ? 'TH' : 'TD', draw);
    x += column.width;
  });
}

function holdingsSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  sectionHeading(doc, theme, 'Holdings', { newPage: true });
  const rows = holdingsInReportOrder(data.valuation);
  const header = HOLDING_COLUMNS.map((c) => c.title);
  const pageSpace = CONTENT_BOTTOM - PAGE.margin - TABLE_ROW_HEIGHT;
  const pages = packIntoPages(
    rows.map(() => TABLE_ROW_HEIGHT),
    CONTENT_BOTTOM - doc.y - TABLE_ROW_HEIGHT - 24,
    pageSpace,
  );
  let headerTagged = false;
  group(doc, 'Table', () => {
    pages.forEach((indexes, pageIndex) => {
      if (pageIndex > 0) doc.addPage();
      if (indexes.length === 0) return;
      let y = doc.y;
      const headerTop = y;
      // The header row is read once; its repeats on later pages are page furniture.
      if (headerTagged)
        artifact(doc, () => tableRow(doc, header, headerTop, { header: true, untagged: true }), 'Pagination');
      else group(doc, 'TR', () => tableRow(doc, header, headerTop, { header: true }));
      headerTagged = true;
      y += TABLE_ROW_HEIGHT;
      artifact(doc, () =>
        doc
          .save()
          .moveTo(PAGE.margin, y)
          .lineTo(PAGE.margin + CONTENT_WIDTH, y)
          .lineWidth(0.8)
          .strokeColor(theme.brand)
          .stroke()
          .restore(),
      );
      for (const index of indexes) {
        const [symbol, holding] = rows[index] as [string, ValuationHolding];
        const rowTop = y;
        group(doc, 'TR', () =>
          tableRow(doc, holdingCells(symbol, holding), rowTop, { shade: index % 2 === 1 }),
        );
        y += TABLE_ROW_HEIGHT;
      }
      doc.y = y + 4;
    });
  });
  doc.x = PAGE.margin;
  tag(doc, 'P', () => {
    useFont(doc, 'bold').fontSize(9).fillColor(COLOR.text);
    write(
      doc,
      `Total ${formatMoney(data.valuation.totalCurrentValue)} • ${rows.length} holdings • Today ${formatMoney(data.valuation.totalChange)} (${formatPercentUnits(data.valuation.totalChangePercent)})`,
      PAGE.margin,
      doc.y + 4,
      { width: CONTENT_WIDTH },
    );
  });
  doc.moveDown(1);
}

// ------------------------------------------------------------------------------------------- allocation

interface Bucket {
  name: string;
  value: number;
  weight: number;
}

function chartColor(theme: Theme, index: number): string {
  return index === 0 ? theme.brand : (PALETTE[(index - 1) % PALETTE.length] as string);
}

/** 'Stocks 62.5% ($12,500.00), Bonds 37.5% ($7,500.00)': a chart's figures, as its alternative text. */
function chartAlt(
  title: string,
  buckets: readonly Bucket[],
  label: (name: string) => string = (n) => n,
): string {
  const parts = buckets.map((b) => `${label(b.name)} ${formatPercent(b.weight)} (${formatMoney(b.value)})`);
  return `${title}: ${parts.join(', ') || 'nothing to show'}.`;
}

/** One row of a chart's legend as a table row: the name, its weight and its value. */
function legendRow(
  doc: Doc,
  cells: readonly [string, string, string],
  x: number,
  y: number,
  widths: number[],
) {
  group(doc, 'TR', () => {
    useFont(doc, 'regular').fontSize(9).fillColor(COLOR.text);
    let left = x;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 0;
      const cellLeft = left;
      tag(doc, 'TD', () =>
        write(doc, i === 0 ? fit(doc, cell, width) : cell, cellLeft, y, {
          width,
          align: i === 0 ? 'left' : 'right',
          lineBreak: false,
        }),
      );
      left += width + 4;
    });
  });
}

function pieChart(
  doc: Doc,
  theme: Theme,
  title: string,
  buckets: readonly Bucket[],
  label: (name: string) => string,
) {
  const height = Math.max(170, 40 + buckets.length * 16);
  ensureSpace(doc, height + 24);
  subheading(doc, title);
  const top = doc.y;
  const radius = 70;
  const cx = PAGE.margin + radius + 10;
  const cy = top + radius + 6;
  tag(
    doc,
    'Figure',
    () => {
      for (const slice of pieSlices(buckets.map((b) => b.weight))) {
        doc
          .save()
          .path(wedgePath(cx, cy, radius, slice))
          .fill(chartColor(theme, slice.index))
          .restore();
      }
      // A donut: the hole keeps thin slices readable.
      doc
        .save()
        .circle(cx, cy, radius * 0.5)
        .fill('#ffffff')
        .restore();
    },
    { alt: chartAlt(title, buckets, label) },
  );
  const legendX = PAGE.margin + radius * 2 + 40;
  group(doc, 'Table', () => {
    buckets.forEach((bucket, index) => {
      const y = top + 4 + index * 16;
      artifact(doc, () =>
        doc
          .save()
          .rect(legendX, y + 1, 9, 9)
          .fill(chartColor(theme, index))
          .restore(),
      );
      legendRow(
        doc,
        [label(bucket.name), formatPercent(bucket.weight), formatMoney(bucket.value)],
        legendX + 16,
        y,
        [150, 60, 90],
      );
    });
  });
  doc.x = PAGE.margin;
  doc.y = top + height;
}

function barChart(doc: Doc, theme: Theme, title: string, buckets: readonly Bucket[]) {
  const rowHeight = 17;
  ensureSpace(doc, 40 + Math.min(buckets.length, 6) * rowHeight);
  subheading(doc, title);
  const labelWidth = 150;
  const barLeft = PAGE.margin + labelWidth + 8;
  const barWidth = CONTENT_WIDTH - labelWidth - 8 - 130;
  const largest = Math.max(...buckets.map((b) => b.weight), 0);
  // The bars are shapes; the table of names, weights and values says the same in text.
  group(doc, 'Table', () => {
    for (const bucket of buckets) {
      ensureSpace(doc, rowHeight);
      const y = doc.y;
      const width = largest > 0 ? (bucket.weight / largest) * barWidth : 0;
      artifact(doc, () => {
        doc
          .save()
          .rect(barLeft, y + 2, barWidth, 10)
          .fill(COLOR.panel)
          .restore();
        if (width > 0)
          doc
            .save()
            .rect(barLeft, y + 2, width, 10)
            .fill(theme.brand)
            .restore();
      });
      group(doc, 'TR', () => {
        useFont(doc, 'regular').fontSize(9).fillColor(COLOR.text);
        tag(doc, 'TD', () =>
          write(doc, fit(doc, bucket.name, labelWidth), PAGE.margin, y + 2, {
            width: labelWidth,
            lineBreak: false,
          }),
        );
        tag(doc, 'TD', () =>
          write(doc, formatPercent(bucket.weight), barLeft + barWidth + 6, y + 2, {
            width: 50,
            align: 'right',
            lineBreak: false,
          }),
        );
        tag(doc, 'TD', () =>
          write(doc, formatMoney(bucket.value), barLeft + barWidth + 58, y + 2, {
            width: 72,
            align: 'right',
            lineBreak: false,
          }),
        );
      });
      doc.y = y + rowHeight;
    }
  });
  doc.x = PAGE.margin;
  doc.moveDown(0.8);
}

function allocationSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const { exposure } = data.analysis.analysis.metrics;
  sectionHeading(doc, theme, 'Allocation', { newPage: true });
  pieChart(doc, theme, 'By asset class', exposure.assetClass, assetClassLabel);
  barChart(doc, theme, 'By sector', exposure.sector);
  barChart(doc, theme, 'By region', exposure.region);
}

// ------------------------------------------------------------------------------------------------ risk

function orDash(value: number | null, format: (value: number) => string): string {
  return value === null ? 'Not available' : format(value);
}

function riskSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const m = data.analysis.analysis.metrics;
  const ratio = (value: number) => formatNumber(value, 2);
  sectionHeading(doc, theme, 'Risk figures', { newPage: true });
  const confidence = m.valueAtRisk ? Math.round(m.valueAtRisk.confidence * 100) : 95;
  factGrid(doc, [
    ['Volatility (1 year, annualised)', orDash(m.volatility, formatPercent)],
    [`Volatility of ${m.history.benchmarkSymbol}`, orDash(m.benchmarkVolatility, formatPercent)],
    [`Beta to ${m.history.benchmarkSymbol}`, orDash(m.beta, ratio)],
    ['Max drawdown', m.maxDrawdown ? `-${formatPercent(m.maxDrawdown.value)}` : 'Not available'],
    [`Sharpe ratio (risk-free ${formatPercent(m.riskFreeRate)})`, orDash(m.sharpe, ratio)],
    ['Sortino ratio', orDash(m.sortino, ratio)],
    [
      `Value at risk (${confidence}%, 1 day)`,
      m.valueAtRisk
        ? `${formatPercent(m.valueAtRisk.var)}${m.valueAtRisk.amount === null ? '' : ` (${formatMoney(m.valueAtRisk.amount)})`}`
        : 'Not available',
    ],
    ['Effective holdings', orDash(m.concentration.effectiveHoldings, ratio)],
    [
      'Largest holding',
      m.concentration.largest
        ? `${symbolAsWritten(m.concentration.largest.symbol)} ${formatPercent(m.concentration.largest.weight)}`
        : 'Not available',
    ],
    ['Top 5 holdings', orDash(m.concentration.top5Weight, formatPercent)],
  ]);
  if (m.maxDrawdown?.peakDate && m.maxDrawdown.troughDate) {
    paragraph(
      doc,
      `The largest fall ran from ${m.maxDrawdown.peakDate} to ${m.maxDrawdown.troughDate}${m.maxDrawdown.recovered && m.maxDrawdown.recoveryDate ? `, recovered by ${m.maxDrawdown.recoveryDate}` : ', not yet recovered'}.`,
      { size: 9.5, color: COLOR.muted },
    );
  }
  paragraph(
    doc,
    m.history.tradingDays > 0
      ? `Based on ${m.history.tradingDays} trading days of prices from ${m.history.firstDate} to ${m.history.lastDate}, covering ${formatPercent(m.history.coverageWeight)} of the portfolio's value.`
      : 'No price history was available, so the risk figures could not be computed.',
    { size: 9.5, color: COLOR.muted },
  );
  if (m.history.withoutHistory.length > 0) {
    paragraph(doc, `Without price history: ${m.history.withoutHistory.map(symbolAsWritten).join(', ')}.`, {
      size: 9.5,
      color: COLOR.muted,
    });
  }
}

function healthSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const { healthCheck } = data.analysis.analysis.metrics;
  sectionHeading(doc, theme, 'Portfolio Health Check');
  paragraph(
    doc,
    `${healthCheck.passed} of ${healthCheck.total} checks passed (${healthCheck.scorePercent}%). Diversification: ${healthCheck.diversificationRating}.`,
  );
  for (const check of healthCheck.checks) {
    useFont(doc, 'regular').fontSize(10);
    const detailHeight = heightOf(doc, check.detail, { width: CONTENT_WIDTH - 70 });
    ensureSpace(doc, detailHeight + 20);
    const top = doc.y;
    artifact(doc, () =>
      doc
        .save()
        .roundedRect(PAGE.margin, top, 52, 16, 3)
        .fill(check.passed ? COLOR.gain : COLOR.loss)
        .restore(),
    );
    group(doc, 'Div', () => {
      tag(doc, 'P', () => {
        useFont(doc, 'bold').fontSize(8).fillColor('#ffffff');
        write(doc, check.passed ? 'PASSED' : 'NOT MET', PAGE.margin, top + 4.5, {
          width: 52,
          align: 'center',
          lineBreak: false,
        });
      });
      tag(doc, 'P', () => {
        useFont(doc, 'bold').fontSize(10).fillColor(COLOR.text);
        write(doc, check.label, PAGE.margin + 64, top, { width: CONTENT_WIDTH - 64 });
      });
      tag(doc, 'P', () => {
        useFont(doc, 'regular').fontSize(9.5).fillColor(COLOR.muted);
        write(doc, check.detail, PAGE.margin + 64, doc.y + 1, { width: CONTENT_WIDTH - 64 });
      });
    });
    doc.x = PAGE.margin;
    doc.moveDown(0.6);
  }
  if (healthCheck.warnings.length > 0) {
    subheading(doc, 'Warnings');
    bullets(doc, theme, healthCheck.warnings);
  }
}

function gapsSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const gaps = data.analysis.analysis.diversificationGaps;
  sectionHeading(doc, theme, 'Diversification Gaps');
  if (gaps.length === 0) paragraph(doc, 'No diversification gaps were found.');
  else bullets(doc, theme, gaps);
}

// ------------------------------------------------------------------------------------ holding details

function detailBlock(
  doc: Doc,
  theme: Theme,
  data: PortfolioReportData,
  symbol: string,
  holding: ValuationHolding,
) {
  const top = doc.y;
  const height = DETAIL_BLOCK_HEIGHT - 12;
  artifact(doc, () => {
    doc
      .save()
      .roundedRect(PAGE.margin, top, CONTENT_WIDTH, height, 4)
      .lineWidth(0.8)
      .strokeColor(COLOR.rule)
      .stroke()
      .restore();
    doc.save().rect(PAGE.margin, top, 4, height).fill(theme.brand).restore();
  });
  const left = PAGE.margin + 14;
  tag(doc, 'H3', () => {
    useFont(doc, 'bold').fontSize(12).fillColor(COLOR.text);
    write(doc, fit(doc, `${symbolAsWritten(symbol)} — ${holding.name}`, 330), left, top + 10, {
      width: 330,
      lineBreak: false,
    });
  });
  tag(doc, 'P', () => {
    useFont(doc, 'bold').fontSize(12);
    write(doc, formatMoney(holding.currentValue), PAGE.margin + CONTENT_WIDTH - 170, top + 10, {
      width: 160,
      align: 'right',
      lineBreak: false,
    });
  });
  const facts: [string, string][] = [
    ['Weight', formatPercent(holding.weight)],
    ['Quantity', formatQuantity(holding.quantity)],
    ['Price', priceWithLocal(holding)],
    [
      'Today',
      holding.changePercent === null || holding.change === null
        ? 'Not available'
        : `${formatMoney(holding.change * holding.quantity)} (${formatPercentUnits(holding.changePercent)})`,
    ],
    ['Class', assetClassLabel(holding.assetClass)],
    ['Sector', holding.sector],
    ['Region', holding.region],
    ['Source', holding.source === null ? 'None' : holding.source],
  ];
  group(doc, 'Table', () => {
    facts.forEach(([label, value], i) => {
      const y = top + 32 + i * 12.5;
      group(doc, 'TR', () => {
        tag(doc, 'TH', () => {
          useFont(doc, 'regular').fontSize(8.5).fillColor(COLOR.muted);
          write(doc, label, left, y, { width: 54, lineBreak: false });
        });
        tag(doc, 'TD', () => {
          doc.fillColor(COLOR.text);
          write(doc, fit(doc, value, 160), left + 56, y, { width: 160, lineBreak: false });
        });
      });
    });
  });

  const chart = { x: PAGE.margin + 250, y: top + 40, width: CONTENT_WIDTH - 270, height: 66 };
  const { currency, closes } = data.localCloses.get(symbol) ?? { currency: 'USD', closes: [] };
  const range = priceRange(closes);
  const price = (amount: number) =>
    currency === 'USD' ? formatMoney(amount) : formatLocalPrice(amount, currency);
  tag(doc, 'P', () => {
    useFont(doc, 'regular').fontSize(8).fillColor(COLOR.muted);
    write(doc, closesTitle(currency), chart.x, top + 28, { width: chart.width, lineBreak: false });
  });
  artifact(doc, () =>
    doc.save().rect(chart.x, chart.y, chart.width, chart.height).fill(COLOR.panel).restore(),
  );
  if (range && closes.length > 1) {
    const summary = `1 year: high ${price(range.high)} • low ${price(range.low)}${range.change === null ? '' : ` • change ${formatPercent(range.change)}`}`;
    const points = linePoints(closes, chart);
    tag(
      doc,
      'Figure',
      () => {
        doc.save().lineWidth(1.2).strokeColor(theme.brand);
        points.forEach(([x, y], i) => (i === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
        doc.stroke().restore();
      },
      { alt: `Line chart of the daily closes of ${symbolAsWritten(symbol)} over the past year. ${summary}.` },
    );
    tag(doc, 'P', () => {
      useFont(doc, 'regular').fontSize(8).fillColor(COLOR.muted);
      write(doc, summary, chart.x, chart.y + chart.height + 5, { width: chart.width, lineBreak: false });
    });
  } else {
    tag(doc, 'P', () => {
      useFont(doc, 'italic').fontSize(8.5).fillColor(COLOR.muted);
      write(doc, 'No price history', chart.x, chart.y + chart.height / 2 - 4, {
        width: chart.width,
        align: 'center',
        lineBreak: false,
      });
    });
  }
  doc.x = PAGE.margin;
  doc.y = top + DETAIL_BLOCK_HEIGHT;
}

/**
 * A holding's price in USD, and for a listing outside the US its own price in its own currency, labelled:
 * '$0.80 (64p GBX)', '$20.54 (¥3,160 JPY)'.
 */
function priceWithLocal(holding: ValuationHolding): string {
  if (holding.price === null) return 'No price';
  const usd = formatMoney(holding.price);
  const { local } = holding;
  return local ? `${usd} (${formatLocalPrice(local.price, local.currency)} ${local.currency})` : usd;
}

/** The title of a holding's chart of closes: its currency named unless it is USD ('Daily closes in JPY, ...'). */
function closesTitle(currency: string): string {
  if (currency === 'USD') return 'Daily closes, past year';
  return `Daily closes in ${currency === 'GBX' ? 'GBX (pence)' : currency}, past year`;
}

function detailsSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  sectionHeading(doc, theme, 'Holding details', { newPage: true });
  const rows = holdingsInReportOrder(data.valuation);
  const pages = packIntoPages(
    rows.map(() => DETAIL_BLOCK_HEIGHT),
    CONTENT_BOTTOM - doc.y,
    CONTENT_BOTTOM - PAGE.margin,
  );
  pages.forEach((indexes, pageIndex) => {
    if (pageIndex > 0) doc.addPage();
    for (const index of indexes) {
      const [symbol, holding] = rows[index] as [string, ValuationHolding];
      group(doc, 'Div', () => detailBlock(doc, theme, data, symbol, holding));
    }
  });
}

function disclosuresSection(doc: Doc, theme: Theme) {
  sectionHeading(doc, theme, 'Disclosures', { newPage: true });
  for (const disclosure of REPORT_DISCLOSURES) paragraph(doc, disclosure, { size: 9.5 });
  paragraph(doc, REPORT_DISCLAIMER, { size: 9.5, color: COLOR.muted });
}

/** Every page: a rule in the firm's colour, who prepared it and when, 'Page n of m', and the disclaimer. */
function footers(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const range = doc.bufferedPageRange();
  const dated = `${theme.preparedBy} • ${data.title} • Generated ${formatReportDate(data.generatedAt)}`;
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.bottom + 30;
    artifact(
      doc,
      () => {
        doc
          .save()
          .moveTo(PAGE.margin, y - 8)
          .lineTo(PAGE.margin + CONTENT_WIDTH, y - 8)
          .lineWidth(0.6)
          .strokeColor(theme.brand)
          .stroke()
          .restore();
        useFont(doc, 'regular').fontSize(7.5).fillColor(COLOR.muted);
        write(doc, fit(doc, dated, CONTENT_WIDTH - 80), PAGE.margin, y, {
          width: CONTENT_WIDTH - 80,
          lineBreak: false,
        });
        write(doc, `Page ${index - range.start + 1} of ${range.count}`, PAGE.margin, y, {
          width: CONTENT_WIDTH,
          align: 'right',
          lineBreak: false,
        });
        write(doc, REPORT_DISCLAIMER, PAGE.margin, y + 11, { width: CONTENT_WIDTH, lineBreak: false });
      },
      'Pagination',
    );
    doc.page.margins.bottom = bottomMargin;
  }
}

/** Who the report says prepared it: the firm, or Foliowise. */
export function preparedByOf(branding: ReportBranding): string {
  return branding.firmName ?? 'Foliowise';
}

/**
 * pdfkit copies the document info (title, author, subject...) into the XMP metadata packet as it is, without
 * escaping, so a firm called `Smith & <Sons>` made the packet malformed XML (issue 24 item 9). Its `_addInfo`
 * writes that packet at `doc.end()`, after the info dictionary (a PDF string, escaped by pdfkit) is written: for
 * that one call the info's text values are XML-escaped, then restored. routes.test.ts parses the packet as XML.
 */
function escapeInfoInXmp(doc: Doc) {
  const internal = doc as unknown as { info: Record<string, unknown>; _addInfo: () => void };
  const addInfo = internal._addInfo.bind(doc);
  internal._addInfo = () => {
    const info = internal.info;
    internal.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? toXmlText(value) : value]),
    );
    try {
      addInfo();
    } finally {
      internal.info = info;
    }
  };
}

/** The report as PDF bytes. */
export function renderPortfolioReportPdf(data: PortfolioReportData): Promise<Buffer> {
  const brand = data.branding.color ?? FOLIOWISE_REPORT_COLOR;
  const theme: Theme = {
    brand,
    onBrand: readableTextColor(brand),
    preparedBy: preparedByOf(data.branding),
  };
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottom },
    compress: false,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: `${data.title} — ${preparedByOf(data.branding)}`,
      Author: preparedByOf(data.branding),
      Subject: `Portfolio report generated ${formatReportDate(data.generatedAt)}`,
      Creator: 'Foliowise',
    },
  });
  escapeInfoInXmp(doc);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  setUpReportText(doc);
  const root = doc.struct('Document');
  doc.addStructure(root);
  structureStacks.set(doc, [root]);
  cover(doc, theme, data);
  analysisSection(doc, theme, data);
  holdingsSection(doc, theme, data);
  allocationSection(doc, theme, data);
  riskSection(doc, theme, data);
  healthSection(doc, theme, data);
  gapsSection(doc, theme, data);
  detailsSection(doc, theme, data);
  disclosuresSection(doc, theme);
  root.end();
  footers(doc, theme, data);
  doc.end();
  return finished;
}
