/**
 * White-label reports (issue #16 item 2, decision 033): a Professional user's branding (firm name, colour, logo)
 * and the PDF report of a portfolio.
 *
 * The report is built from holdings (`buildPortfolioReport`), whoever owns them: the account's saved portfolio
 * or one of its client portfolios (`buildAccountPortfolioReport`). Its figures are the app's own: the valuation of POST /api/portfolio/valuation and the analysis of
 * POST /api/analyze (the model's words when one is configured, the rules' words otherwise or when it fails), so
 * the report says what the screen says.
 */
import PDFDocument from 'pdfkit';
import type { User } from '../../../contracts/accounts';
import type { AnalyzeResponse, Portfolio } from '../../../contracts/analysis';
import { AppError } from '../../../contracts/errors';
import { REPORT_MESSAGES, type ReportBrandingResponse } from '../../../contracts/reports';
import { LOGO_MESSAGES, inspectLogo } from '../../../domain/reports/report-logo';
import { reportFileName } from '../../../domain/reports/report-layout';
import type { Database } from '../../db/client';
import {
  analyzePortfolioWithAi,
  analyzePortfolioWithRules,
  loadCloses,
  type AnalysisContext,
} from '../analysis/service';
import type { MarketDataService, RequestOptions } from '../market-data/service';
import { findClientHoldings } from '../clients/service';
import { getSavedPortfolio, valuePortfolio } from '../portfolio/service';
import {
  clearBrandingLogo,
  findBranding,
  findBrandingWithLogo,
  upsertBrandingLogo,
  upsertBrandingText,
  type BrandingRow,
} from './repository';
import { preparedByOf, renderPortfolioReportPdf, type ReportBranding } from './report-pdf';

export interface ReportsContext {
  db: Database;
  marketData: MarketDataService;
  analysis: AnalysisContext;
}

// ---------------------------------------------------------------------------------------------- branding

function toResponse(row: BrandingRow | undefined): ReportBrandingResponse {
  if (!row) return { firmName: null, color: null, logo: null };
  const hasLogo =
    row.logoType !== null &&
    row.logoWidth !== null &&
    row.logoHeight !== null &&
    row.logoBytes !== null &&
    row.logoUpdatedAt !== null;
  return {
    firmName: row.firmName,
    color: row.color,
    logo: hasLogo
      ? {
          type: row.logoType as NonNullable<BrandingRow['logoType']>,
          width: row.logoWidth as number,
          height: row.logoHeight as number,
          bytes: row.logoBytes as number,
          updatedAt: (row.logoUpdatedAt as Date).toISOString(),
        }
      : null,
  };
}

export async function getReportBranding(options: { db: Database; userId: string }) {
  return toResponse(await findBranding(options.db, options.userId));
}

export async function saveReportBranding(options: {
  db: Database;
  userId: string;
  firmName: string | null;
  color: string | null;
}): Promise<ReportBrandingResponse> {
  const { db, userId, firmName, color } = options;
  return toResponse(await upsertBrandingText(db, userId, { firmName, color }));
}

/**
 * Whether pdfkit can embed the image: a header can be well-formed over a body that is not (a truncated PNG, a
 * JPEG pdfkit does not read). Checked once at upload, so that a report never fails on its logo.
 */
function isEmbeddable(bytes: Buffer): boolean {
  const doc = new PDFDocument({ size: [64, 64], margin: 0 });
  try {
    doc.image(bytes, 0, 0, { width: 64 });
    return true;
  } catch {
    return false;
  } finally {
    doc.end();
  }
}

/** Stores the logo after reading its type, size and dimensions from its bytes (never from a name or header). */
export async function saveReportLogo(options: {
  db: Database;
  userId: string;
  bytes: Buffer;
}): Promise<ReportBrandingResponse> {
  const verdict = inspectLogo(options.bytes);
  if (!verdict.ok) throw new AppError(verdict.code, verdict.message, { fields: { logo: verdict.message } });
  if (!isEmbeddable(options.bytes)) {
    throw new AppError('VALIDATION_ERROR', LOGO_MESSAGES.unreadable, {
      fields: { logo: LOGO_MESSAGES.unreadable },
    });
  }
  const row = await upsertBrandingLogo(options.db, options.userId, {
    bytes: options.bytes,
    type: verdict.type,
    width: verdict.width,
    height: verdict.height,
  });
  return toResponse(row);
}

export async function removeReportLogo(options: { db: Database; userId: string }) {
  return toResponse(await clearBrandingLogo(options.db, options.userId));
}

/** The stored logo's bytes and type (the form's preview); 404 when none. */
export async function getReportLogo(options: { db: Database; userId: string }) {
  const row = await findBrandingWithLogo(options.db, options.userId);
  if (!row?.logo || !row.logoType) throw new AppError('NOT_FOUND', REPORT_MESSAGES.noLogo);
  return { bytes: row.logo, type: row.logoType };
}

/** The branding a report is drawn with (Foliowise's own where the user set nothing). */
export async function loadReportBranding(options: { db: Database; userId: string }): Promise<ReportBranding> {
  const row = await findBrandingWithLogo(options.db, options.userId);
  if (!row) return { firmName: null, color: null, logo: null };
  return {
    firmName: row.firmName,
    color: row.color,
    logo:
      row.logo && row.logoWidth && row.logoHeight
        ? { bytes: row.logo, width: row.logoWidth, height: row.logoHeight }
        : null,
  };
}

// ------------------------------------------------------------------------------------------------ report

export interface PortfolioReport {
  pdf: Buffer;
  fileName: string;
}

/**
 * The analysis the analyzer shows for these holdings: the model's words when one is configured (a paid plan
 * spends no allowance), the rules' words without one or when it fails (a report is not refused for want of a
 * model); the figures are the same either way.
 */
async function analyzeForReport(options: {
  analysis: AnalysisContext;
  portfolio: Portfolio;
  user: User;
  ip: string;
  requestOptions: RequestOptions;
}): Promise<AnalyzeResponse> {
  const { analysis, portfolio, requestOptions } = options;
  if (analysis.writer.isConfigured) {
    try {
      return await analyzePortfolioWithAi({
        ...analysis,
        portfolio,
        requester: { user: options.user, visitorId: undefined, ip: options.ip },
        requestOptions,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'AI_UNAVAILABLE')) throw error;
    }
  }
  return analyzePortfolioWithRules({ ...analysis, portfolio, requestOptions });
}

/**
 * The PDF report of `portfolio` under `branding`, titled `title`: valuation, analysis and a year of closes per
 * holding, then the drawing. Independent of where the holdings come from.
 */
export async function buildPortfolioReport(options: {
  context: ReportsContext;
  portfolio: Portfolio;
  title: string;
  branding: ReportBranding;
  user: User;
  ip: string;
  requestOptions?: RequestOptions;
}): Promise<PortfolioReport> {
  const { context, portfolio } = options;
  const requestOptions = options.requestOptions ?? {};
  const [valuation, analysis] = await Promise.all([
    valuePortfolio({ marketData: context.marketData, portfolio, requestOptions }),
    analyzeForReport({
      analysis: context.analysis,
      portfolio,
      user: options.user,
      ip: options.ip,
      requestOptions,
    }),
  ]);
  // Read after the analysis, which has just put these closes in the shared per-symbol cache.
  const history = await loadCloses(context.analysis, Object.keys(portfolio), requestOptions);
  const closes = new Map([...history].map(([symbol, bars]) => [symbol, bars.map((bar) => bar.close)]));
  const generatedAt = context.analysis.now();
  const pdf = await renderPortfolioReportPdf({
    title: options.title,
    branding: options.branding,
    generatedAt,
    valuation,
    analysis,
    closes,
  });
  return { pdf, fileName: reportFileName(preparedByOf(options.branding), generatedAt) };
}

export const SAVED_PORTFOLIO_REPORT_TITLE = 'Portfolio report';

/**
 * The report of the account's saved portfolio, or of its client `clientId` (404 'Client not found' when that is
 * not a client of this account); 404 when there are no holdings to report on.
 */
export async function buildAccountPortfolioReport(options: {
  context: ReportsContext;
  user: User;
  ip: string;
  clientId?: string;
  requestOptions?: RequestOptions;
}): Promise<PortfolioReport> {
  const { context, user, clientId } = options;
  const subject = async () => {
    if (clientId === undefined) {
      const saved = await getSavedPortfolio({ db: context.db, userId: user.id });
      return {
        portfolio: saved.portfolio,
        title: SAVED_PORTFOLIO_REPORT_TITLE,
        empty: REPORT_MESSAGES.noPortfolio,
      };
    }
    const client = await findClientHoldings({ db: context.db, userId: user.id, clientId });
    return {
      portfolio: client.holdings,
      title: `${SAVED_PORTFOLIO_REPORT_TITLE}: ${client.name}`,
      empty: REPORT_MESSAGES.clientWithoutHoldings,
    };
  };
  const [{ portfolio, title, empty }, branding] = await Promise.all([
    subject(),
    loadReportBranding({ db: context.db, userId: user.id }),
  ]);
  if (Object.keys(portfolio).length === 0) throw new AppError('NOT_FOUND', empty);
  return buildPortfolioReport({ ...options, portfolio, title, branding });
}
