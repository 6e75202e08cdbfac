import type { BrokerCsvResult } from './brokers';
import { parseQuantity } from './numbers';
import { matchPositionsHeader, readPositionsTable } from './positions-table';
import type { CsvRow } from './read-csv';
import { holdingKey } from './symbols';

/** A first row like `AAPL,10`: a ticker, then a number. Such a file has no header. */
function isHeaderless(rows: CsvRow[]): boolean {
  if (rows.some((row) => matchPositionsHeader(row.cells) !== undefined)) return false;
  const [symbol = '', quantity = ''] = rows[0]?.cells ?? [];
  return holdingKey(symbol) !== undefined && typeof parseQuantity(quantity) === 'object';
}

/**
 * Any CSV with a symbol column (`Symbol`, `Ticker`, ...) and a quantity column (`Quantity`, `Qty`,
 * `Shares`, ...), any case, anywhere after a preamble; or, without a header, `symbol,quantity` rows.
 * An optional type column (`Type`, `Asset Class`, ...) saying `crypto` makes the key `CRYPTO:<symbol>`;
 * symbols written `CRYPTO:BTC` are kept. The same rows are skipped as in the broker layouts.
 */
export function parseGeneric(rows: CsvRow[]): BrokerCsvResult {
  return readPositionsTable(rows, {
    broker: 'generic',
    ...(isHeaderless(rows) ? { fixedColumns: { symbol: 0, quantity: 1 } } : {}),
  });
}
