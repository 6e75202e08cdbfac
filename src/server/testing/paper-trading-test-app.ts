/**
 * The paper-trading ledger tests' app (src/server/features/paper-trading/{portfolios,trades}.test.ts): a
 * trading test app (below; the rewards tests' too) on a quote source the tests set, the feature's events
 * recorded instead of rewarded, and hooks a test sets to run inside a trade's transaction. A test file calls
 * `usePaperTradingTestApp()` once at its top; `t` and the three users are live bindings, set by its hooks.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { call, FakeQuoteSource } from './paper-trading';
import type {
  PaperTradingEvent,
  PaperTradingOptions,
  QuoteSource,
  Transaction,
} from '../features/paper-trading/service';
import type { RewardsOptions } from '../features/rewards/service';
import { createTestApp, type TestApp } from './test-app';
import { signUpUser, type TestUser } from './users';

const ADMIN_EMAIL = 'paper.admin@example.com';
export const quotes = new FakeQuoteSource();
/** Every event the feature emitted, in order. */
export const events: PaperTradingEvent[] = [];
/** Set by a test (and cleared before the next): code to run inside a trade's transaction. */
export const hooks: {
  /** Just before COMMIT. */
  beforeCommit?: (tx: Transaction) => Promise<void>;
  /** After an event is recorded, in its transaction. */
  onEventExtra?: (event: PaperTradingEvent, tx: Transaction) => Promise<void>;
} = {};

export let t: TestApp;
/** Two users and an admin, signed up once for the file. */
export let alice: TestUser;
export let bob: TestUser;
export let admin: TestUser;

/**
 * A test app for many trades (the paper-trading and rewards tests): quotes and daily closes from `quoteSource`,
 * and no per-user trade limit (paper-trading/trade-limit.test.ts tests it).
 */
export function createTradingTestApp(options: {
  adminEmail: string;
  quoteSource: QuoteSource;
  paperTrading?: Omit<PaperTradingOptions, 'quoteSource'>;
  rewards?: RewardsOptions;
}): Promise<TestApp> {
  return createTestApp({
    env: { ADMIN_EMAILS: options.adminEmail, TRADES_PER_MINUTE: '0' },
    overrides: {
      paperTrading: { quoteSource: options.quoteSource, ...options.paperTrading },
      ...(options.rewards ? { rewards: options.rewards } : {}),
    },
  });
}

export function usePaperTradingTestApp() {
  beforeAll(async () => {
    t = await createTradingTestApp({
      adminEmail: ADMIN_EMAIL,
      quoteSource: quotes,
      paperTrading: {
        onEvent: async (event, { tx }) => {
          events.push(event);
          await hooks.onEventExtra?.(event, tx);
        },
        beforeTradeCommit: async ({ tx }) => hooks.beforeCommit?.(tx),
      },
    });
    [alice, bob, admin] = await Promise.all([
      signUpUser(t.app),
      signUpUser(t.app),
      signUpUser(t.app, { role: 'admin' }),
    ]);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    quotes.prices.clear();
    quotes.failing.clear();
    quotes.histories.clear();
    hooks.beforeCommit = undefined;
    hooks.onEventExtra = undefined;
  });
}

export const db = (text: string, values: unknown[] = []) => t.deps.database.pool.query(text, values);

/** A portfolio's cash and holdings, and the sums of its trades, read from the tables. */
export async function ledgerOf(portfolioId: string) {
  const [portfolio, holdings, trades] = await Promise.all([
    db('select cash_balance, initial_balance from paper_portfolio where id = $1', [portfolioId]),
    db('select symbol, quantity, average_cost from paper_holding where portfolio_id = $1 order by symbol', [
      portfolioId,
    ]),
    db(
      `select count(*)::int as n,
              coalesce(sum(case when side = 'buy' then -total_value else total_value end), 0)::text as cash_flow,
              coalesce(sum(case when side = 'buy' then quantity else -quantity end), 0)::int as net_quantity
         from paper_trade where portfolio_id = $1`,
      [portfolioId],
    ),
  ]);
  const balances = portfolio.rows[0] as { cash_balance: string; initial_balance: string };
  const sums = trades.rows[0] as { n: number; cash_flow: string; net_quantity: number };
  return {
    cash: balances.cash_balance,
    initial: balances.initial_balance,
    holdings: holdings.rows as { symbol: string; quantity: number; average_cost: string }[],
    trades: sums.n,
    cashFlow: sums.cash_flow,
    netQuantity: sums.net_quantity,
  };
}

export const listPortfolios = (who: TestUser, query = '') =>
  call(t.app, who, 'GET', `/api/paper-trading/portfolio${query}`);
