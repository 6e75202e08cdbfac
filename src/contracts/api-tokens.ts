import { z } from 'zod';
import { text } from './text';

/** What a personal API token may read on /api/v1 (decision 030). */
export const API_TOKEN_SCOPES = ['read:portfolio', 'read:analysis'] as const;
export const ZApiTokenScope = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof ZApiTokenScope>;

export const API_TOKEN_SCOPE_DESCRIPTIONS: Readonly<Record<ApiTokenScope, string>> = {
  'read:portfolio': 'Your saved portfolio, its valuation and your paper portfolios',
  'read:analysis': 'The rules analysis of your saved portfolio',
};

/** The shown token: this prefix, then 32 random bytes in base64url. */
export const API_TOKEN_PREFIX = 'fw_';
export const API_TOKEN_PATTERN = /^fw_[A-Za-z0-9_-]{43}$/;
export const MAX_API_TOKENS = 25;
export const API_TOKEN_NAME_MAX = 60;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Please enter a token name',
  nameTooLong: `Token names are at most ${API_TOKEN_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
  tooMany: `You can have at most ${MAX_API_TOKENS} API tokens. Revoke one to create another.`,
  notFound: 'API token not found',
  tokenRequired: 'An API token is required: send it as Authorization: Bearer <token>.',
  invalidToken: 'This API token is invalid or has been revoked.',
} as const;

export function missingScopeMessage(scope: ApiTokenScope): string {
  return `This API token does not have the ${scope} scope.`;
}

/** POST /api/api-tokens */
export const ZCreateApiTokenRequest = z.object({
  name: text({
    field: 'Token name',
    max: API_TOKEN_NAME_MAX,
    min: 1,
    required: API_TOKEN_MESSAGES.nameRequired,
    tooShort: API_TOKEN_MESSAGES.nameRequired,
    tooLong: API_TOKEN_MESSAGES.nameTooLong,
  }),
  scopes: z
    .array(ZApiTokenScope, { error: API_TOKEN_MESSAGES.scopesRequired })
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiTokenRequest = z.input<typeof ZCreateApiTokenRequest>;

/** DELETE /api/api-tokens/{id}: any text; one that is no token of the user's is a 404. */
export const ZApiTokenParams = z.object({ id: text({ field: 'Token', max: 100 }) });

/** A token as listed: never the token itself, only its last four characters. */
export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ZApiTokenScope),
  last4: z.string(),
  /** ISO 8601 instants; lastUsedAt is null until the first request and exact to the minute. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ZApiToken>;

/** GET /api/api-tokens: newest first. */
export const ZApiTokenListResponse = z.object({ tokens: z.array(ZApiToken) });
export type ApiTokenListResponse = z.infer<typeof ZApiTokenListResponse>;

/** POST /api/api-tokens -> 201: the one answer that carries the token. */
export const ZCreatedApiTokenResponse = ZApiToken.extend({ token: z.string().regex(API_TOKEN_PATTERN) });
export type CreatedApiTokenResponse = z.infer<typeof ZCreatedApiTokenResponse>;
