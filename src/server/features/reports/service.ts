/**
 * White-label reports (issue #16 item 2, decision 033): a Professional user's branding (firm name, colour, logo)
 * and the PDF report of a portfolio.
 *
 * The report is built from holdings (`buildPortfolioReport`), whoever owns them: the account's saved portfolio
 * or one of its client portfolios (`buildAccountPortfolioReport`). Its figures are the app's own: the valuation of POST /api/portfolio/valuation and the analysis of
 * POST /api/analyze (the model's words when one is configured, the rules' words otherwise or when it fails), and
 * the returns of GET /api/performance over the report's periods (decision 042), so the report says what the
 * screen says.
 */
import type { User } from '../../../contracts/accounts';
import type { AnalyzeResponse, Portfolio } from '../../../contracts/analysis';
import { AppError } from '../../../contracts/errors';
import { REPORT_MESSAGES, type ReportBrandingResponse } from '../../../contracts/reports';
import { LOGO_MESSAGES } from '../../../domain/reports/report-logo';
import { reportFileName, type ReportFileName } from '../../../domain/reports/report-layout';
import type { Database } from '../../db/client';
import { analyzePortfolioWithAi, analyzePortfolioWithRules, type AnalysisContext } from '../analysis/service';
import type { MarketDataService } from '../market-data/service';
import { findClientHoldings } from '../clients/service';
import { getSavedPortfolio, valuePortfolio } from '../portfolio/service';
import { getPerformanceOverPeriods, type PerformanceContext } from '../performance/service';
import {
  clearBrandingLogo,
  findBrandingWithLogo,
  upsertBrandingLogo,
  upsertBrandingText,
  type BrandingRow,
} from './repository';
import { decodeLogo, type DecodedLogo } from './logo-image';
import { preparedByOf, renderPortfolioReportPdf, type ReportBranding } from './report-pdf';
import type { ReportPerformance } from './report-blocks';

export interface ReportsContext {
  db: Database;
  marketData: MarketDataService;
  analysis: AnalysisContext;
  performance: PerformanceContext;
}

// ---------------------------------------------------------------------------------------------- branding

function toResponse(row: BrandingRow | undefined, logoProblem: string | null): ReportBrandingResponse {
  if (!row) return { firmName: null, color: null, logo: null, logoProblem: null };
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
    logoProblem,
  };
}

/**
 * The stored logo decoded again, as it will be drawn (sharp's fresh PNG), or null with the reason shown to the
 * owner on /account when it no longer decodes (written before logos were decoded at upload, or changed in the
 * database): a report is then made without it rather than refused.
 */
async function checkStoredLogo(
  logo: Buffer | null,
): Promise<{ decoded: DecodedLogo | null; problem: string | null }> {
  if (!logo) return { decoded: null, problem: null };
  const decoded = await decodeLogo({ bytes: logo, stored: true });
  return decoded.ok ? { decoded, problem: null } : { decoded: null, problem: LOGO_MESSAGES.storedUnreadable };
}

/** The branding as the form shows it, its stored logo checked as a report would draw it. */
async function brandingResponse(db: Database, userId: string): Promise<ReportBrandingResponse> {
  const row = await findBrandingWithLogo(db, userId);
  const { problem } = await checkStoredLogo(row?.logo ?? null);
  return toResponse(row, problem);
}

export async function getReportBranding(options: { db: Database; userId: string }) {
  return brandingResponse(options.db, options.userId);
}

export async function saveReportBranding(options: {
  db: Database;
  userId: string;
  firmName: string | null;
  color: string | null;
}): Promise<ReportBrandingResponse> {
  const { db, userId, firmName, color } = options;
  await upsertBrandingText(db, userId, { firmName, color });
  return brandingResponse(db, userId);
}

/**
 * Stores the logo once it has been decoded in full (`decodeLogo`: type, size and dimensions from its bytes,
 * never from a name or header; image data no larger than its header says). Only sharp's re-encoding, a PNG, is
 * stored: the uploaded bytes themselves are never kept or drawn. Nothing is stored when it is refused.
 */
export async function saveReportLogo(options: {
  db: Database;
  userId: string;
  bytes: Buffer;
}): Promise<ReportBrandingResponse> {
  const decoded = await decodeLogo({ bytes: options.bytes, stored: false });
  if (!decoded.ok) {
    throw new AppError(decoded.code, decoded.message, { fields: { logo: decoded.message } });
  }
  const row = await upsertBrandingLogo(options.db, options.userId, {
    bytes: decoded.bytes,
    type: 'image/png',
    width: decoded.width,
    height: decoded.height,
  });
  return toResponse(row, null);
}

export async function removeReportLogo(options: { db: Database; userId: string }) {
  return toResponse(await clearBrandingLogo(options.db, options.userId), null);
}

/** The stored logo's bytes and type (the form's preview); 404 when none. */
export async function getReportLogo(options: { db: Database; userId: string }) {
  const row = await findBrandingWithLogo(options.db, options.userId);
  if (!row?.logo || !row.logoType) throw new AppError('NOT_FOUND', REPORT_MESSAGES.noLogo);
  return { bytes: row.logo, type: row.logoType };
}

/**
 * The branding a report is drawn with (Foliowise's own where the user set nothing). The logo is the stored one
 * decoded again and re-encoded by sharp, or none when that fails (the report is still made).
 */
export async function loadReportBranding(options: { db: Database; userId: string }): Promise<ReportBranding> {
  const row = await findBrandingWithLogo(options.db, options.userId);
  if (!row) return { firmName: null, color: null, logo: null };
  const { decoded } = await checkStoredLogo(row.logo);
  return {
    firmName: row.firmName,
    color: row.color,
    logo: decoded ? { bytes: decoded.bytes, width: decoded.width, height: decoded.height } : null,
  };
}

// ------------------------------------------------------------------------------------------------ report

export interface PortfolioReport {
  pdf: Buffer;
  fileName: ReportFileName;
}

/**
 * The analysis the analyzer shows for these holdings: the model's words when one is configured (a paid plan
 * spends no allowance), the rules' words without one or when it fails (a report is not refused for want of a
 * model); the figures are the same either way, the returns of the history `historyKey` among them as on the
 * analyzer (decision 043).
 */
async function analyzeForReport(options: {
  analysis: AnalysisContext;
  portfolio: Portfolio;
  historyKey: string;
  user: User;
  ip: string;
}): Promise<AnalyzeResponse> {
  const { analysis, portfolio, user } = options;
  const returnsOf = { user, portfolioKey: options.historyKey };
  if (analysis.writer.isConfigured) {
    try {
      return await analyzePortfolioWithAi({
        ...analysis,
        portfolio,
        returnsOf,
        requester: { user, visitorId: undefined, ip: options.ip },
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'AI_UNAVAILABLE')) throw error;
    }
  }
  return analyzePortfolioWithRules({ ...analysis, portfolio, returnsOf, userId: user.id });
}

/** The periods of the report's performance page, in its order (decision 042). */
export const REPORT_PERFORMANCE_RANGES = ['YTD', '1Y', '3Y', '5Y', 'MAX'] as const;

/** Refusals of the returns that the report says on its page instead of failing: the history's, not the request's. */
const PERFORMANCE_REFUSALS: readonly string[] = [
  'NO_HISTORY',
  'NO_FX_RATES',
  'CURRENCY_MISMATCH',
  'INSUFFICIENT_SHARES',
];

/**
 * The returns of the history `historyKey` over REPORT_PERFORMANCE_RANGES, exactly as GET /api/performance answers
 * them (the person's base currency, SPY beside them), or the message the report gives instead: the Performance
 * view's empty state for a portfolio without a history, the computation's own for a history it refuses.
 */
async function readReportPerformance(options: {
  context: ReportsContext;
  user: User;
  historyKey: string;
}): Promise<ReportPerformance> {
  try {
    const periods = await getPerformanceOverPeriods({
      context: options.context.performance,
      user: options.user,
      query: { portfolio: options.historyKey },
      periods: REPORT_PERFORMANCE_RANGES.map((range) => ({ range })),
    });
    const max = periods.find((answer) => answer.period.range === 'MAX');
    if (!max) throw new Error('The returns over Max were not answered');
    return { periods, max };
  } catch (error) {
    if (error instanceof AppError && PERFORMANCE_REFUSALS.includes(error.code))
      return { message: error.message };
    throw error;
  }
}

/**
 * The PDF report of `portfolio` under `branding`, titled `title`: valuation, analysis, a year of closes per
 * holding and the returns of its history `historyKey` (`me`, `client:<id>`), then the drawing.
 */
export async function buildPortfolioReport(options: {
  context: ReportsContext;
  portfolio: Portfolio;
  historyKey: string;
  title: string;
  branding: ReportBranding;
  user: User;
  ip: string;
}): Promise<PortfolioReport> {
  const { context, portfolio, user } = options;
  const [valuation, analysis, performance] = await Promise.all([
    valuePortfolio({ marketData: context.marketData, portfolio, userId: user.id }),
    analyzeForReport({
      analysis: context.analysis,
      portfolio,
      historyKey: options.historyKey,
      user,
      ip: options.ip,
    }),
    readReportPerformance({ context, user, historyKey: options.historyKey }),
  ]);
  // The charts' closes, in each listing's own currency (a London listing's in pence, labelled so): read after
  // the analysis, which has just put these closes in the market-data service's cache.
  const { histories } = await context.marketData.getLocalCloses(Object.keys(portfolio), '1Y', {
    userId: user.id,
  });
  const localCloses = new Map(
    Object.entries(histories).map(([symbol, { currency, closes }]) => [
      symbol,
      { currency, closes: closes.map((bar) => bar.close) },
    ]),
  );
  const generatedAt = context.analysis.now();
  const pdf = await renderPortfolioReportPdf({
    title: options.title,
    branding: options.branding,
    generatedAt,
    valuation,
    analysis,
    localCloses,
    performance,
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
}): Promise<PortfolioReport> {
  const { context, user, clientId } = options;
  const subject = async () => {
    if (clientId === undefined) {
      const saved = await getSavedPortfolio({ db: context.db, userId: user.id });
      return {
        portfolio: saved.portfolio,
        historyKey: 'me',
        title: SAVED_PORTFOLIO_REPORT_TITLE,
        empty: REPORT_MESSAGES.noPortfolio,
      };
    }
    const client = await findClientHoldings({ db: context.db, userId: user.id, clientId });
    return {
      portfolio: client.holdings,
      historyKey: `client:${clientId}`,
      title: `${SAVED_PORTFOLIO_REPORT_TITLE}: ${client.name}`,
      empty: REPORT_MESSAGES.clientWithoutHoldings,
    };
  };
  const [{ portfolio, historyKey, title, empty }, branding] = await Promise.all([
    subject(),
    loadReportBranding({ db: context.db, userId: user.id }),
  ]);
  if (Object.keys(portfolio).length === 0) throw new AppError('NOT_FOUND', empty);
  return buildPortfolioReport({ ...options, portfolio, historyKey, title, branding });
}
