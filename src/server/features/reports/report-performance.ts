/**
 * The portfolio report's performance page (issue 28 item 7, decision 042): the returns GET /api/performance answers
 * over YTD, 1Y, 3Y, 5Y and Max (those the history covers) in the person's base currency, the benchmark's beside
 * them; the change in value over Max part by part; the value against the net invested over Max; and where the
 * figures came from. Its words are the Performance view's (src/contracts/performance-text.ts). A portfolio without
 * a history gets no page: the report's place for it says why.
 */
import type { PerformanceResponse } from '../../../contracts/performance';
import {
  BREAKDOWN_PARTS,
  GAIN_PARTS,
  GAINS_CAPTION,
  MWR_EXPLANATION,
  NET_FLOWS_PART,
  RANGE_LABELS,
  SIMULATED_SOURCES_NOTE,
  TWR_EXPLANATION,
  approximationText,
  breakdownRows,
  chartSummary,
  formatDay,
  formatMoney,
  formatReturn,
  formatSignedMoney,
  hasSimulatedSource,
  mwrUnavailableText,
  periodSentence,
  sourceLines,
  valueAtCloseLabel,
} from '../../../contracts/performance-text';
import { addDays } from '../../../domain/calendar';
import { contentWidth, ensureSpace } from '../../lib/pdf/blocks';
import { lineChart } from '../../lib/pdf/chart';
import { artifact, group, tag } from '../../lib/pdf/structure';
import { pagedTable, type TableColumn } from '../../lib/pdf/table';
import { useFont, write } from '../../lib/pdf/text';
import {
  COLOR,
  bullets,
  paragraph,
  sectionHeading,
  subheading,
  type PortfolioReportData,
  type Theme,
} from './report-blocks';

type Doc = PDFKit.PDFDocument;

const NOTE = { size: 9.5, color: COLOR.muted } as const;
const NONE = '—';
/** The returns table's first column: the longest label is the benchmark's money-weighted yearly rate. */
const LABEL_WIDTH = 196;
/** Approximations listed one by one; the rest are counted (a long history has one run per market holiday). */
const SHOWN_APPROXIMATIONS = 12;
const NET_INVESTED_COLOR = '#64748b';

/** A range as the period buttons name it ('Max'). */
function rangeName(answer: PerformanceResponse): string {
  const { range } = answer.period;
  return (RANGE_LABELS as Readonly<Record<string, { text: string }>>)[range]?.text ?? range;
}

const percentOrNone = (value: number | null) => (value === null ? NONE : formatReturn(value));

/** 'A', 'A and B', 'A, B and C'. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

// ----------------------------------------------------------------------------------------------- returns

function benchmarkOf(answer: PerformanceResponse) {
  return answer.benchmark?.available ? answer.benchmark : null;
}

/** One row per figure, one column per period, as the Performance view's cards give them. */
function returnsTable(doc: Doc, theme: Theme, shown: readonly PerformanceResponse[], symbol: string | null) {
  const periodWidth = (contentWidth(doc) - LABEL_WIDTH) / shown.length;
  const columns: TableColumn[] = [
    { title: 'Return', width: LABEL_WIDTH, align: 'left' },
    ...shown.map((answer): TableColumn => ({ title: rangeName(answer), width: periodWidth, align: 'right' })),
  ];
  const row = (label: string, cell: (answer: PerformanceResponse) => string) => [label, ...shown.map(cell)];
  const rows = [
    row('From the close of', (a) => formatDay(a.period.start)),
    row('Time-weighted', (a) => formatReturn(a.twr)),
    row('Time-weighted, a year', (a) => percentOrNone(a.twrAnnualized)),
    row('Money-weighted', (a) => percentOrNone(a.mwr)),
    row('Money-weighted, a year', (a) => percentOrNone(a.mwrAnnualized)),
  ];
  if (symbol) {
    rows.push(
      row(`${symbol}, time-weighted`, (a) => percentOrNone(benchmarkOf(a)?.twr ?? null)),
      row(`${symbol}, time-weighted, a year`, (a) => percentOrNone(benchmarkOf(a)?.twrAnnualized ?? null)),
      row(`Your flows in ${symbol}, money-weighted`, (a) => percentOrNone(benchmarkOf(a)?.mwr ?? null)),
      row(`Your flows in ${symbol}, money-weighted, a year`, (a) =>
        percentOrNone(benchmarkOf(a)?.mwrAnnualized ?? null),
      ),
    );
  }
  pagedTable(doc, { columns, rows, ruleColor: theme.brand });
  doc.moveDown(0.6);
}

/** What the table leaves unsaid: yearly rates, the periods left out, and why a figure is missing. */
function returnsNotes(
  doc: Doc,
  periods: { shown: readonly PerformanceResponse[]; before: readonly PerformanceResponse[] },
  max: PerformanceResponse,
  symbol: string | null,
) {
  const { shown } = periods;
  const before = periods.before.map(rangeName);
  const notes = [`A year: the yearly rate of a period longer than a year (${NONE} for a shorter one).`];
  if (symbol) {
    notes.push(
      `${symbol}: ${symbol} over the same days, time-weighted; your flows in ${symbol}: your deposits and withdrawals in ${symbol}, money-weighted.`,
    );
  }
  if (before.length > 0) {
    notes.push(
      `${listed(before)} ${before.length === 1 ? 'is' : 'are'} not shown: ${before.length === 1 ? 'it starts' : 'they start'} before the first activity (${formatDay(addDays(max.period.start, 1))}), so ${before.length === 1 ? 'its returns are' : 'their returns are'} those of ${rangeName(max)}.`,
    );
  }
  for (const answer of shown) {
    if (answer.mwr === null) notes.push(`${rangeName(answer)}: ${mwrUnavailableText(answer.mwrUnavailable)}`);
    const benchmark = benchmarkOf(answer);
    if (benchmark && benchmark.mwr === null) {
      notes.push(
        `${rangeName(answer)}, ${benchmark.symbol}: ${mwrUnavailableText(benchmark.mwrUnavailable)}`,
      );
    }
  }
  const refusals = new Set(
    shown.flatMap((a) =>
      a.benchmark && !a.benchmark.available ? [`${a.benchmark.symbol}: ${a.benchmark.message}`] : [],
    ),
  );
  notes.push(...refusals);
  for (const note of notes) paragraph(doc, note, NOTE);
}

// ------------------------------------------------------------------------------------- change in value

const BREAKDOWN_COLUMNS = (currency: string): TableColumn[] => [
  { title: 'Part', width: 190, align: 'left' },
  { title: 'What it is', width: 214, align: 'left' },
  { title: `Amount (${currency})`, width: 100, align: 'right' },
];

function breakdownSection(doc: Doc, theme: Theme, max: PerformanceResponse) {
  const { currency, period } = max;
  subheading(doc, `What changed the value, ${rangeName(max)}`);
  paragraph(doc, periodSentence(max), NOTE);
  const hints = new Map([NET_FLOWS_PART, ...BREAKDOWN_PARTS].map((p) => [p.label, p.hint]));
  pagedTable(doc, {
    columns: BREAKDOWN_COLUMNS(currency),
    rows: [
      [valueAtCloseLabel(period.start), '', formatMoney(max.startValue, currency)],
      ...breakdownRows(max).map((part) => [
        part.label,
        hints.get(part.label) ?? '',
        formatSignedMoney(part.value, currency),
      ]),
      [valueAtCloseLabel(period.end), '', formatMoney(max.endValue, currency)],
    ],
    ruleColor: theme.brand,
  });
  doc.moveDown(0.6);
  ensureSpace(doc, 80);
  paragraph(doc, GAINS_CAPTION, { size: 10, color: COLOR.text });
  pagedTable(doc, {
    columns: BREAKDOWN_COLUMNS(currency),
    rows: GAIN_PARTS.map((part) => [
      part.label,
      part.hint,
      formatSignedMoney(max.breakdown[part.key], currency),
    ]),
    ruleColor: theme.brand,
  });
  doc.moveDown(0.6);
}

// ------------------------------------------------------------------------------------------------ chart

const CHART_HEIGHT = 150;
/** Room left of the chart for the scale's highest and lowest amounts. */
const CHART_GUTTER = 78;

/** A legend entry: a short line in the series' colour (an artifact) and its name. */
function legendEntry(doc: Doc, x: number, y: number, color: string, label: string, dashed: boolean) {
  artifact(doc, () => {
    doc.save().lineWidth(1.6).strokeColor(color);
    if (dashed) doc.dash(4, { space: 3 });
    doc
      .moveTo(x, y + 4)
      .lineTo(x + 18, y + 4)
      .stroke()
      .restore();
  });
  tag(doc, 'P', () => {
    useFont(doc, 'regular').fontSize(8.5).fillColor(COLOR.text);
    write(doc, label, x + 24, y, { width: 90, lineBreak: false });
  });
}

function valueChart(doc: Doc, theme: Theme, max: PerformanceResponse) {
  const { currency, series } = max;
  ensureSpace(doc, 60 + CHART_HEIGHT + 60);
  subheading(doc, `Value and net invested, ${RANGE_LABELS.MAX.title.toLowerCase()}`);
  const left = doc.page.margins.left;
  const legendTop = doc.y;
  group(doc, 'Div', () => {
    legendEntry(doc, left + CHART_GUTTER, legendTop, theme.brand, 'Value', false);
    legendEntry(doc, left + CHART_GUTTER + 110, legendTop, NET_INVESTED_COLOR, 'Net invested', true);
  });
  const box = {
    x: left + CHART_GUTTER,
    y: legendTop + 22,
    width: contentWidth(doc) - CHART_GUTTER,
    height: CHART_HEIGHT,
  };
  artifact(doc, () => doc.save().rect(box.x, box.y, box.width, box.height).fill(COLOR.panel).restore());
  const summary = chartSummary(max);
  lineChart(doc, {
    lines: [
      { values: series.map((point) => point.value), color: theme.brand },
      { values: series.map((point) => point.netInvested), color: NET_INVESTED_COLOR, dash: [4, 3] },
    ],
    box,
    alt: `Line chart of the value and the net invested, day by day, in ${currency}. ${summary[0] ?? ''}`,
    axes: {
      format: (value) => formatMoney(value, currency),
      first: formatDay(series[0]?.date ?? max.period.start),
      last: formatDay(series.at(-1)?.date ?? max.period.end),
    },
  });
  doc.x = left;
  doc.y = box.y + box.height + 18;
  for (const line of summary) paragraph(doc, line, NOTE);
}

// ------------------------------------------------------------------------------------------------ notes

function notesSection(doc: Doc, theme: Theme, max: PerformanceResponse) {
  subheading(doc, 'About these figures');
  const rates = new Set(Object.keys(max.sources.fx));
  const approximations = max.approximations.map((a) => approximationText(a, rates.has(a.subject)));
  if (approximations.length > 0) {
    paragraph(doc, 'Days valued without a price of their own:', { size: 9.5, color: COLOR.text });
    const cut = approximations.length > SHOWN_APPROXIMATIONS + 1 ? SHOWN_APPROXIMATIONS : Infinity;
    const rest = approximations.length - Math.min(cut, approximations.length);
    bullets(doc, theme, [
      ...approximations.slice(0, cut),
      ...(rest > 0 ? [`And ${rest} more runs of days valued so.`] : []),
    ]);
  }
  const sources = sourceLines(max.sources);
  paragraph(doc, 'Sources:', { size: 9.5, color: COLOR.text });
  if (sources.length > 0) bullets(doc, theme, sources);
  else paragraph(doc, 'No prices were needed.', NOTE);
  if (hasSimulatedSource(max.sources)) paragraph(doc, SIMULATED_SOURCES_NOTE, NOTE);
  paragraph(doc, `Figures as of ${formatDay(max.asOf)}.`, NOTE);
}

// ------------------------------------------------------------------------------------------------- page

export function performanceSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  const { performance } = data;
  if ('message' in performance) {
    sectionHeading(doc, theme, 'Performance');
    paragraph(doc, performance.message);
    return;
  }
  const { max } = performance;
  const { currency } = max;
  // A period that starts before the history is Max again: named, not repeated.
  const periods = {
    shown: performance.periods.filter((a) => a === max || !a.period.startsBeforeHistory),
    before: performance.periods.filter((a) => a !== max && a.period.startsBeforeHistory),
  };
  const symbol = max.benchmark?.symbol ?? null;
  sectionHeading(doc, theme, 'Performance', { newPage: true });
  paragraph(
    doc,
    `The returns of this portfolio's recorded transactions, in ${currency}${currency === 'USD' ? '' : ' (the base currency of its returns; the other pages are in US dollars)'}${symbol ? `, beside ${symbol}` : ''}.`,
  );
  bullets(doc, theme, [TWR_EXPLANATION, MWR_EXPLANATION]);
  returnsTable(doc, theme, periods.shown, symbol);
  returnsNotes(doc, periods, max, symbol);
  breakdownSection(doc, theme, max);
  valueChart(doc, theme, max);
  notesSection(doc, theme, max);
}
