import type { BrokerCsvResult } from './brokers';
import { readPositionsTable } from './positions-table';
import type { CsvRow } from './read-csv';

const SINGLE_ACCOUNT = /^Positions for account (.+?) as of /i;
const ALL_ACCOUNTS = /^Positions for /i;

/** `Positions for account Trading XXXX-YYYY as of ...` -> `Trading XXXX-YYYY`; an account title row as is. */
function accountFromTitle(title: string): string | undefined {
  const single = SINGLE_ACCOUNT.exec(title);
  if (single) return single[1];
  return ALL_ACCOUNTS.test(title) ? undefined : title;
}

/**
 * Schwab positions export: a quoted `Positions for account ... as of ...` (or `Positions for All-Accounts`)
 * preamble, then per account an optional title row (`"Brokerage XXXX-1234"`), the quoted 25-column header
 * ending in a comma, position rows, `Cash & Cash Investments` (older: `Cash & Money Market`), futures rows
 * and `Account Total`. Newer exports name the quantity column `Qty (Quantity)`.
 */
export function parseSchwab(rows: CsvRow[]): BrokerCsvResult {
  return readPositionsTable(rows, { broker: 'schwab', accountFromTitle });
}
