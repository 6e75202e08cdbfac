/** The portfolio report's holding details: one block per holding, four to a page, with its year of closes. */
import type { ValuationHolding } from '../../../contracts/analysis';
import {
  assetClassLabel,
  formatLocalPrice,
  formatMoney,
  formatPercent,
  formatPercentUnits,
  symbolAsWritten,
} from '../../../domain/analytics/format';
import { packIntoPages, priceRange } from '../../../domain/reports/report-layout';
import { contentBottom, contentWidth } from '../../lib/pdf/blocks';
import { lineChart } from '../../lib/pdf/chart';
import { artifact, group, tag } from '../../lib/pdf/structure';
import { factTable } from '../../lib/pdf/table';
import { fit, useFont, write } from '../../lib/pdf/text';
import {
  COLOR,
  formatQuantity,
  holdingsInReportOrder,
  sectionHeading,
  type PortfolioReportData,
  type Theme,
} from './report-blocks';

type Doc = PDFKit.PDFDocument;

/** A holding's detail block: four to a page. */
const DETAIL_BLOCK_HEIGHT = 150;

function detailBlock(
  doc: Doc,
  theme: Theme,
  data: PortfolioReportData,
  symbol: string,
  holding: ValuationHolding,
) {
  const margin = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  const height = DETAIL_BLOCK_HEIGHT - 12;
  artifact(doc, () => {
    doc
      .save()
      .roundedRect(margin, top, width, height, 4)
      .lineWidth(0.8)
      .strokeColor(COLOR.rule)
      .stroke()
      .restore();
    doc.save().rect(margin, top, 4, height).fill(theme.brand).restore();
  });
  const left = margin + 14;
  tag(doc, 'H3', () => {
    useFont(doc, 'bold').fontSize(12).fillColor(COLOR.text);
    write(doc, fit(doc, `${symbolAsWritten(symbol)} — ${holding.name}`, 330), left, top + 10, {
      width: 330,
      lineBreak: false,
    });
  });
  tag(doc, 'P', () => {
    useFont(doc, 'bold').fontSize(12);
    write(doc, formatMoney(holding.currentValue), margin + width - 170, top + 10, {
      width: 160,
      align: 'right',
      lineBreak: false,
    });
  });
  factTable(
    doc,
    [
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
    ],
    { x: left, top: top + 32, rowHeight: 12.5, valueWidth: 160 },
  );

  const chart = { x: margin + 250, y: top + 40, width: width - 270, height: 66 };
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
    lineChart(doc, {
      lines: [{ values: closes, color: theme.brand }],
      box: chart,
      alt: `Line chart of the daily closes of ${symbolAsWritten(symbol)} over the past year. ${summary}.`,
    });
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
  doc.x = margin;
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

export function detailsSection(doc: Doc, theme: Theme, data: PortfolioReportData) {
  sectionHeading(doc, theme, 'Holding details', { newPage: true });
  const rows = holdingsInReportOrder(data.valuation);
  const pages = packIntoPages(
    rows.map(() => DETAIL_BLOCK_HEIGHT),
    contentBottom(doc) - doc.y,
    contentBottom(doc) - doc.page.margins.top,
  );
  pages.forEach((indexes, pageIndex) => {
    if (pageIndex > 0) doc.addPage();
    for (const index of indexes) {
      const [symbol, holding] = rows[index] as [string, ValuationHolding];
      group(doc, 'Div', () => detailBlock(doc, theme, data, symbol, holding));
    }
  });
}
