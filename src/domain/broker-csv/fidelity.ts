import type { BrokerCsvResult } from './brokers';
import { readPositionsTable } from './positions-table';
import type { CsvRow } from './read-csv';

/**
 * Fidelity, two layouts:
 * - the Portfolio_Positions download: `Account Number,Account Name,Symbol,Description,Quantity,...,Type`,
 *   one row per account and position (a symbol held in several accounts is summed), `SPAXX**`-style core
 *   positions and `Pending Activity` rows, a UTF-8 BOM, and a quoted disclaimer / "Date downloaded" footer;
 * - the monthly statement CSV: a summary block, then `Symbol/CUSIP,Description,Quantity,...` with one-cell
 *   account-id rows, section labels (`Stocks`, `Bonds`, `Options`, `Core Account`) and `Subtotal of ...` rows.
 *   Core Account rows are cash; option rows (no symbol, "CALL (SPY) ..." descriptions) are skipped.
 */
export function parseFidelity(rows: CsvRow[]): BrokerCsvResult {
  return readPositionsTable(rows, { broker: 'fidelity' });
}
