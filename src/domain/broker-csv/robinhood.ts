import { CSV_ERRORS, SKIP_REASONS, type BrokerCsvResult } from './brokers';
import { HoldingsBuilder } from './holdings';
import { Decimal, parseQuantity } from './numbers';
import { isRobinhoodActivityHeader, matchPositionsHeader, normalizeHeader } from './positions-table';
import { CsvReadError, type CsvRow } from './read-csv';
import { holdingKey, isCusip } from './symbols';

/** Option trade codes: buy/sell to open/close, expiration, assignment, exercise. */
const OPTION_CODES = new Set(['BTO', 'STC', 'STO', 'BTC', 'OEXP', 'OASGN', 'OEXCS']);

interface Net {
  firstRow: number;
  quantity: Decimal;
}

/**
 * Robinhood has no positions export: its CSV is the account activity report
 * (`"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity",
 * "Price","Amount"`, every field quoted, descriptions spanning lines, a disclaimer footer row).
 * Holdings are derived from it: per instrument, the sum of `Buy` quantities minus `Sell` quantities.
 * That is the true position only when the report starts at the account's first trade; an instrument
 * sold more than bought in the report (shares bought earlier) is skipped with a reason saying so.
 * Option trades (BTO/STC/...) are skipped; rows that move no shares (interest, dividends, fees, stock
 * lending, transfers, splits) are listed with their code. The report does not include Robinhood Crypto
 * (its own footer says so), so no `CRYPTO:` keys come from it.
 */
export function parseRobinhood(rows: CsvRow[]): BrokerCsvResult {
  const out = new HoldingsBuilder();
  let columns: { instrument: number; code: number; quantity: number } | undefined;
  let sawPositions = false;
  const net = new Map<string, Net>();

  for (const row of rows) {
    const { cells } = row;
    if (isRobinhoodActivityHeader(cells)) {
      const names = cells.map(normalizeHeader);
      columns = {
        instrument: names.indexOf('instrument'),
        code: names.indexOf('trans code'),
        quantity: names.indexOf('quantity'),
      };
      continue;
    }
    if (!columns) {
      if (typeof matchPositionsHeader(cells) === 'object') sawPositions = true;
      continue;
    }
    // Footer rows (`""`, the disclaimer in the 10th column) have at most one value.
    if (cells.filter((cell) => cell.trim() !== '').length <= 1) continue;

    const instrument = (cells[columns.instrument] ?? '').trim().toUpperCase();
    const code = (cells[columns.code] ?? '').trim();
    const upperCode = code.toUpperCase();
    if (OPTION_CODES.has(upperCode)) {
      out.skip(row.line, SKIP_REASONS.options);
      continue;
    }
    if (upperCode !== 'BUY' && upperCode !== 'SELL') {
      out.skip(row.line, SKIP_REASONS.notATrade(code));
      continue;
    }
    if (instrument === '') {
      out.skip(row.line, SKIP_REASONS.noSymbol);
      continue;
    }
    if (isCusip(instrument)) {
      out.skip(row.line, SKIP_REASONS.cusip);
      continue;
    }
    const symbol = holdingKey(instrument);
    if (symbol === undefined) {
      out.skip(row.line, SKIP_REASONS.notATicker);
      continue;
    }
    const quantity = parseQuantity(cells[columns.quantity] ?? '');
    if (quantity === 'blank' || quantity === 'invalid') {
      out.skip(row.line, quantity === 'blank' ? SKIP_REASONS.noQuantity : SKIP_REASONS.notANumber);
      continue;
    }
    if (quantity.isZero()) {
      out.skip(row.line, SKIP_REASONS.zero);
      continue;
    }
    const signed = upperCode === 'BUY' ? quantity.abs() : quantity.abs().negated();
    const entry = net.get(symbol);
    if (entry) entry.quantity = entry.quantity.plus(signed);
    else net.set(symbol, { firstRow: row.line, quantity: new Decimal(signed) });
  }

  if (!columns) {
    const message = CSV_ERRORS.noHeader.robinhood;
    throw new CsvReadError(sawPositions ? `${message} ${CSV_ERRORS.hintPositions}` : message);
  }
  for (const [symbol, { firstRow, quantity }] of net) {
    if (quantity.isZero()) out.skip(firstRow, SKIP_REASONS.closedInReport);
    else if (quantity.isNegative()) out.skip(firstRow, SKIP_REASONS.soldMoreThanBought);
    else out.add(symbol, quantity);
  }
  return out.result();
}
