/**
 * Client portfolios, /api/clients (issue #16 item 1, docs/decisions/032): a Professional user's named client
 * portfolios, each with its own holdings. Money figures are plain numbers in USD (display figures, like the
 * analyzer's valuation); times are ISO strings.
 */
import { z } from 'zod';
import { CLIENT_LIMITS } from '../domain/clients';
import { ZPortfolio } from './analysis';
import { ZMarketDataSource } from './market-data';
import { text } from './text';

export const CLIENT_MESSAGES = {
  nameRequired: 'Client name is required',
  nameTooLong: `Client name can be at most ${CLIENT_LIMITS.nameMaxLength} characters`,
  tooManyClients: `You can keep at most ${CLIENT_LIMITS.maxClients} clients, archived ones included. Delete one to add another.`,
  notFound: 'Client not found',
  nothingToChange: 'Send at least one of: name, archived, holdings, reviewed',
  reviewedTrue: 'reviewed can only be true (it stamps the review time)',
  archivedBoolean: 'archived must be true or false',
  clientIdInvalid: 'clientId must be a client id (a uuid).',
} as const;
const M = CLIENT_MESSAGES;

/** `clientId` where another feature takes one of the user's clients (a report, alerts, snapshots). */
export const ZClientIdField = z.uuid({ error: M.clientIdInvalid });

export const ZClientName = text({
  field: 'Client name',
  max: CLIENT_LIMITS.nameMaxLength,
  min: 1,
  required: M.nameRequired,
  tooShort: M.nameRequired,
  tooLong: M.nameTooLong,
});

/** POST /api/clients: a name and, optionally, holdings (as the analyzer's portfolio; none: an empty client). */
export const ZCreateClientRequest = z.object({
  name: ZClientName,
  holdings: ZPortfolio.default({}),
});
export type CreateClientInput = z.input<typeof ZCreateClientRequest>;

/** PATCH /api/clients/{id}: any of rename, archive or unarchive, replace the holdings, mark reviewed now. */
export const ZUpdateClientRequest = z
  .object({
    name: ZClientName.optional(),
    archived: z.boolean({ error: M.archivedBoolean }).optional(),
    holdings: ZPortfolio.optional(),
    reviewed: z.literal(true, { error: M.reviewedTrue }).optional(),
  })
  .refine(
    (body) =>
      body.name !== undefined ||
      body.archived !== undefined ||
      body.holdings !== undefined ||
      body.reviewed !== undefined,
    M.nothingToChange,
  );
export type UpdateClientInput = z.input<typeof ZUpdateClientRequest>;

/** PATCH and DELETE /api/clients/{id}: any text; one that is no client of the user's is a 404. */
export const ZClientParams = z.object({ id: text({ field: 'Client id', max: 100, message: M.notFound }) });

export const ZClientRiskLevel = z.enum(['low', 'medium', 'high']);

/** One row of the clients overview, valued at the quotes of the answer. */
export const ZClientSummary = z.object({
  id: z.string(),
  name: z.string(),
  holdingsCount: z.number().int(),
  value: z.number(),
  dayChange: z.number(),
  /** Percent units; null when yesterday's value is 0. */
  dayChangePercent: z.number().nullable(),
  /** From the asset mix (src/domain/clients.ts); null without priced holdings. */
  riskLevel: ZClientRiskLevel.nullable(),
  lastReviewedAt: z.string().nullable(),
  /** Null while active. */
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientSummary = z.infer<typeof ZClientSummary>;

/** GET /api/clients: every client of the user (archived too), newest first, with where the prices came from. */
export const ZClientListResponse = z.object({
  clients: z.array(ZClientSummary),
  sources: z.array(ZMarketDataSource),
  isSimulated: z.boolean(),
});
export type ClientListResponse = z.infer<typeof ZClientListResponse>;

/** POST (201) and PATCH: the client as the overview shows it, and its holdings. */
export const ZClientResponse = z.object({
  client: ZClientSummary,
  holdings: z.record(z.string(), z.number()),
});
export type ClientResponse = z.infer<typeof ZClientResponse>;
