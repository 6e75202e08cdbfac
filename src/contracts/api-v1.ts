/**
 * The read API for personal API tokens (/api/v1, decision 030): its responses, and the OpenAPI 3.1 document
 * generated from these very schemas with zod's own `z.toJSONSchema`, so the document cannot drift from what
 * the routes answer.
 */
import { z } from 'zod';
import {
  ACTIVITY_PAGE_SIZE,
  ZActivityListResponse,
  ZHoldingsQuery,
  ZHoldingsResponse,
  ZListActivitiesQuery,
  ZPortfolioKey,
} from './activities';
import { ZAnalyzeResponse, ZSavedPortfolioResponse, ZValuation } from './analysis';
import { API_TOKEN_SCOPE_DESCRIPTIONS, API_TOKEN_SCOPES, type ApiTokenScope } from './api-tokens';
import { ZIsoDateTime } from './dates';
import { errorStatusByCode, ZServerErrorBody, type ServerErrorCode } from './errors';
import { ZPaperPortfolio } from './paper-trading';
import {
  BASE_CURRENCIES,
  PERFORMANCE_MESSAGES,
  ZPerformanceQuery,
  ZPerformanceResponse,
} from './performance';
import { PERIOD_RANGES } from '../domain/performance/periods';

export const API_V1_PREFIX = '/api/v1';

/** GET /api/v1/portfolio: the account's saved portfolio (symbol -> quantity). */
export const ZApiV1PortfolioResponse = ZSavedPortfolioResponse;

/** GET /api/v1/valuation: the saved portfolio valued at current quotes. */
export const ZApiV1ValuationResponse = z.object({
  valuation: ZValuation,
  /** When the portfolio was last saved; null when nothing is saved (then the valuation is empty). */
  updatedAt: ZIsoDateTime.nullable(),
});
export type ApiV1ValuationResponse = z.infer<typeof ZApiV1ValuationResponse>;

/** GET /api/v1/paper-portfolios: every paper-trading portfolio of the account, valued. */
export const ZApiV1PaperPortfoliosResponse = z.object({ portfolios: z.array(ZPaperPortfolio) });
export type ApiV1PaperPortfoliosResponse = z.infer<typeof ZApiV1PaperPortfoliosResponse>;

/** GET /api/v1/analysis: the rules analysis of the saved portfolio (wordsSource 'rules'; no AI quota). */
export const ZApiV1AnalysisResponse = ZAnalyzeResponse;

/** `portfolio` as /api/activities takes it, the saved portfolio (`me`) when absent, as the other reads answer it. */
const ZApiV1PortfolioKey = ZPortfolioKey.default('me');

/** GET /api/v1/activities: a page of a portfolio's history, newest first, as GET /api/activities answers it. */
export const ZApiV1ActivitiesQuery = ZListActivitiesQuery.extend({ portfolio: ZApiV1PortfolioKey });
export type ApiV1ActivitiesQuery = z.output<typeof ZApiV1ActivitiesQuery>;
export const ZApiV1ActivitiesResponse = ZActivityListResponse;
export type ApiV1ActivitiesResponse = z.infer<typeof ZApiV1ActivitiesResponse>;

/** GET /api/v1/holdings: a portfolio's holdings replayed from its history, as GET /api/holdings answers them. */
export const ZApiV1HoldingsQuery = ZHoldingsQuery.extend({ portfolio: ZApiV1PortfolioKey });
export const ZApiV1HoldingsResponse = ZHoldingsResponse;
export type ApiV1HoldingsResponse = z.infer<typeof ZApiV1HoldingsResponse>;

/** GET /api/v1/performance: a portfolio's returns over a period, as GET /api/performance answers them. */
export const ZApiV1PerformanceQuery = ZPerformanceQuery;
export const ZApiV1PerformanceResponse = ZPerformanceResponse;
export type ApiV1PerformanceResponse = z.infer<typeof ZApiV1PerformanceResponse>;

export const API_V1_NO_PORTFOLIO_MESSAGE = 'No portfolio is saved to this account yet.';

/**
 * An error a v1 operation answers: when, and whether the request was counted against the token's limit before
 * it was refused (a counted request's answer carries the RateLimit headers, as every success does).
 */
interface ErrorAnswer {
  code: ServerErrorCode;
  when: string;
  isCounted: boolean;
  /** The answer also says when to try again (Retry-After). */
  hasRetryAfter?: boolean;
}

/** Any route's, the URL check's (http/url-encoding.ts): it runs before the route's own hooks, so counts nothing. */
const MALFORMED_QUERY: ErrorAnswer = {
  code: 'BAD_REQUEST',
  when: 'The query string holds a %XX escape that is not UTF-8 text.',
  isCounted: false,
};

/**
 * The refusals of the token guard (auth/api-token-guard.ts) in its order: the token and its owner's plan are
 * checked before the request is counted, the count and the scope after.
 */
const TOKEN_GUARD_ERRORS: readonly ErrorAnswer[] = [
  {
    code: 'UNAUTHENTICATED',
    when: "No token, or one that is invalid or revoked, or whose owner's account is suspended.",
    isCounted: false,
  },
  {
    code: 'SUBSCRIPTION_REQUIRED',
    when: "The token's owner is no longer on the Professional plan.",
    isCounted: false,
  },
  {
    code: 'RATE_LIMITED',
    when: 'Too many requests for this token in the current window.',
    isCounted: true,
    hasRetryAfter: true,
  },
  { code: 'FORBIDDEN', when: "The token lacks this operation's scope.", isCounted: true },
];

/** The query parameters of an operation: its contract schema, and what each parameter means. */
interface EndpointQuery {
  schema: z.ZodObject;
  descriptions: Record<string, string>;
}

const PORTFOLIO_PARAMETER =
  'Whose history: `me` (your saved portfolio, the default), `account:<id>` (a portfolio account), ' +
  '`client:<id>` (a client) or `paper:<id>` (a paper portfolio, its trades).';

/**
 * The refusals of a read of one portfolio's history (activities/service.ts). Its plan gates (accounts Premium,
 * clients Professional) never refuse here: a token's owner is on the Professional plan, which has both.
 */
const PORTFOLIO_ERRORS: readonly ErrorAnswer[] = [
  {
    code: 'VALIDATION_ERROR',
    when: 'A query parameter is not valid; the message and `fields` name it.',
    isCounted: true,
  },
  { code: 'NOT_FOUND', when: 'The portfolio is not one of yours.', isCounted: true },
];

interface Endpoint {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  scope: ApiTokenScope;
  schemaName: string;
  schema: z.ZodType;
  query?: EndpointQuery;
  /** Errors of the operation itself, beyond the token guard's. */
  errors?: readonly ErrorAnswer[];
}

/** Every v1 read, in the order the docs page lists them. */
export const API_V1_ENDPOINTS: readonly Endpoint[] = [
  {
    path: '/portfolio',
    operationId: 'getPortfolio',
    summary: 'Saved portfolio',
    description: 'The portfolio saved to your account: each symbol with its quantity.',
    scope: 'read:portfolio',
    schemaName: 'Portfolio',
    schema: ZApiV1PortfolioResponse,
  },
  {
    path: '/valuation',
    operationId: 'getValuation',
    summary: 'Valuation',
    description:
      'Your saved portfolio valued at current quotes: totals, daily change, weights, allocation and health check. ' +
      'Each holding names its price source; simulated prices say so (isSimulated).',
    scope: 'read:portfolio',
    schemaName: 'Valuation',
    schema: ZApiV1ValuationResponse,
  },
  {
    path: '/analysis',
    operationId: 'getAnalysis',
    summary: 'Analysis',
    description:
      'The analysis of your saved portfolio computed now: risk, concentration, exposure and health figures with ' +
      'words written by rules over those figures (wordsSource "rules"). When the saved portfolio holds what its ' +
      "recorded history leaves, metrics.returns holds that history's 1Y, YTD and Max returns (those it covers) beside SPY in your " +
      "base currency (GET /api/v1/performance's figures); otherwise null. It never calls a language model and " +
      'does not count against any AI analysis allowance.',
    scope: 'read:analysis',
    schemaName: 'Analysis',
    schema: ZApiV1AnalysisResponse,
    errors: [{ code: 'NOT_FOUND', when: API_V1_NO_PORTFOLIO_MESSAGE, isCounted: true }],
  },
  {
    path: '/paper-portfolios',
    operationId: 'getPaperPortfolios',
    summary: 'Paper portfolios',
    description: 'Your paper-trading portfolios with cash, holdings at current quotes and returns.',
    scope: 'read:portfolio',
    schemaName: 'PaperPortfolios',
    schema: ZApiV1PaperPortfoliosResponse,
  },
  {
    path: '/activities',
    operationId: 'getActivities',
    summary: 'Activities',
    description:
      `A portfolio's history (buys, sells, dividends, interest, fees, taxes, splits, deposits, withdrawals and ` +
      `transfers), newest first, ${ACTIVITY_PAGE_SIZE} a page: pass nextCursor as cursor for the next page. ` +
      'Dates are YYYY-MM-DD; quantity, price, fee and amount are numbers, null where they do not apply.',
    scope: 'read:portfolio',
    schemaName: 'Activities',
    schema: ZApiV1ActivitiesResponse,
    query: {
      schema: ZApiV1ActivitiesQuery,
      descriptions: {
        portfolio: PORTFOLIO_PARAMETER,
        type: 'Only activities of this type.',
        symbol: 'Only activities of this symbol.',
        from: 'Only activities on or after this date.',
        to: 'Only activities on or before this date.',
        cursor: "The previous page's nextCursor.",
      },
    },
    errors: PORTFOLIO_ERRORS,
  },
  {
    path: '/holdings',
    operationId: 'getHoldings',
    summary: 'Holdings',
    description:
      "A portfolio's holdings replayed from its history: quantity, cost basis and lots (by the portfolio's " +
      'method, FIFO or average cost), average cost, price, unrealized and realized gains; then income, costs ' +
      'and cash per currency. A portfolio without a history is its holdings at unknown cost (hasHistory false).',
    scope: 'read:portfolio',
    schemaName: 'Holdings',
    schema: ZApiV1HoldingsResponse,
    query: { schema: ZApiV1HoldingsQuery, descriptions: { portfolio: PORTFOLIO_PARAMETER } },
    errors: PORTFOLIO_ERRORS,
  },
  {
    path: '/performance',
    operationId: 'getPerformance',
    summary: 'Performance',
    description:
      "A portfolio's returns over a period, in a base currency (docs/performance.md): the time-weighted return " +
      '(twr) and the money-weighted one (mwr, XIRR; null with the reason in mwrUnavailable when it does not ' +
      'exist), both annualized for periods over a year; the start and end values, net flows, the change split ' +
      'into price, dividends, interest, fees, taxes and currency; a daily series; a benchmark beside them. ' +
      'Returns are fractions (0.0523 for 5.23 %), money is rounded to the cent. `sources` names where each ' +
      "symbol's closes and each currency's rates came from (`simulated` when no vendor gave them), and " +
      '`approximations` each run of days valued without a price of its own.',
    scope: 'read:portfolio',
    schemaName: 'Performance',
    schema: ZApiV1PerformanceResponse,
    query: {
      schema: ZApiV1PerformanceQuery,
      descriptions: {
        portfolio: PORTFOLIO_PARAMETER,
        range: `The period, ending today: ${PERIOD_RANGES.join(', ')} (MAX, the whole history, by default).`,
        from: 'With `to`: the first day of a period of your choice (instead of `range`).',
        to: 'With `from`: the last day of the period.',
        benchmark: 'The ticker to compare with (SPY by default), or `none`.',
        currency: `The base currency: ${BASE_CURRENCIES.join(', ')} (your setting, USD unless set, by default).`,
      },
    },
    errors: [
      ...PORTFOLIO_ERRORS,
      {
        code: 'INVALID_DATES',
        when: 'from is after to, or after today.',
        isCounted: true,
      },
      {
        code: 'BEFORE_HISTORY',
        when: "The period ends before the portfolio's first activity.",
        isCounted: true,
      },
      {
        code: 'NO_HISTORY',
        when: `The portfolio has no activities: '${PERFORMANCE_MESSAGES.noHistory}'.`,
        isCounted: true,
      },
      {
        code: 'NO_FX_RATES',
        when: 'A currency of the history has no exchange rate to the base currency.',
        isCounted: true,
      },
    ],
  },
];

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': 'Requests this token may make in the current window.',
  'RateLimit-Remaining': 'Requests left in the current window.',
  'RateLimit-Reset': 'Seconds until the window ends.',
} as const;
const RETRY_AFTER_HEADER = { 'Retry-After': 'Seconds to wait before trying again: until the window ends.' };

/** A response's schema (`output`), or a request's (`input`: what may be sent, defaults not required). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
}

/** The query parameters of an operation, each with its schema from the contract's. */
function queryParametersOf(query: EndpointQuery) {
  const object = jsonSchemaOf(query.schema, 'input') as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    description: query.descriptions[name],
    schema,
  }));
}

/** Header objects: required, or only with some codes of their status (a 403 for a scope was counted, one for the plan not). */
function headerObjects(descriptions: Record<string, string>, onlyWith?: readonly ServerErrorCode[]) {
  const only = onlyWith ? ` Only with ${onlyWith.join(', ')}.` : '';
  return Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => [
      name,
      { description: `${description}${only}`, required: !onlyWith, schema: { type: 'integer', minimum: 0 } },
    ]),
  );
}

/** The headers of the answers of one status: those every answer carries are required, those some carry optional. */
function headersOfAnswers(
  descriptions: Record<string, string>,
  answers: readonly ErrorAnswer[],
  carrying: readonly ErrorAnswer[],
) {
  if (carrying.length === 0) return {};
  return headerObjects(
    descriptions,
    carrying.length === answers.length ? undefined : carrying.map((answer) => answer.code),
  );
}

function withHeaders(headers: Record<string, unknown>) {
  return Object.keys(headers).length > 0 ? { headers } : {};
}

/** The error responses of an operation by status (the code's own, errorStatusByCode), with their headers. */
function errorResponsesOf(answers: readonly ErrorAnswer[]) {
  const byStatus = new Map<number, ErrorAnswer[]>();
  for (const answer of answers) {
    const status = errorStatusByCode[answer.code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), answer]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, ofStatus]) => [
      String(status),
      {
        description: ofStatus.map((answer) => `${answer.code}: ${answer.when}`).join(' '),
        ...withHeaders({
          ...headersOfAnswers(
            RATE_LIMIT_HEADERS,
            ofStatus,
            ofStatus.filter((answer) => answer.isCounted),
          ),
          ...headersOfAnswers(
            RETRY_AFTER_HEADER,
            ofStatus,
            ofStatus.filter((answer) => answer.hasRetryAfter),
          ),
        }),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

function jsonResponse(schemaName: string, headers: Record<string, unknown>) {
  return {
    description: 'OK',
    headers,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } },
  };
}

export interface OpenApiDocumentOptions {
  version: string;
  requestsPerMinute: number;
  /** Where the API is reached: the app's public URL (PUBLIC_URL), its paths start with /api/v1. */
  serverUrl: string;
}

/** The OpenAPI 3.1 document of /api/v1, as GET /api/v1/openapi.json serves it. */
export function buildOpenApiDocument(options: OpenApiDocumentOptions) {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = { Error: jsonSchemaOf(ZServerErrorBody) };
  for (const endpoint of API_V1_ENDPOINTS) {
    schemas[endpoint.schemaName] = jsonSchemaOf(endpoint.schema);
    const errors = [MALFORMED_QUERY, ...TOKEN_GUARD_ERRORS, ...(endpoint.errors ?? [])];
    paths[`${API_V1_PREFIX}${endpoint.path}`] = {
      get: {
        operationId: endpoint.operationId,
        summary: endpoint.summary,
        description: endpoint.description,
        tags: [endpoint.scope],
        security: [{ bearerAuth: [endpoint.scope] }],
        ...(endpoint.query ? { parameters: queryParametersOf(endpoint.query) } : {}),
        responses: {
          '200': jsonResponse(endpoint.schemaName, headerObjects(RATE_LIMIT_HEADERS)),
          ...errorResponsesOf(errors),
        },
      },
    };
  }
  paths[`${API_V1_PREFIX}/openapi.json`] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      description: 'The OpenAPI 3.1 description of this API. Needs no token.',
      security: [],
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } },
        ...errorResponsesOf([MALFORMED_QUERY]),
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Foliowise API',
      version: `1 (app ${options.version})`,
      description:
        'A read API for the Professional plan. Create a personal API token on /api-settings and send it as ' +
        'Authorization: Bearer <token>. Session cookies are not accepted here, and tokens are not accepted ' +
        `anywhere else. Each token may make ${options.requestsPerMinute} requests per minute. Every request that ` +
        'is counted is answered with RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset, and one past the ' +
        'limit with 429 and Retry-After; each response below says whether it carries them.',
    },
    servers: [{ url: options.serverUrl, description: 'This Foliowise server' }],
    tags: API_TOKEN_SCOPES.map((scope) => ({
      name: scope,
      description: API_TOKEN_SCOPE_DESCRIPTIONS[scope],
    })),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal API token (fw_...) with the scope each operation names.',
        },
      },
      schemas,
    },
  };
}

/** The parts of the document the docs page reads. */
const ZOpenApiResponse = z.object({
  description: z.string(),
  content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })).optional(),
});
export const ZOpenApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(
    z.string(),
    z.object({
      get: z.object({
        operationId: z.string(),
        summary: z.string(),
        description: z.string(),
        security: z.array(z.record(z.string(), z.array(z.string()))),
        responses: z.record(z.string(), ZOpenApiResponse),
      }),
    }),
  ),
  components: z.object({ schemas: z.record(z.string(), z.record(z.string(), z.unknown())) }),
});
export type OpenApiDocument = z.infer<typeof ZOpenApiDocument>;
