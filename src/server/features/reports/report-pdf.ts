/**
 * The white-label portfolio report as a PDF (decision 033), on the PDF layer the guides also use
 * (src/server/lib/pdf): embedded Noto fonts that draw names in any of the Latin, Greek, Cyrillic, Han, kana and
 * Hangul scripts, US Letter, uncompressed streams (so tests read the text without an inflater), bookmarks per
 * section, a tagged structure for screen readers (headings, paragraphs, lists, tables, figures with their
 * alternative text; the shapes and footers marked as artifacts), and every chart drawn as vector shapes. It only
 * draws: the figures arrive computed (the valuation and the analysis the app's own endpoints answer), so the
 * report's numbers are the screen's.
 *
 * Order: cover (the firm's name, logo and colour, or Foliowise's), analysis, holdings (report-sections.ts), the
 * performance page or the sentence that takes its place (report-performance.ts), allocation, risk figures, health
 * check and diversification gaps (report-sections.ts), one detail block per holding (report-details.ts),
 * disclosures; a dated footer with page numbers and the educational disclaimer on every page.
 */
import { FOLIOWISE_REPORT_COLOR } from '../../../contracts/reports';
import { formatReportDate, readableTextColor } from '../../../domain/reports/report-layout';
import { renderPdf } from '../../lib/pdf/document';
import { fit, useFont, write } from '../../lib/pdf/text';
import {
  COLOR,
  paragraph,
  sectionHeading,
  type PortfolioReportData,
  type ReportBranding,
  type Theme,
} from './report-blocks';
import { detailsSection } from './report-details';
import { performanceSection } from './report-performance';
import {
  allocationSection,
  analysisSection,
  cover,
  gapsSection,
  healthSection,
  holdingsSection,
  riskSection,
} from './report-sections';

export type { ReportBranding } from './report-blocks';

type Doc = PDFKit.PDFDocument;

/** Printed on every page's footer and in the disclosures: the app's own footer wording. */
export const REPORT_DISCLAIMER =
  'Educational tool • Not financial advice. Investing involves risk, including the loss of principal.';

const REPORT_DISCLOSURES = [
  'This report is produced for education and discussion. It is not investment, tax or legal advice, not an offer or solicitation to buy or sell any security, and it does not consider anyone’s personal circumstances, objectives or needs.',
  'Values use the latest prices available when the report was generated. Risk figures (volatility, beta, drawdown, Sharpe and Sortino ratios, value at risk) are computed from up to one year of daily closes of today’s holdings (buy and hold); they describe the past and do not predict future results.',
  'Classifications by asset class, sector and region come from a reference list of securities and may differ from a fund’s own reporting. Holdings without a price are shown at a value of zero.',
  'Past performance is not a reliable indicator of future results. The value of investments can fall as well as rise, and you may get back less than you invest.',
] as const;

const PAGE = { margin: 54, bottom: 78 } as const;

function disclosuresSection(doc: Doc, theme: Theme) {
  sectionHeading(doc, theme, 'Disclosures', { newPage: true });
  for (const disclosure of REPORT_DISCLOSURES) paragraph(doc, disclosure, { size: 9.5 });
  paragraph(doc, REPORT_DISCLAIMER, { size: 9.5, color: COLOR.muted });
}

/** A page's footer: a rule in the firm's colour, who prepared it and when, 'Page n of m', and the disclaimer. */
function footer(doc: Doc, theme: Theme, dated: string, page: { number: number; count: number }) {
  const left = PAGE.margin;
  const width = doc.page.width - PAGE.margin * 2;
  const y = doc.page.height - PAGE.bottom + 30;
  doc
    .save()
    .moveTo(left, y - 8)
    .lineTo(left + width, y - 8)
    .lineWidth(0.6)
    .strokeColor(theme.brand)
    .stroke()
    .restore();
  useFont(doc, 'regular').fontSize(7.5).fillColor(COLOR.muted);
  write(doc, fit(doc, dated, width - 80), left, y, { width: width - 80, lineBreak: false });
  write(doc, `Page ${page.number} of ${page.count}`, left, y, { width, align: 'right', lineBreak: false });
  write(doc, REPORT_DISCLAIMER, left, y + 11, { width, lineBreak: false });
}

/** Who the report says prepared it: the firm, or Foliowise. */
export function preparedByOf(branding: ReportBranding): string {
  return branding.firmName ?? 'Foliowise';
}

/** The report as PDF bytes. */
export function renderPortfolioReportPdf(data: PortfolioReportData): Promise<Buffer> {
  const brand = data.branding.color ?? FOLIOWISE_REPORT_COLOR;
  const theme: Theme = {
    brand,
    onBrand: readableTextColor(brand),
    preparedBy: preparedByOf(data.branding),
  };
  const generated = formatReportDate(data.generatedAt);
  return renderPdf({
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottom },
    info: {
      Title: `${data.title} — ${theme.preparedBy}`,
      Author: theme.preparedBy,
      Subject: `Portfolio report generated ${generated}`,
      Creator: 'Foliowise',
    },
    fonts: 'embedded',
    content: (doc) => {
      cover(doc, theme, data);
      analysisSection(doc, theme, data);
      holdingsSection(doc, theme, data);
      performanceSection(doc, theme, data);
      allocationSection(doc, theme, data);
      riskSection(doc, theme, data);
      healthSection(doc, theme, data);
      gapsSection(doc, theme, data);
      detailsSection(doc, theme, data);
      disclosuresSection(doc, theme);
    },
    footer: (doc, page) =>
      footer(doc, theme, `${theme.preparedBy} • ${data.title} • Generated ${generated}`, page),
  });
}
