import type { BrokerCsvResult, PositionLot, SkippedRow } from './brokers';
import type { Decimal } from './numbers';

/** A position row as read, with the tax-lot rows listed under it (E*TRADE). */
export interface PositionEntry {
  symbol: string;
  quantity: Decimal;
  cost: Decimal | null;
  line: number;
  taxLots: { quantity: Decimal; cost: Decimal | null; acquired: string | null; line: number }[];
}

const lotOf = (
  symbol: string,
  entry: { quantity: Decimal; cost: Decimal | null; acquired: string | null; line: number },
): PositionLot => ({
  symbol,
  quantity: entry.quantity.toFixed(),
  cost: entry.cost === null ? null : entry.cost.toFixed(),
  acquired: entry.acquired,
  line: entry.line,
});

/** Collects holdings (summed per symbol, exactly), skipped rows and account names while a file is read. */
export class HoldingsBuilder {
  private readonly totals = new Map<string, Decimal>();
  private readonly skippedRows: SkippedRow[] = [];
  private readonly accountNames = new Set<string>();
  private readonly entries: PositionEntry[] = [];
  private hasCostColumn = false;

  add(symbol: string, quantity: Decimal): void {
    const before = this.totals.get(symbol);
    this.totals.set(symbol, before ? before.plus(quantity) : quantity);
  }

  /** A position row of a table with a cost column: a holding, and its lot (or the tax lots listed under it). */
  position(entry: Omit<PositionEntry, 'taxLots'>): PositionEntry {
    this.add(entry.symbol, entry.quantity);
    const added = { ...entry, taxLots: [] };
    this.entries.push(added);
    return added;
  }

  /** The file has a cost column: the result lists the lots. */
  costColumn(): void {
    this.hasCostColumn = true;
  }

  skip(row: number, reason: string): void {
    this.skippedRows.push({ row, reason });
  }

  account(name: string): void {
    const trimmed = name.trim();
    if (trimmed) this.accountNames.add(trimmed);
  }

  /** Each position's tax lots where they add up to its quantity; else the position as one lot. */
  private lots(): PositionLot[] {
    return this.entries.flatMap((entry) => {
      const listed = entry.taxLots.reduce((sum, lot) => sum.plus(lot.quantity), entry.quantity.times(0));
      return entry.taxLots.length > 0 && listed.equals(entry.quantity)
        ? entry.taxLots.map((lot) => lotOf(entry.symbol, lot))
        : [lotOf(entry.symbol, { ...entry, acquired: null })];
    });
  }

  result(): BrokerCsvResult {
    const portfolio: Record<string, number> = {};
    for (const [symbol, quantity] of this.totals) {
      if (quantity.isPositive() && !quantity.isZero()) portfolio[symbol] = quantity.toNumber();
    }
    const skipped = [...this.skippedRows].sort((a, b) => a.row - b.row);
    return {
      portfolio,
      skipped,
      ...(this.accountNames.size > 0 ? { accounts: [...this.accountNames] } : {}),
      ...(this.hasCostColumn ? { lots: this.lots() } : {}),
    };
  }
}
