/**
 * Multi-account aggregation (spec 000 §2 "Portfolio Accounts", §3, §9): each account's value, the value of all
 * accounts, and the holdings of every account combined per symbol.
 *
 * Values are Σ quantity × price through the analytics valuation (a symbol without a price is worth 0, as
 * spec 000 §7 has it). Shares add up in decimal, so 0.1 + 0.2 shares of one coin in two accounts are 0.3.
 */
import { Decimal } from 'decimal.js';
import { valuePositions } from './analytics/portfolio';

export const ACCOUNT_TYPES = ['brokerage', '401k', 'ira', 'roth_ira', 'savings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** How each account type is written on a card and in the type selector. */
export const ACCOUNT_TYPE_LABELS: Readonly<Record<AccountType, string>> = {
  brokerage: 'Brokerage',
  '401k': '401(k)',
  ira: 'IRA',
  roth_ira: 'Roth IRA',
  savings: 'Savings',
};

export const PORTFOLIO_ACCOUNT_LIMITS = {
  /** Spec 000 §9: 'manual account type brokerage'. */
  defaultAccountType: 'brokerage' as AccountType,
  nameMaxLength: 80,
  /** Per user; enough for every account a household holds, small enough to value in one batch of quotes. */
  maxAccounts: 25,
  /** Spec 000 §9: a card lists its first 6 holdings, then '+N more'. */
  holdingsShownPerCard: 6,
  /** Spec 000 §9: combined holdings show the top 10. */
  combinedHoldingsShown: 10,
} as const;

type Holdings = Readonly<Record<string, number>>;

/**
 * Spec 000 §7: POST /api/portfolio-accounts/demo creates three sample accounts (brokerage, 401(k), Roth IRA).
 * Their holdings are ours (the spec lists none): the brokerage one holds more than a card shows, and two
 * symbols sit in two accounts each, so '+N more' and the combined holdings both have something to show.
 */
export const DEMO_ACCOUNTS: readonly { accountType: AccountType; accountName: string; holdings: Holdings }[] =
  [
    {
      accountType: 'brokerage',
      accountName: 'Demo Brokerage Account',
      holdings: {
        AAPL: 25,
        MSFT: 15,
        GOOGL: 10,
        AMZN: 12,
        NVDA: 20,
        TSLA: 8,
        JPM: 10,
        'CRYPTO:BTC': 0.1,
      },
    },
    {
      accountType: '401k',
      accountName: 'Demo 401(k)',
      holdings: { VTI: 120, VXUS: 80, BND: 60 },
    },
    {
      accountType: 'roth_ira',
      accountName: 'Demo Roth IRA',
      holdings: { QQQ: 30, VTI: 40, VNQ: 25, AAPL: 10 },
    },
  ];

export interface AccountToAggregate {
  readonly accountName: string;
  readonly holdings: Holdings;
}

export interface CombinedHolding {
  readonly totalShares: number;
  /** totalShares × price; 0 without a price. */
  readonly value: number;
  /** Every account holding the symbol, in the order of the accounts. */
  readonly accounts: readonly { accountName: string; shares: number }[];
}

export interface Aggregation {
  /** Each account's value, in the order of the accounts. */
  readonly accountValues: readonly number[];
  readonly totalValue: number;
  /** Symbol -> combined holding, symbols in order of first appearance. */
  readonly combinedHoldings: Readonly<Record<string, CombinedHolding>>;
}

/** Values every account and combines their holdings per symbol at `prices` (null or absent: no price). */
export function aggregateAccounts(
  accounts: readonly AccountToAggregate[],
  prices: Readonly<Record<string, number | null>>,
): Aggregation {
  const priceOf = (symbol: string) => prices[symbol] ?? null;
  const accountValues = accounts.map(
    (account) =>
      valuePositions(
        Object.entries(account.holdings).map(([symbol, quantity]) => ({
          symbol,
          quantity,
          price: priceOf(symbol),
        })),
      ).totalValue,
  );

  const shares = new Map<string, { total: Decimal; accounts: { accountName: string; shares: number }[] }>();
  for (const account of accounts) {
    for (const [symbol, quantity] of Object.entries(account.holdings)) {
      const entry = shares.get(symbol) ?? { total: new Decimal(0), accounts: [] };
      entry.total = entry.total.plus(quantity);
      entry.accounts.push({ accountName: account.accountName, shares: quantity });
      shares.set(symbol, entry);
    }
  }
  const combined = [...shares].map(([symbol, entry]) => ({
    symbol,
    quantity: entry.total.toNumber(),
    price: priceOf(symbol),
  }));
  const valued = valuePositions(combined);
  const combinedHoldings: Record<string, CombinedHolding> = {};
  combined.forEach(({ symbol, quantity }, i) => {
    combinedHoldings[symbol] = {
      totalShares: quantity,
      value: valued.positions[i]?.value ?? 0,
      accounts: shares.get(symbol)?.accounts ?? [],
    };
  });
  return {
    accountValues,
    totalValue: accountValues.reduce((sum, value) => sum + value, 0),
    combinedHoldings,
  };
}

/**
 * The combined holdings the panel lists: the `limit` largest by value, then by shares, then by symbol (so
 * unpriced holdings still come in a stable order).
 */
export function topCombinedHoldings(
  combinedHoldings: Readonly<Record<string, CombinedHolding>>,
  limit: number = PORTFOLIO_ACCOUNT_LIMITS.combinedHoldingsShown,
): (CombinedHolding & { symbol: string })[] {
  return Object.entries(combinedHoldings)
    .map(([symbol, holding]) => ({ symbol, ...holding }))
    .sort(
      (a, b) =>
        b.value - a.value ||
        b.totalShares - a.totalShares ||
        (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0),
    )
    .slice(0, limit);
}

/** A card's holdings: the first `shown` in the account's order, and how many more there are ('+N more'). */
export function cardHoldings(
  holdings: Holdings,
  shown: number = PORTFOLIO_ACCOUNT_LIMITS.holdingsShownPerCard,
): { shown: [string, number][]; moreCount: number } {
  const entries = Object.entries(holdings);
  return { shown: entries.slice(0, shown), moreCount: Math.max(0, entries.length - shown) };
}
