import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../../../contracts/accounts';
import {
  BROKER_IMPORT_MESSAGES,
  BROKER_LABELS,
  NUMERIC_SHARES,
  ROBINHOOD_ERRORS,
  ZHoldingEntry,
  type BrokerErrorCode,
  type HoldingRow,
  type HoldingsBroker,
  type ImportResponse,
  type RobinhoodImportResponse,
} from '../../../contracts/brokers';
import { AppError } from '../../../contracts/errors';
import { Decimal } from '../../../domain/broker-csv/numbers';
import { clientKey } from '../../limits/client-key';
import type { LimitStore } from '../../limits/store';
import {
  BrokerError,
  type BrokerConnector,
  type BrokerCredentials,
  type BrokerErrorKind,
} from '../../providers/brokers/robinhood';

/** 'Imported 3 holdings from Fidelity.' / 'Imported 1 holding from E*TRADE.' */
export function importedMessage(broker: HoldingsBroker | 'robinhood', count: number): string {
  return `Imported ${count} ${count === 1 ? 'holding' : 'holdings'} from ${BROKER_LABELS[broker]}.`;
}

/**
 * A row the import leaves out, as the form itself would (spec 000 §5: only rows with a non-blank symbol and
 * numeric shares count, and a portfolio holds quantities above 0).
 */
function isDropped(row: HoldingRow): boolean {
  if ((row.symbol ?? '').trim() === '') return true;
  const { shares } = row;
  if (typeof shares === 'number') return !Number.isFinite(shares) || shares <= 0;
  if (typeof shares === 'string') return !NUMERIC_SHARES.test(shares.trim()) || Number(shares) <= 0;
  return true;
}

/**
 * Brokerage B and C: holdings typed by hand -> portfolio. Rows without a symbol or without shares above 0 are
 * dropped; any other row must be a valid holding (else a 400 naming `holdings.<i>.<field>`); the same symbol
 * twice is summed. Nothing is stored (see imports/service.ts). With no row left: 400 with the spec's text.
 */
export function importHoldings(broker: HoldingsBroker, holdings: readonly HoldingRow[]): ImportResponse {
  const totals = new Map<string, Decimal>();
  const fields: Record<string, string> = {};
  holdings.forEach((row, index) => {
    if (isDropped(row)) return;
    const parsed = ZHoldingEntry.safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        fields[['holdings', index, ...issue.path].join('.')] ??= issue.message;
      }
      return;
    }
    const { symbol, shares } = parsed.data;
    totals.set(symbol, (totals.get(symbol) ?? new Decimal(0)).plus(shares));
  });
  const firstProblem = Object.values(fields)[0];
  if (firstProblem !== undefined) throw new AppError('VALIDATION_ERROR', firstProblem, { fields });
  if (totals.size === 0) throw new AppError('VALIDATION_ERROR', BROKER_IMPORT_MESSAGES.noValidHoldings);

  const portfolio: Record<string, number> = {};
  for (const [symbol, shares] of totals) portfolio[symbol] = shares.toNumber();
  return { success: true, portfolio, message: importedMessage(broker, totals.size) };
}

const CODE_BY_KIND: Readonly<Record<BrokerErrorKind, BrokerErrorCode>> = {
  mfa_required: 'BROKER_MFA_REQUIRED',
  rejected: 'BROKER_REJECTED',
  timeout: 'BROKER_UNAVAILABLE',
  unavailable: 'BROKER_UNAVAILABLE',
  bad_response: 'BROKER_UNAVAILABLE',
};

export function brokerAppError(error: BrokerError): AppError {
  const code = CODE_BY_KIND[error.kind];
  return new AppError(code, error.message);
}

/** Robinhood imports per client address (IP, IPv6 /64) in 15 minutes, whichever accounts make them. */
export const ROBINHOOD_IMPORTS_PER_ADDRESS = 20;
export const ROBINHOOD_WINDOW_MS = 15 * 60_000;

/** A 429 of the per-address Robinhood limit, with the seconds until its window ends (Retry-After). */
export class RobinhoodAddressLimitError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    const wait = seconds < 120 ? `${seconds} seconds` : `${minutes} minutes`;
    super('RATE_LIMITED', ROBINHOOD_ERRORS.tooManyFromAddress(wait));
    this.retryAfterSeconds = seconds;
  }
}

/**
 * Each Robinhood import tries a password at Robinhood and its answer tells whether it was right, so the import must
 * not multiply into a password oracle. First rule: the account's email is verified (403 EMAIL_NOT_VERIFIED), so
 * each account costs a mailbox, not a signup form.
 */
export function assertMayImportFromRobinhood(user: User): void {
  if (!user.emailVerified) {
    throw new AppError('EMAIL_NOT_VERIFIED', ROBINHOOD_ERRORS.emailNotVerified);
  }
}

/**
 * Second rule: the client address (IP, IPv6 /64) has ROBINHOOD_IMPORTS_PER_ADDRESS imports per 15 minutes across
 * all its accounts (RobinhoodAddressLimitError past them), besides the route's per-user limit. Counted in the
 * shared limit store, so it holds across instances.
 */
export async function countRobinhoodImportOfAddress(limits: LimitStore, ip: string): Promise<void> {
  const { count, resetInMs } = await limits.increment(`robinhood:ip:${clientKey(ip)}`, ROBINHOOD_WINDOW_MS);
  if (count > ROBINHOOD_IMPORTS_PER_ADDRESS) throw new RobinhoodAddressLimitError(resetInMs);
}

/**
 * Brokerage A: signs in to Robinhood with the credentials, for this one call, and returns the positions
 * (stocks, ETFs and crypto as `CRYPTO:<CODE>`) as a portfolio. The credentials are never stored, logged or
 * echoed; the log gets the failure's kind and step only.
 * Failures are AppErrors: 422 BROKER_MFA_REQUIRED, 401 BROKER_REJECTED, 502 BROKER_UNAVAILABLE.
 */
export async function importFromRobinhood(
  connector: BrokerConnector,
  credentials: BrokerCredentials,
  context: { signal?: AbortSignal; log: FastifyBaseLogger },
): Promise<RobinhoodImportResponse> {
  let result;
  try {
    result = await connector.importPositions(credentials, context.signal);
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    context.log.warn(
      { broker: 'robinhood', kind: error.kind, detail: error.detail },
      'brokerage import failed',
    );
    throw brokerAppError(error);
  }
  const count = Object.keys(result.portfolio).length;
  context.log.info(
    { broker: 'robinhood', holdings: count, accounts: result.accountCount },
    'brokerage import done',
  );
  return {
    success: true,
    portfolio: result.portfolio,
    message:
      count === 0
        ? 'No stock, ETF or crypto positions were found in your Robinhood account.'
        : importedMessage('robinhood', count),
    accounts: result.accountCount,
  };
}
