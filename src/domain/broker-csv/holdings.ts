import type { BrokerCsvResult, SkippedRow } from './brokers';
import type { Decimal } from './numbers';

/** Collects holdings (summed per symbol, exactly), skipped rows and account names while a file is read. */
export class HoldingsBuilder {
  private readonly totals = new Map<string, Decimal>();
  private readonly skippedRows: SkippedRow[] = [];
  private readonly accountNames = new Set<string>();

  add(symbol: string, quantity: Decimal): void {
    const before = this.totals.get(symbol);
    this.totals.set(symbol, before ? before.plus(quantity) : quantity);
  }

  skip(row: number, reason: string): void {
    this.skippedRows.push({ row, reason });
  }

  account(name: string): void {
    const trimmed = name.trim();
    if (trimmed) this.accountNames.add(trimmed);
  }

  result(): BrokerCsvResult {
    const portfolio: Record<string, number> = {};
    for (const [symbol, quantity] of this.totals) {
      if (quantity.isPositive() && !quantity.isZero()) portfolio[symbol] = quantity.toNumber();
    }
    const skipped = [...this.skippedRows].sort((a, b) => a.row - b.row);
    return this.accountNames.size > 0
      ? { portfolio, skipped, accounts: [...this.accountNames] }
      : { portfolio, skipped };
  }
}
