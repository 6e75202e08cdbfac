/**
 * The brokerage CSV exports Foliowise reads, their display names, limits and the exact texts of the
 * import's errors and skip reasons. No parsing here (and no csv-parse import), so the web bundle can
 * share it through `contracts/imports`.
 */

export const CSV_BROKERS = ['fidelity', 'etrade', 'schwab', 'vanguard', 'robinhood', 'generic'] as const;
export type CsvBroker = (typeof CSV_BROKERS)[number];

/** How each export is named in messages: 'Imported 7 holdings from your Fidelity export.' */
export const CSV_BROKER_LABELS: Readonly<Record<CsvBroker, string>> = {
  fidelity: 'Fidelity',
  etrade: 'E*TRADE',
  schwab: 'Schwab',
  vanguard: 'Vanguard',
  robinhood: 'Robinhood',
  generic: 'CSV',
};

export const CSV_IMPORT_LIMITS = {
  /** Characters of CSV text; the server's body limit (1 MiB of JSON) is hit first in practice. */
  maxChars: 1_000_000,
  /** Non-blank CSV records (a quoted field may span several lines). */
  maxRows: 20_000,
} as const;

/** Why a row did not become a holding. Reasons are stable texts: the web shows them and tests compare them. */
export const SKIP_REASONS = {
  cash: 'cash and money market are not holdings',
  total: 'total row, not a holding',
  pending: 'pending activity, not a holding',
  futures: 'futures are not supported',
  options: 'options are not supported',
  zero: 'zero quantity',
  cusip: 'no ticker (CUSIP)',
  noSymbol: 'no symbol',
  noQuantity: 'no quantity',
  notANumber: 'quantity is not a number',
  short: 'short positions are not supported',
  notATicker: 'not a ticker symbol',
  /** Robinhood activity: a row that moves no shares (interest, dividends, fees, transfers, ...). */
  notATrade: (code: string) => (code ? `not a buy or sell (${code})` : 'no transaction code'),
  /** Robinhood activity: a symbol whose buys and sells in the report cancel out. */
  closedInReport: 'position closed (buys and sells in this report net to zero)',
  /** Robinhood activity: more sold than bought; shares bought before the report's period are not in it. */
  soldMoreThanBought: 'more shares sold than bought in this report',
  /** IBKR: a detail row under a Summary row (lots), counted through the Summary. */
  ibkrDetail: 'lot detail, counted in its summary row',
} as const;

/** Texts of the 400 answers for input that cannot be read at all. */
export const CSV_ERRORS = {
  empty: 'The CSV file is empty.',
  tooLarge: 'The CSV file is too large (limit 1 MB).',
  tooManyRows: 'The CSV file has more than 20,000 rows.',
  notText: 'This file is not a CSV text file. Export your positions as CSV and try again.',
  unreadable: (detail: string, line: number) =>
    `The file could not be read as CSV: ${detail} (line ${line}).`,
  noHeader: {
    fidelity: 'No Fidelity positions header found. Expected columns named "Symbol" and "Quantity".',
    etrade: 'No E*TRADE positions header found. Expected columns named "Symbol" and "Quantity".',
    schwab: 'No Schwab positions header found. Expected columns named "Symbol" and "Quantity".',
    vanguard: 'No Vanguard positions header found. Expected columns named "Symbol" and "Shares".',
    robinhood:
      'No Robinhood activity header found. Expected columns named "Instrument", "Trans Code" and "Quantity".',
    generic:
      'No header found. Expected a symbol column ("Symbol" or "Ticker") and a quantity column ("Quantity", "Qty" or "Shares").',
  } satisfies Record<CsvBroker, string>,
  hintRobinhood: 'This looks like a Robinhood account activity report: choose Robinhood.',
  hintTransactions: 'This looks like a transaction history, not a list of positions.',
  hintPositions: 'This looks like a list of positions: choose the broker that exported it, or generic CSV.',
  ibkrNotGeneric: (label: string) =>
    `This looks like an Interactive Brokers activity statement, not a ${label} export. Import it as a generic CSV.`,
} as const;

export interface SkippedRow {
  /** 1-based line of the file where the row starts (as a text editor numbers lines). */
  row: number;
  reason: string;
}

/**
 * A lot as a positions file states it: one position row (per account), or one tax-lot row under it (E*TRADE).
 * Numbers are exact decimal texts, in the account's currency (USD for these exports).
 */
export interface PositionLot {
  /** The holding's key, as in `portfolio`. */
  symbol: string;
  quantity: string;
  /** What the lot cost in all; null where the file gives none (`--`, `N/A`, `not applicable`, blank), never 0. */
  cost: string | null;
  /** `YYYY-MM-DD` where the file gives the acquisition date (E*TRADE lot rows), else null. */
  acquired: string | null;
  /** 1-based line of the row. */
  line: number;
}

export interface BrokerCsvResult {
  /** Symbol -> positive quantity, summed over accounts; stocks upper case, crypto as `CRYPTO:BTC`. */
  portfolio: Record<string, number>;
  /** Rows that looked like data but did not become a holding, in file order. */
  skipped: SkippedRow[];
  /** Account ids or names found in the file, in file order, when the layout names them. */
  accounts?: string[];
  /**
   * When the file has a cost column (Fidelity, Schwab, E*TRADE): every holding's lots, in file order, adding up
   * to `portfolio`. Absent for layouts without one (Vanguard's OfxDownload, Robinhood's activity report).
   */
  lots?: PositionLot[];
}

/** "your Fidelity export", or "your CSV file" for the generic layout. */
function sourceName(broker: CsvBroker): string {
  return broker === 'generic' ? 'your CSV file' : `your ${CSV_BROKER_LABELS[broker]} export`;
}

/** 'Imported 7 holdings from your Fidelity export.'; with several accounts 'Imported 7 holdings from 3 accounts in your Fidelity export.' */
export function importedMessage(broker: CsvBroker, result: BrokerCsvResult): string {
  const count = Object.keys(result.portfolio).length;
  const holdings = `${count} ${count === 1 ? 'holding' : 'holdings'}`;
  const accounts = result.accounts?.length ?? 0;
  return accounts > 1
    ? `Imported ${holdings} from ${accounts} accounts in ${sourceName(broker)}.`
    : `Imported ${holdings} from ${sourceName(broker)}.`;
}

/**
 * The 400 message for a readable file with no holdings in it, naming the commonest skip reasons:
 * 'No holdings found in your Robinhood export. 12 rows were skipped (options are not supported: 10;
 * not a buy or sell (INT): 2).'
 */
export function noHoldingsMessage(broker: CsvBroker, skipped: readonly SkippedRow[]): string {
  const base = `No holdings found in ${sourceName(broker)}.`;
  if (skipped.length === 0) return base;
  const counts = new Map<string, number>();
  for (const { reason } of skipped) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = ranked.slice(0, 3).map(([reason, n]) => `${reason}: ${n}`);
  const others = ranked.length - 3;
  if (others > 0) shown.push(`${others} other ${others === 1 ? 'reason' : 'reasons'}`);
  const rows = skipped.length === 1 ? '1 row was skipped' : `${skipped.length} rows were skipped`;
  return `${base} ${rows} (${shown.join('; ')}).`;
}
