/**
 * The read API for personal API tokens (/api/v1, decision 030): its responses, and the OpenAPI 3.1 document
 * generated from these very schemas with zod's own `z.toJSONSchema`, so the document cannot drift from what
 * the routes answer.
 */
import { z } from 'zod';
import { ZAnalyzeResponse, ZSavedPortfolioResponse, ZValuation } from './analysis';
import { API_TOKEN_SCOPE_DESCRIPTIONS, API_TOKEN_SCOPES, type ApiTokenScope } from './api-tokens';
import { ZErrorBody } from './errors';
import { ZPaperPortfolio } from './paper-trading';

export const API_V1_PREFIX = '/api/v1';

/** GET /api/v1/portfolio: the account's saved portfolio (symbol -> quantity). */
export const ZApiV1PortfolioResponse = ZSavedPortfolioResponse;

/** GET /api/v1/valuation: the saved portfolio valued at current quotes. */
export const ZApiV1ValuationResponse = z.object({
  valuation: ZValuation,
  /** When the portfolio was last saved; null when nothing is saved (then the valuation is empty). */
  updatedAt: z.string().nullable(),
});
export type ApiV1ValuationResponse = z.infer<typeof ZApiV1ValuationResponse>;

/** GET /api/v1/paper-portfolios: every paper-trading portfolio of the account, valued. */
export const ZApiV1PaperPortfoliosResponse = z.object({ portfolios: z.array(ZPaperPortfolio) });
export type ApiV1PaperPortfoliosResponse = z.infer<typeof ZApiV1PaperPortfoliosResponse>;

/** GET /api/v1/analysis: the rules analysis of the saved portfolio (wordsSource 'rules'; no AI quota). */
export const ZApiV1AnalysisResponse = ZAnalyzeResponse;

export const API_V1_NO_PORTFOLIO_MESSAGE = 'No portfolio is saved to this account yet.';

interface Endpoint {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  scope: ApiTokenScope;
  schemaName: string;
  schema: z.ZodType;
  /** Status and description of answers beyond the shared 401, 403 and 429. */
  otherErrors?: Record<string, string>;
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
      'words written by rules over those figures (wordsSource "rules"). It never calls a language model and ' +
      'does not count against any AI analysis allowance.',
    scope: 'read:analysis',
    schemaName: 'Analysis',
    schema: ZApiV1AnalysisResponse,
    otherErrors: { '404': API_V1_NO_PORTFOLIO_MESSAGE },
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
];

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests this token may make in the current window.',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window ends.',
    schema: { type: 'integer' },
  },
} as const;

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  return rest;
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

/** The OpenAPI 3.1 document of /api/v1, as GET /api/v1/openapi.json serves it. */
export function buildOpenApiDocument(options: { version: string; requestsPerMinute: number }) {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = { Error: jsonSchemaOf(ZErrorBody) };
  for (const endpoint of API_V1_ENDPOINTS) {
    schemas[endpoint.schemaName] = jsonSchemaOf(endpoint.schema);
    paths[`${API_V1_PREFIX}${endpoint.path}`] = {
      get: {
        operationId: endpoint.operationId,
        summary: endpoint.summary,
        description: endpoint.description,
        tags: [endpoint.scope],
        security: [{ bearerAuth: [endpoint.scope] }],
        responses: {
          '200': {
            description: 'OK',
            headers: RATE_LIMIT_HEADERS,
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${endpoint.schemaName}` } },
            },
          },
          '401': errorResponse('No token, or a token that is invalid or revoked (UNAUTHENTICATED).'),
          '403': errorResponse(
            `The token lacks the ${endpoint.scope} scope (FORBIDDEN), or its owner is no longer on the Professional plan (SUBSCRIPTION_REQUIRED).`,
          ),
          ...Object.fromEntries(
            Object.entries(endpoint.otherErrors ?? {}).map(([status, text]) => [status, errorResponse(text)]),
          ),
          '429': errorResponse('Too many requests for this token in the current window (RATE_LIMITED).'),
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
        `anywhere else. Each token may make ${options.requestsPerMinute} requests per minute; every answer ` +
        'carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.',
    },
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
