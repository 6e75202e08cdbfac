/**
 * Client portfolios (multi-client, Professional; issue #16 item 1, docs/decisions/032).
 *
 * Each client has its own holdings. Every answer that shows figures asks the market-data service once, for the
 * symbols of all the clients it shows together (one batch; quotes are cached, simulated ones labelled), then
 * `clientFigures` values each client. Nothing computed is stored. Another user's client, or an id that is no
 * uuid, is a 404 'Client not found', so nobody learns which ids exist.
 */
import { AppError } from '../../../contracts/errors';
import {
  CLIENT_MESSAGES as M,
  type ClientListResponse,
  type ClientResponse,
  type ClientSummary,
} from '../../../contracts/clients';
import type { MarketDataSourceName } from '../../../contracts/market-data';
import { CLIENT_LIMITS, clientFigures } from '../../../domain/clients';
import type { Database, Executor } from '../../db/client';
import { isUuid } from '../../lib/uuid';
import type { MarketDataService } from '../market-data/service';
import {
  deleteClient as deleteClientRow,
  findClient,
  findClients,
  insertClient,
  insertClientRow,
  updateClient as updateClientRow,
  type ClientChanges,
  type ClientRow,
} from './repository';

export interface ClientsContext {
  db: Database;
  marketData: MarketDataService;
}

interface UserRequest extends ClientsContext {
  userId: string;
}

interface ValuedClients {
  clients: ClientSummary[];
  sources: MarketDataSourceName[];
  isSimulated: boolean;
}

async function valueClients(options: UserRequest & { rows: readonly ClientRow[] }): Promise<ValuedClients> {
  const symbols = [...new Set(options.rows.flatMap((row) => Object.keys(row.holdings)))];
  // One batch for every client (none for no symbols), in USD: a London or Tokyo listing at the day's rate
  // (decision 034), as the analyzer values it.
  const { prices, sources } = await options.marketData.getUsdPrices(symbols, { userId: options.userId });
  return {
    clients: options.rows.map((row) => ({
      id: row.id,
      name: row.name,
      holdingsCount: Object.keys(row.holdings).length,
      ...clientFigures(row.holdings, prices),
      lastReviewedAt: row.lastReviewedAt?.toISOString() ?? null,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    sources,
    isSimulated: sources.includes('simulated'),
  };
}

async function clientResponse(options: UserRequest & { row: ClientRow }): Promise<ClientResponse> {
  const { clients } = await valueClients({ ...options, rows: [options.row] });
  const [client] = clients;
  if (!client) throw new Error('valueClients returned no client');
  return { client, holdings: options.row.holdings };
}

function ownedOrThrow<T>(row: T | undefined): T {
  if (row === undefined) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/** GET /api/clients: every client of the user (archived too), newest first, valued at one batch of quotes. */
export async function listClients(options: UserRequest): Promise<ClientListResponse> {
  return valueClients({ ...options, rows: await findClients(options.db, options.userId) });
}

/** POST /api/clients: a new client; 409 past CLIENT_LIMITS.maxClients. */
export async function createClient(
  options: UserRequest & { client: { name: string; holdings: Record<string, number> } },
): Promise<ClientResponse> {
  const row = await insertClient(options.db, options.userId, options.client, CLIENT_LIMITS.maxClients);
  if (row === 'limit') throw new AppError('CONFLICT', M.tooManyClients);
  return clientResponse({ ...options, row });
}

/** GET /api/clients/{id}: one client with its holdings (what the analyzer opens). */
export async function getClient(options: UserRequest & { id: string }): Promise<ClientResponse> {
  const row = isUuid(options.id) ? await findClient(options.db, options.userId, options.id) : undefined;
  return clientResponse({ ...options, row: ownedOrThrow(row) });
}

/** PATCH /api/clients/{id}: rename, archive or unarchive, replace the holdings, mark reviewed. */
export async function updateClient(
  options: UserRequest & { id: string; changes: ClientChanges },
): Promise<ClientResponse> {
  const row = isUuid(options.id)
    ? await updateClientRow(options.db, options.userId, options.id, options.changes)
    : undefined;
  return clientResponse({ ...options, row: ownedOrThrow(row) });
}

/** DELETE /api/clients/{id}: the client and its holdings, for good. */
export async function deleteClient(
  options: Pick<UserRequest, 'db' | 'userId'> & { id: string },
): Promise<void> {
  if (!isUuid(options.id) || !(await deleteClientRow(options.db, options.userId, options.id))) {
    throw new AppError('NOT_FOUND', M.notFound);
  }
}

/**
 * A client's name and holdings for another feature (the white-label report's `?clientId=`): 404 'Client not
 * found' when the id is not one of the user's clients. No quotes are asked for.
 */
export async function findClientHoldings(options: {
  db: Database;
  userId: string;
  clientId: string;
}): Promise<{ id: string; name: string; holdings: Record<string, number> }> {
  const row = isUuid(options.clientId)
    ? await findClient(options.db, options.userId, options.clientId)
    : undefined;
  const { id, name, holdings } = ownedOrThrow(row);
  return { id, name, holdings };
}

/**
 * A client's holdings map and when it last changed, for the activity ledger (decision 036), on the ledger's
 * transaction: 404 'Client not found' when the id is not one of the user's clients.
 */
export async function readClientHoldings(options: {
  db: Executor;
  userId: string;
  clientId: string;
}): Promise<{ holdings: Record<string, number>; updatedAt: Date }> {
  const row = isUuid(options.clientId)
    ? await findClient(options.db, options.userId, options.clientId)
    : undefined;
  const { holdings, updatedAt } = ownedOrThrow(row);
  return { holdings, updatedAt };
}

/** Writes a client's holdings map from the ledger's derived holdings, in the ledger's transaction. */
export async function writeClientHoldings(options: {
  db: Executor;
  userId: string;
  clientId: string;
  holdings: Record<string, number>;
}): Promise<void> {
  ownedOrThrow(
    await updateClientRow(options.db, options.userId, options.clientId, { holdings: options.holdings }),
  );
}

/**
 * Moving in (decision 039), on the caller's transaction, which holds the user's row locked: the user's clients with
 * their holdings, and a client added as the file has it (archived, reviewed) without another count.
 */
export function readClientsToMoveInto(options: { db: Executor; userId: string }): Promise<ClientRow[]> {
  return findClients(options.db, options.userId);
}

export async function addMovedClient(options: {
  db: Executor;
  userId: string;
  client: {
    name: string;
    holdings: Record<string, number>;
    archivedAt: Date | null;
    lastReviewedAt: Date | null;
  };
}): Promise<string> {
  return (await insertClientRow(options.db, options.userId, options.client)).id;
}
