/**
 * The portfolio report's summary pages: the cover, the analysis, the holdings table, the allocation charts, the
 * risk figures, the health check and the diversification gaps.
 */
import type { AnalyzeResponse, ValuationHolding } from '../../../contracts/analysis';
import {
  assetClassLabel,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPercentUnits,
  fxRatesNote,
  symbolAsWritten,
} from '../../../domain/analytics/format';
import { formatReportDate } from '../../../domain/reports/report-layout';
import { contentWidth, ensureSpace } from '../../lib/pdf/blocks';
import { BAR_ROW_HEIGHT, barChart, donutChart, donutChartHeight, type ChartEntry } from '../../lib/pdf/chart';
import { artifact, group, tag } from '../../lib/pdf/structure';
import { pagedTable } from '../../lib/pdf/table';
import { heightOf, useFont, write } from '../../lib/pdf/text';
import {
  COLOR,
  bullets,
  factGrid,
  formatQuantity,
  holdingsInReportOrder,
  paragraph,
  riskLevelLabel,
  sectionHeading,
  subheading,
  type PortfolioReportData,
  type ReportBranding,
  type Theme,
} from './report-blocks';

type Doc = PDFKit.PDFDocument;

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
    { alt },
  );
}

const WORDS_NOTE: Readonly<Record<AnalyzeResponse['wordsSource'], string>> = {
  model:
    'The analysis text was written by an AI language model from the figures computed for these holdings; every figure comes from standard formulas, not from the model.',
  rules: 'The analysis text was written by rules from the figures computed for these holdings.',
  demo: 'A sample analysis written from fixed rules, not by the AI. The figures are computed from these holdings.',
};

export function cover(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const { analysis, valuation, branding } = data;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const bandHeight = 190;
  artifact(doc, () => doc.save().rect(0, 0, doc.page.width, bandHeight).fill(theme.brand).restore());
  let nameLeft = left;
  if (branding.logo) {
    const box = 72;
    drawLogo(doc, branding.logo, left + 8, 60, box, `Logo of ${theme.preparedBy}`);
    nameLeft = left + box + 36;
  }
  // A long firm name gets a smaller size rather than losing its last words.
  const nameWidth = doc.page.width - nameLeft - doc.page.margins.right;
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
    write(doc, data.title, left, doc.y, { width });
  });
  doc.moveDown(0.3);
  useFont(doc, 'regular').fontSize(11).fillColor(COLOR.muted);
  tag(doc, 'P', () => write(doc, `Prepared by ${theme.preparedBy}`, left, doc.y, { width }));
  tag(doc, 'P', () => write(doc, `Generated ${formatReportDate(data.generatedAt)}`, left, doc.y, { width }));
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

// --------------------------------------------------------------------------------------------- analysis

const ANALYSIS_HEADINGS: Readonly<Record<AnalyzeResponse['wordsSource'], string>> = {
  model: 'AI Analysis Results',
  rules: 'Analysis Results',
  demo: 'Demo Analysis Results',
};

export function analysisSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
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

export function holdingsSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  sectionHeading(doc, theme, 'Holdings', { newPage: true });
  const rows = holdingsInReportOrder(data.valuation);
  // The first page keeps room for the total line under the table.
  pagedTable(doc, {
    columns: HOLDING_COLUMNS,
    rows: rows.map(([symbol, holding]) => holdingCells(symbol, holding)),
    ruleColor: theme.brand,
    spaceBelow: 24,
  });
  tag(doc, 'P', () => {
    useFont(doc, 'bold').fontSize(9).fillColor(COLOR.text);
    write(
      doc,
      `Total ${formatMoney(data.valuation.totalCurrentValue)} • ${rows.length} holdings • Today ${formatMoney(data.valuation.totalChange)} (${formatPercentUnits(data.valuation.totalChangePercent)})`,
      doc.page.margins.left,
      doc.y + 4,
      { width: contentWidth(doc) },
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

/** A bucket as a chart entry: its weight, and its name, weight and value as the legend writes them. */
function chartEntries(buckets: readonly Bucket[], label: (name: string) => string): ChartEntry[] {
  return buckets.map((b) => ({
    weight: b.weight,
    cells: [label(b.name), formatPercent(b.weight), formatMoney(b.value)],
  }));
}

/** 'Stocks 62.5% ($12,500.00), Bonds 37.5% ($7,500.00)': a chart's figures, as its alternative text. */
function chartAlt(title: string, buckets: readonly Bucket[], label: (name: string) => string): string {
  const parts = buckets.map((b) => `${label(b.name)} ${formatPercent(b.weight)} (${formatMoney(b.value)})`);
  return `${title}: ${parts.join(', ') || 'nothing to show'}.`;
}

function pieChart(
  doc: Doc,
  theme: Theme,
  title: string,
  buckets: readonly Bucket[],
  label: (name: string) => string,
) {
  ensureSpace(doc, donutChartHeight(buckets.length) + 24);
  subheading(doc, title);
  donutChart(doc, {
    top: doc.y,
    entries: chartEntries(buckets, label),
    brand: theme.brand,
    alt: chartAlt(title, buckets, label),
  });
}

function bars(doc: Doc, theme: Theme, title: string, buckets: readonly Bucket[]) {
  ensureSpace(doc, 40 + Math.min(buckets.length, 6) * BAR_ROW_HEIGHT);
  subheading(doc, title);
  barChart(doc, { entries: chartEntries(buckets, (name) => name), brand: theme.brand });
  doc.moveDown(0.8);
}

export function allocationSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const { exposure } = data.analysis.analysis.metrics;
  sectionHeading(doc, theme, 'Allocation', { newPage: true });
  pieChart(doc, theme, 'By asset class', exposure.assetClass, assetClassLabel);
  bars(doc, theme, 'By sector', exposure.sector);
  bars(doc, theme, 'By region', exposure.region);
}

// ------------------------------------------------------------------------------------------------ risk

function orDash(value: number | null, format: (value: number) => string): string {
  return value === null ? 'Not available' : format(value);
}

export function riskSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
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

// -------------------------------------------------------------------------------------- health and gaps

export function healthSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const { healthCheck } = data.analysis.analysis.metrics;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  sectionHeading(doc, theme, 'Portfolio Health Check');
  paragraph(
    doc,
    `${healthCheck.passed} of ${healthCheck.total} checks passed (${healthCheck.scorePercent}%). Diversification: ${healthCheck.diversificationRating}.`,
  );
  for (const check of healthCheck.checks) {
    useFont(doc, 'regular').fontSize(10);
    const detailHeight = heightOf(doc, check.detail, { width: width - 70 });
    ensureSpace(doc, detailHeight + 20);
    const top = doc.y;
    artifact(doc, () =>
      doc
        .save()
        .roundedRect(left, top, 52, 16, 3)
        .fill(check.passed ? COLOR.gain : COLOR.loss)
        .restore(),
    );
    group(doc, 'Div', () => {
      tag(doc, 'P', () => {
        useFont(doc, 'bold').fontSize(8).fillColor('#ffffff');
        write(doc, check.passed ? 'PASSED' : 'NOT MET', left, top + 4.5, {
          width: 52,
          align: 'center',
          lineBreak: false,
        });
      });
      tag(doc, 'P', () => {
        useFont(doc, 'bold').fontSize(10).fillColor(COLOR.text);
        write(doc, check.label, left + 64, top, { width: width - 64 });
      });
      tag(doc, 'P', () => {
        useFont(doc, 'regular').fontSize(9.5).fillColor(COLOR.muted);
        write(doc, check.detail, left + 64, doc.y + 1, { width: width - 64 });
      });
    });
    doc.x = left;
    doc.moveDown(0.6);
  }
  if (healthCheck.warnings.length > 0) {
    subheading(doc, 'Warnings');
    bullets(doc, theme, healthCheck.warnings);
  }
}

export function gapsSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const gaps = data.analysis.analysis.diversificationGaps;
  sectionHeading(doc, theme, 'Diversification Gaps');
  if (gaps.length === 0) paragraph(doc, 'No diversification gaps were found.');
  else bullets(doc, theme, gaps);
}
