import { SKIP_REASONS, type BrokerCsvResult } from './brokers';
import { HoldingsBuilder } from './holdings';
import { normalizeHeader } from './positions-table';
import type { CsvRow } from './read-csv';
import { classifyPosition } from './symbols';

/** An Interactive Brokers Activity Statement: every row is `<Section>,<Header|Data|Total|...>,...`. */
export function isIbkrStatement(rows: CsvRow[]): boolean {
  const first = rows[0]?.cells ?? [];
  return first[0]?.trim() === 'Statement' && first[1]?.trim() === 'Header';
}

const SECTION = 'Open Positions';

/** IBKR asset categories -> the classifier's type words. */
function typeOf(category: string): string {
  const c = category.trim().toLowerCase();
  if (c.includes('option')) return 'options';
  if (c.includes('future')) return 'futures';
  if (c.includes('crypto')) return 'crypto';
  if (c === 'forex' || c === 'cash') return 'cash and money market';
  return '';
}

/**
 * The `Open Positions` section of an IBKR Activity Statement (read when the generic import receives
 * one): `Summary` rows are positions; `Lot` detail rows are already counted in their summary;
 * `Total` / `SubTotal` rows are totals. The account comes from `Account Information,Data,Account,...`.
 * Every other section (trades, dividends, cash report, ...) is not read.
 */
export function parseIbkrStatement(rows: CsvRow[]): BrokerCsvResult {
  const out = new HoldingsBuilder();
  let columns: Map<string, number> | undefined;
  for (const row of rows) {
    const [section = '', kind = '', ...rest] = row.cells.map((cell) => cell.trim());
    if (section === 'Account Information' && kind === 'Data' && rest[0] === 'Account' && rest[1]) {
      out.account(rest[1]);
      continue;
    }
    if (section !== SECTION) continue;
    if (kind === 'Header') {
      columns = new Map(row.cells.map((cell, index) => [normalizeHeader(cell), index]));
      continue;
    }
    if (!columns) continue;
    if (kind === 'Total' || kind === 'SubTotal') {
      out.skip(row.line, SKIP_REASONS.total);
      continue;
    }
    if (kind !== 'Data') continue;
    const cell = (name: string) => {
      const index = columns?.get(name);
      return index === undefined ? '' : (row.cells[index] ?? '');
    };
    const discriminator = cell('datadiscriminator').trim();
    if (discriminator !== '' && discriminator !== 'Summary') {
      out.skip(row.line, SKIP_REASONS.ibkrDetail);
      continue;
    }
    const classified = classifyPosition({
      // IBKR writes share classes with a space (`BRK B`); exports elsewhere use a dot.
      symbol: cell('symbol')
        .trim()
        .replace(/^([A-Za-z]+) ([A-Za-z])$/, '$1.$2'),
      quantity: cell('quantity'),
      type: typeOf(cell('asset category')),
    });
    if ('reason' in classified) out.skip(row.line, classified.reason);
    else out.add(classified.symbol, classified.quantity);
  }
  return out.result();
}
