/**
 * Every route of the app that reads text from a request, with its schemas and a valid example request (so that
 * only the field under test is wrong), and every route that reads none, with the reason: the table of
 * src/server/http/every-string-field.test.ts.
 */
import { ZAcceptOffersRequest, ZActivityOffersQuery } from '../../contracts/activity-offers';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZResendVerificationRequest,
  ZResetPasswordRequest,
  ZSignupRequest,
  ZVerifyEmailRequest,
} from '../../contracts/accounts';
import {
  ZAdminStatsQuery,
  ZAdminUserParams,
  ZAdminUsersQuery,
  ZContactMessageParams,
  ZGrantPlanRequest,
} from '../../contracts/admin';
import {
  ZActivityParams,
  ZBulkDeleteActivitiesRequest,
  ZCostBasisMethodRequest,
  ZCreateActivityRequest,
  ZHoldingsQuery,
  ZListActivitiesQuery,
  ZUpdateActivityRequest,
} from '../../contracts/activities';
import { ZImportParams, ZImportPreviewQuery } from '../../contracts/activity-imports';
import { ZIncomeQuery } from '../../contracts/income';
import { ZBaseCurrencyBody, ZPerformanceQuery } from '../../contracts/performance';
import { ZAdviceRequest } from '../../contracts/advisor';
import {
  ZAcknowledgeAlertRequest,
  ZGenerateSnapshotRequest,
  ZPortfolioScopeQuery,
  ZSaveAlertConditionsRequest,
  ZUserIdParams as ZAlertsUserIdParams,
} from '../../contracts/alerts';
import {
  ZAnalyzeRequest,
  ZSavePortfolioRequest,
  ZValuationRequest,
  ZValueHistoryRequest,
} from '../../contracts/analysis';
import { ZSaveApiKeyRequest, ZTestApiKeyRequest, ZVendorParams } from '../../contracts/api-settings';
import { ZApiTokenParams, ZCreateApiTokenRequest } from '../../contracts/api-tokens';
import {
  ZCheckoutSessionRequest,
  ZCheckoutSessionStatusParams,
  ZContactRequest,
  ZCreateSubscriptionRequest,
  ZDemoPlanRequest,
  ZPaymentIntentRequest,
  ZPortalSessionRequest,
} from '../../contracts/billing';
import { ZHoldingsImportRequest, ZRobinhoodImportRequest } from '../../contracts/brokers';
import { ZClientParams, ZCreateClientRequest, ZUpdateClientRequest } from '../../contracts/clients';
import { ZCsvImportRequest } from '../../contracts/imports';
import {
  ZCorporateActionsQuery,
  ZHistoryQuery,
  ZQuotesRequest,
  ZSearchQuery,
  ZTickerParams,
} from '../../contracts/market-data';
import {
  ZCreatePaperPortfolioRequest,
  ZIdempotencyKey,
  ZPaperPortfolioListQuery,
  ZPaperPortfolioParams,
  ZPaperTradeRequest,
  ZPaperTradesQuery,
} from '../../contracts/paper-trading';
import { ZManualAccountRequest, ZPortfolioAccountParams } from '../../contracts/portfolio-accounts';
import { ZPortfolioReportQuery, ZSaveReportBrandingRequest } from '../../contracts/reports';
import { ZGuideParams } from '../../contracts/resources';
import {
  ZLeaderboardQuery,
  ZLessonParams,
  ZPointsQuery,
  ZUserIdParams as ZRewardsUserIdParams,
} from '../../contracts/rewards';
import { ZSuggestionParams, ZSuggestionRequest } from '../../contracts/trading-suggestions';
import { TEST_PASSWORD } from './users';

export type Schema = z.core.$ZodType;
export type Values = Record<string, unknown>;

/** Who sends a route's requests: a visitor, a Professional user, an admin, or a user of the route's own. */
export type Sender = 'visitor' | 'professional' | 'admin' | 'own';

export interface Context {
  userId: string;
  clientId: string;
  paperPortfolioId: string;
  /** A uuid that is no row's. */
  none: string;
}

interface Part {
  schema: Schema;
  valid: (context: Context) => Values;
}

export interface RouteInput {
  as: Sender;
  params?: Part;
  query?: Part;
  body?: Part;
  /** Headers the route reads with a contract schema. */
  headers?: Part;
}

const part = (schema: Schema, valid: (context: Context) => Values): Part => ({ schema, valid });
/** The holdings of the example requests (and of the client the test creates). */
export const portfolio = { AAPL: 10, MSFT: 5 };
const linkToken = 'A'.repeat(43);

/** Every route that reads text from a request, by `METHOD path` as the app registers it. */
export const INPUTS: Record<string, RouteInput> = {
  'GET /api/activities': {
    as: 'professional',
    query: part(ZListActivitiesQuery, () => ({ portfolio: 'me', symbol: 'AAPL', from: '2024-01-01' })),
  },
  'POST /api/activities': {
    as: 'professional',
    body: part(ZCreateActivityRequest, () => ({
      portfolio: 'me',
      type: 'deposit',
      date: '2024-01-02',
      amount: 100,
      currency: 'USD',
      note: 'Savings',
    })),
  },
  'PATCH /api/activities/:id': {
    as: 'professional',
    params: part(ZActivityParams, (c) => ({ id: c.none })),
    body: part(ZUpdateActivityRequest, () => ({ note: 'Savings' })),
  },
  'DELETE /api/activities/:id': {
    as: 'professional',
    params: part(ZActivityParams, (c) => ({ id: c.none })),
  },
  'POST /api/activities/bulk-delete': {
    as: 'professional',
    body: part(ZBulkDeleteActivitiesRequest, (c) => ({ portfolio: 'me', ids: [c.none] })),
  },
  // The file and its mapping are multipart (not walked here): import-routes.test.ts sends them bad.
  'POST /api/activities/import/preview': {
    as: 'professional',
    query: part(ZImportPreviewQuery, () => ({ portfolio: 'me' })),
  },
  'POST /api/activities/import/:importId/confirm': {
    as: 'professional',
    params: part(ZImportParams, (c) => ({ importId: c.none })),
  },
  'DELETE /api/activities/imports/:importId': {
    as: 'professional',
    params: part(ZImportParams, (c) => ({ importId: c.none })),
  },
  'GET /api/activities/offers': {
    as: 'professional',
    query: part(ZActivityOffersQuery, () => ({ portfolio: 'me' })),
  },
  'POST /api/activities/offers/accept': {
    as: 'professional',
    body: part(ZAcceptOffersRequest, () => ({ portfolio: 'me', offers: ['dividend:AAPL:2024-01-02:USD:1'] })),
  },
  'GET /api/holdings': { as: 'professional', query: part(ZHoldingsQuery, () => ({ portfolio: 'me' })) },
  'GET /api/holdings/income': { as: 'professional', query: part(ZIncomeQuery, () => ({ portfolio: 'me' })) },
  'GET /api/holdings/realized-by-year': {
    as: 'professional',
    query: part(ZIncomeQuery, () => ({ portfolio: 'me' })),
  },
  'PUT /api/holdings/cost-basis-method': {
    as: 'professional',
    query: part(ZHoldingsQuery, () => ({ portfolio: 'me' })),
    body: part(ZCostBasisMethodRequest, () => ({ costBasisMethod: 'fifo' })),
  },
  'GET /api/performance': {
    as: 'professional',
    query: part(ZPerformanceQuery, () => ({
      portfolio: 'me',
      range: '1Y',
      benchmark: 'SPY',
      currency: 'EUR',
    })),
  },
  'PUT /api/performance/base-currency': {
    as: 'professional',
    body: part(ZBaseCurrencyBody, () => ({ currency: 'EUR' })),
  },
  'POST /api/contact': {
    as: 'visitor',
    body: part(ZContactRequest, () => ({
      name: 'Ann Lee',
      email: 'ann@example.com',
      company: 'Acme',
      message: 'Hello',
    })),
  },
  'POST /api/clients': {
    as: 'professional',
    body: part(ZCreateClientRequest, () => ({ name: 'Smith family', holdings: portfolio })),
  },
  'GET /api/clients/:id': { as: 'professional', params: part(ZClientParams, (c) => ({ id: c.clientId })) },
  'PATCH /api/clients/:id': {
    as: 'professional',
    params: part(ZClientParams, (c) => ({ id: c.clientId })),
    body: part(ZUpdateClientRequest, () => ({ name: 'Smith family', holdings: portfolio })),
  },
  'DELETE /api/clients/:id': { as: 'professional', params: part(ZClientParams, (c) => ({ id: c.none })) },
  'POST /api/create-checkout-session': {
    as: 'professional',
    body: part(ZCheckoutSessionRequest, (c) => ({ plan: 'premium', interval: 'monthly', userId: c.userId })),
  },
  'POST /api/create-subscription': {
    as: 'professional',
    body: part(ZCreateSubscriptionRequest, () => ({
      plan: 'premium',
      interval: 'monthly',
      customerEmail: 'ann@example.com',
      customerName: 'Ann Lee',
    })),
  },
  'POST /api/create-payment-intent': { as: 'professional', body: part(ZPaymentIntentRequest, () => ({})) },
  'POST /api/create-portal-session': { as: 'professional', body: part(ZPortalSessionRequest, () => ({})) },
  'GET /api/checkout-sessions/:sessionId': {
    as: 'professional',
    params: part(ZCheckoutSessionStatusParams, () => ({ sessionId: 'cs_test_a1B2c3' })),
  },
  'GET /api/resources/guides/:slug.pdf': {
    as: 'visitor',
    params: part(ZGuideParams, () => ({ slug: 'getting-started' })),
  },
  'PUT /api/report-branding': {
    as: 'professional',
    body: part(ZSaveReportBrandingRequest, () => ({ firmName: 'Smith & Sons', color: '#1e4d8c' })),
  },
  'GET /api/reports/portfolio.pdf': {
    as: 'professional',
    query: part(ZPortfolioReportQuery, (c) => ({ clientId: c.clientId })),
  },
  'POST /api/robinhood/import-portfolio': {
    as: 'professional',
    body: part(ZRobinhoodImportRequest, () => ({ username: 'ann', password: 'robinhood-password' })),
  },
  'POST /api/auth/signup': {
    as: 'visitor',
    body: part(ZSignupRequest, () => ({
      firstName: 'Ann',
      lastName: 'Lee',
      email: `ann.${randomUUID()}@example.com`,
      password: TEST_PASSWORD,
    })),
  },
  'POST /api/auth/verify-email': {
    as: 'visitor',
    body: part(ZVerifyEmailRequest, () => ({ token: linkToken })),
  },
  'POST /api/auth/resend-verification': {
    as: 'visitor',
    body: part(ZResendVerificationRequest, () => ({ email: 'ann@example.com' })),
  },
  'POST /api/auth/reset-password': {
    as: 'visitor',
    body: part(ZResetPasswordRequest, () => ({ token: linkToken, password: 'Another-Larch-43' })),
  },
  'POST /api/auth/forgot-password': {
    as: 'visitor',
    body: part(ZForgotPasswordRequest, () => ({ email: 'ann@example.com' })),
  },
  'POST /api/auth/login': {
    as: 'visitor',
    body: part(ZLoginRequest, () => ({ email: 'ann@example.com', password: TEST_PASSWORD })),
  },
  'POST /api/account/password': {
    as: 'own',
    body: part(ZChangePasswordRequest, () => ({
      currentPassword: TEST_PASSWORD,
      newPassword: 'Another-Larch-43',
    })),
  },
  'POST /api/account/delete': {
    as: 'own',
    body: part(ZDeleteAccountRequest, () => ({ password: TEST_PASSWORD, confirm: 'DELETE' })),
  },
  'GET /api/achievements/user/:userId': {
    as: 'professional',
    params: part(ZRewardsUserIdParams, (c) => ({ userId: c.userId })),
  },
  'POST /api/admin/messages/:id/handled': {
    as: 'admin',
    params: part(ZContactMessageParams, (c) => ({ id: c.none })),
  },
  'GET /api/admin/stats': { as: 'admin', query: part(ZAdminStatsQuery, () => ({ range: '7d' })) },
  'GET /api/admin/users': {
    as: 'admin',
    query: part(ZAdminUsersQuery, () => ({ search: 'example', page: '1', pageSize: '10', sort: 'newest' })),
  },
  'POST /api/admin/users/:id/plan': {
    as: 'admin',
    params: part(ZAdminUserParams, (c) => ({ id: c.none })),
    body: part(ZGrantPlanRequest, () => ({ plan: 'premium' })),
  },
  'POST /api/admin/users/:id/suspend': {
    as: 'admin',
    params: part(ZAdminUserParams, (c) => ({ id: c.none })),
  },
  'POST /api/admin/users/:id/restore': {
    as: 'admin',
    params: part(ZAdminUserParams, (c) => ({ id: c.none })),
  },
  'DELETE /api/admin/users/:id': { as: 'admin', params: part(ZAdminUserParams, (c) => ({ id: c.none })) },
  'POST /api/analyze': {
    as: 'professional',
    body: part(ZAnalyzeRequest, () => ({ portfolio, portfolioKey: 'me' })),
  },
  'POST /api/analyze-demo': { as: 'visitor', body: part(ZAnalyzeRequest, () => ({ portfolio })) },
  'POST /api/alerts/conditions': {
    as: 'professional',
    body: part(ZSaveAlertConditionsRequest, (c) => ({
      userId: c.userId,
      clientId: c.clientId,
      conditions: [{ id: c.none, type: 'price_above', symbol: 'AAPL', threshold: 500, enabled: true }],
    })),
  },
  'GET /api/alerts/conditions/:userId': {
    as: 'professional',
    params: part(ZAlertsUserIdParams, (c) => ({ userId: c.userId })),
    query: part(ZPortfolioScopeQuery, (c) => ({ clientId: c.clientId })),
  },
  'POST /api/alerts/acknowledge': {
    as: 'professional',
    body: part(ZAcknowledgeAlertRequest, (c) => ({ alertId: c.none })),
  },
  'GET /api/alerts/:userId': {
    as: 'professional',
    params: part(ZAlertsUserIdParams, (c) => ({ userId: c.userId })),
    query: part(ZPortfolioScopeQuery, (c) => ({ clientId: c.clientId })),
  },
  'GET /api/snapshots/latest/:userId': {
    as: 'professional',
    params: part(ZAlertsUserIdParams, (c) => ({ userId: c.userId })),
    query: part(ZPortfolioScopeQuery, (c) => ({ clientId: c.clientId })),
  },
  'POST /api/snapshots/generate': {
    as: 'professional',
    body: part(ZGenerateSnapshotRequest, (c) => ({ userId: c.userId, clientId: c.clientId })),
  },
  'POST /api/api-tokens': {
    as: 'professional',
    body: part(ZCreateApiTokenRequest, () => ({ name: 'Spreadsheet', scopes: ['read:portfolio'] })),
  },
  'DELETE /api/api-tokens/:id': {
    as: 'professional',
    params: part(ZApiTokenParams, (c) => ({ id: c.none })),
  },
  'GET /api/market-data/search': { as: 'visitor', query: part(ZSearchQuery, () => ({ q: 'apple' })) },
  'POST /api/market-data/quotes': {
    as: 'visitor',
    body: part(ZQuotesRequest, () => ({ symbols: ['AAPL'] })),
  },
  'GET /api/market-data/corporate-actions': {
    as: 'visitor',
    query: part(ZCorporateActionsQuery, () => ({ symbol: 'AAPL', from: '2020-01-01', to: '2020-12-31' })),
  },
  'GET /api/market-data/:ticker': { as: 'visitor', params: part(ZTickerParams, () => ({ ticker: 'AAPL' })) },
  'GET /api/market-data/:ticker/history': {
    as: 'visitor',
    params: part(ZTickerParams, () => ({ ticker: 'AAPL' })),
    query: part(ZHistoryQuery, () => ({ range: '1M' })),
  },
  'GET /api/paper-trading/portfolio': {
    as: 'professional',
    query: part(ZPaperPortfolioListQuery, (c) => ({ userId: c.userId })),
  },
  'POST /api/paper-trading/portfolio': {
    as: 'professional',
    body: part(ZCreatePaperPortfolioRequest, () => ({
      name: 'Practice',
      description: 'Trying things',
      initialBalance: '10000',
    })),
  },
  'GET /api/paper-trading/portfolio/:id/performance': {
    as: 'professional',
    params: part(ZPaperPortfolioParams, (c) => ({ id: c.paperPortfolioId })),
  },
  'POST /api/paper-trading/trade': {
    as: 'professional',
    body: part(ZPaperTradeRequest, (c) => ({
      portfolioId: c.paperPortfolioId,
      userId: c.userId,
      symbol: 'AAPL',
      side: 'buy',
      quantity: 1,
    })),
    headers: part(z.object({ 'idempotency-key': ZIdempotencyKey }), () => ({ 'idempotency-key': 'retry-1' })),
  },
  'GET /api/paper-trading/trades': {
    as: 'professional',
    query: part(ZPaperTradesQuery, (c) => ({ portfolioId: c.paperPortfolioId, limit: '10' })),
  },
  'PUT /api/portfolio': { as: 'professional', body: part(ZSavePortfolioRequest, () => ({ portfolio })) },
  'POST /api/portfolio/valuation': { as: 'visitor', body: part(ZValuationRequest, () => ({ portfolio })) },
  'POST /api/portfolio/value-history': {
    as: 'visitor',
    body: part(ZValueHistoryRequest, () => ({ portfolio })),
  },
  'POST /api/portfolio-accounts/manual': {
    as: 'professional',
    body: part(ZManualAccountRequest, () => ({
      accountType: 'ira',
      accountName: 'Retirement',
      holdings: portfolio,
    })),
  },
  'DELETE /api/portfolio-accounts/:id': {
    as: 'professional',
    params: part(ZPortfolioAccountParams, (c) => ({ id: c.none })),
  },
  'GET /api/points': { as: 'professional', query: part(ZPointsQuery, (c) => ({ userId: c.userId })) },
  'GET /api/points/:userId/history': {
    as: 'professional',
    params: part(ZRewardsUserIdParams, (c) => ({ userId: c.userId })),
  },
  'PUT /api/settings/api-keys/:vendor': {
    as: 'professional',
    params: part(ZVendorParams, () => ({ vendor: 'polygon' })),
    body: part(ZSaveApiKeyRequest, () => ({ apiKey: 'abcdefgh1234' })),
  },
  'DELETE /api/settings/api-keys/:vendor': {
    as: 'professional',
    params: part(ZVendorParams, () => ({ vendor: 'polygon' })),
  },
  'POST /api/settings/api-keys/:vendor/test': {
    as: 'professional',
    params: part(ZVendorParams, () => ({ vendor: 'polygon' })),
    body: part(ZTestApiKeyRequest, () => ({ apiKey: 'abcdefgh1234' })),
  },
  'POST /api/import/csv': {
    as: 'visitor',
    body: part(ZCsvImportRequest, () => ({ broker: 'generic', csv: 'Symbol,Quantity\nAAPL,10\n' })),
  },
  'POST /api/fidelity/import-portfolio': {
    as: 'visitor',
    body: part(ZHoldingsImportRequest, () => ({
      holdings: [{ symbol: 'AAPL', shares: '10', type: 'stock' }],
    })),
  },
  'POST /api/etrade/import-portfolio': {
    as: 'visitor',
    body: part(ZHoldingsImportRequest, () => ({
      holdings: [{ symbol: 'AAPL', shares: '10', type: 'stock' }],
    })),
  },
  'POST /api/financial-advice': {
    as: 'professional',
    body: part(ZAdviceRequest, () => ({ symbol: 'AAPL', question: 'Should I hold it?' })),
  },
  'GET /api/leaderboard': {
    as: 'professional',
    query: part(ZLeaderboardQuery, () => ({ type: 'weekly_points' })),
  },
  'POST /api/lessons/:lessonId/read': {
    as: 'professional',
    params: part(ZLessonParams, () => ({ lessonId: 'diversification-basics' })),
  },
  'POST /api/trading-suggestions': {
    as: 'professional',
    body: part(ZSuggestionRequest, (c) => ({ portfolio, userId: c.userId })),
  },
  'PATCH /api/trading-suggestions/:id/dismiss': {
    as: 'professional',
    params: part(ZSuggestionParams, (c) => ({ id: c.none })),
  },
  'PATCH /api/trading-suggestions/:id/execute': {
    as: 'professional',
    params: part(ZSuggestionParams, (c) => ({ id: c.none })),
  },
  'PUT /api/demo/plan': { as: 'professional', body: part(ZDemoPlanRequest, () => ({ plan: 'premium' })) },
};

/** Routes that read no text from the request's body, query or path, and why. */
export const NO_TEXT_INPUT: Record<string, string> = {
  'GET /api/health': 'no input',
  'GET /api/config': 'no input',
  'GET /robots.txt': 'no input',
  'GET /sitemap.xml': 'no input',
  'GET /api/clients': 'no input',
  'GET /api/report-branding': 'no input',
  'GET /api/report-branding/logo': 'no input',
  'PUT /api/report-branding/logo': 'binary image body (decoded, never read as text)',
  'DELETE /api/report-branding/logo': 'no input',
  'POST /api/auth/logout': 'no input',
  'GET /api/auth/me': 'no input',
  'POST /api/auth/demo': 'no input',
  'POST /api/account/sessions/sign-out-others': 'no input',
  'GET /api/account/export': 'no input',
  // The file is multipart, read by ZMoveInFile (its every text field a text() rule); move-in-routes.test.ts sends bad ones.
  'POST /api/account/move-in/preview': "a multipart file only, checked whole by the contract's ZMoveInFile",
  'POST /api/account/move-in/confirm': "a multipart file only, checked whole by the contract's ZMoveInFile",
  'GET /api/achievements': 'no input',
  'GET /api/admin/me': 'no input',
  'GET /api/admin/messages': 'no input',
  'GET /api/admin/users/export': 'no input',
  'GET /api/admin/audit-log': 'no input',
  'GET /api/api-tokens': 'no input',
  'GET /api/market-data/status': 'no input',
  'GET /api/portfolio': 'no input',
  'GET /api/portfolio-accounts': 'no input',
  'POST /api/portfolio-accounts/demo': 'no input',
  'POST /api/portfolio-accounts/sync': 'no input',
  'GET /api/settings/api-keys': 'no input',
  'POST /api/stripe/webhook': 'raw body, checked against its Stripe-Signature before it is read',
  'GET /api/financial-advice/history': 'no input',
  'GET /api/terminal/overview': 'no input',
  'GET /api/terminal/advanced-analytics': 'no input',
  'GET /api/trading-suggestions': 'no input',
  'GET /api/billing': 'no input',
  'GET /api/v1/openapi.json': 'no input',
  'GET /api/v1/portfolio': 'the Authorization header only (a token pattern check before any lookup)',
  'GET /api/v1/paper-portfolios': 'the Authorization header only (a token pattern check before any lookup)',
  'GET /api/v1/valuation': 'the Authorization header only (a token pattern check before any lookup)',
  'GET /api/v1/analysis': 'the Authorization header only (a token pattern check before any lookup)',
  // Their query strings are GET /api/activities' and GET /api/holdings' schemas (each field tested through those
  // routes above), read only after a token is admitted; api-v1/activities.test.ts sends them bad values.
  'GET /api/v1/activities':
    "the Authorization header first; then /api/activities' query schema (tested there)",
  'GET /api/v1/holdings': "the Authorization header first; then /api/holdings' query schema (tested there)",
  'GET /api/v1/performance':
    "the Authorization header first; then /api/performance's query schema (tested there)",
  'GET /api/performance/base-currency': 'no input',
};
