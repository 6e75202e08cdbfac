import type { BrokerCsvResult } from './brokers';
import { readPositionsTable } from './positions-table';
import type { CsvRow } from './read-csv';

/**
 * Vanguard OfxDownload.csv: `Account Number,Investment Name,Symbol,Shares,Share Price,Total Value,` for
 * every account's holdings, blank lines, then a transactions section
 * (`Account Number,Trade Date,...,Transaction Type,...`) that ends the positions and is not read.
 * The settlement money-market fund (VMFXX) is cash; bills have no symbol and are skipped.
 */
export function parseVanguard(rows: CsvRow[]): BrokerCsvResult {
  return readPositionsTable(rows, { broker: 'vanguard' });
}
