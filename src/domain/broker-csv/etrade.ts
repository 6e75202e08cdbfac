import type { BrokerCsvResult } from './brokers';
import { readPositionsTable } from './positions-table';
import type { CsvRow } from './read-csv';

/**
 * E*TRADE PortfolioDownload: an `Account Summary` block, a `View Summary - All Positions` block with the
 * filters applied, then `Symbol,Last Price $,Change $,Change %,Quantity,...,Value $`, position rows with
 * 4-decimal quantities (`.1250`), `CASH` and `TOTAL` rows, and a `Generated at ...` footer.
 */
export function parseEtrade(rows: CsvRow[]): BrokerCsvResult {
  return readPositionsTable(rows, { broker: 'etrade' });
}
