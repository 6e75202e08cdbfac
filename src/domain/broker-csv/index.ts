/**
 * Brokerage positions CSV import, pure: text in, `{ portfolio, skipped, accounts? }` out, or a
 * CsvReadError saying why the text cannot be read. See each layout's module for what
 * it reads; `fixtures/README.md` for the real files the tests use.
 */
import { CSV_BROKER_LABELS, CSV_ERRORS, type BrokerCsvResult, type CsvBroker } from './brokers';
import { parseEtrade } from './etrade';
import { parseFidelity } from './fidelity';
import { parseGeneric } from './generic';
import { isIbkrStatement, parseIbkrStatement } from './ibkr';
import { CsvReadError, readCsv, type CsvRow } from './read-csv';
import { parseRobinhood } from './robinhood';
import { parseSchwab } from './schwab';
import { parseVanguard } from './vanguard';

export * from './brokers';
export { CsvReadError } from './read-csv';

const PARSERS: Readonly<Record<CsvBroker, (rows: CsvRow[]) => BrokerCsvResult>> = {
  fidelity: parseFidelity,
  etrade: parseEtrade,
  schwab: parseSchwab,
  vanguard: parseVanguard,
  robinhood: parseRobinhood,
  generic: parseGeneric,
};

export function parseBrokerCsv(broker: CsvBroker, text: string): BrokerCsvResult {
  const rows = readCsv(text);
  if (isIbkrStatement(rows)) {
    if (broker !== 'generic') throw new CsvReadError(CSV_ERRORS.ibkrNotGeneric(CSV_BROKER_LABELS[broker]));
    return parseIbkrStatement(rows);
  }
  return PARSERS[broker](rows);
}
