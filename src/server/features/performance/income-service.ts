/**
 * A portfolio's dividend income and realised gains by year in the base currency (issue 28 items 3, 4 and 6;
 * docs/performance.md): the history read as GET /api/holdings reads it (`readHistory`: the same access rules, plan
 * gates and 404s), replayed by the ledger, and given to the pure rules of src/domain/performance
 * (dividend-income.ts, realized-by-year.ts) with the rates GET /api/performance uses.
 *
 * - The base currency is the person's setting unless the query names one.
 * - Rates: base-currency units per unit of each activity currency, daily from a week before the first activity to
 *   today (vendors' FX history, else the simulator's reference rate held flat and labelled `simulated` in
 *   `sources.fx`). A payment or trade counts at its day's rate (the last one on or before it); today's values at the
 *   latest. A currency without a rate that day has no base figure and is named in `missingRates`: never a guess.
 * - Today's prices come from the market-data pricing surface, as the holdings' do.
 */
import {
  FORWARD_ESTIMATE_NOTE,
  type DividendIncomeResponse,
  type IncomeQuery,
  type RealizedByYearResponse,
  type RealizedFigures,
} from '../../../contracts/income';
import type { LedgerHolding } from '../../../domain/activities/ledger';
import { addDays } from '../../../domain/calendar';
import { Decimal } from '../../../domain/paper-trading';
import { rateOfDays, type RateOf } from '../../../domain/performance/daily-rates';
import { computeDividendIncome, type IncomeAmount } from '../../../domain/performance/dividend-income';
import {
  realizedGainsInBase,
  type RealizedFigures as ExactRealizedFigures,
} from '../../../domain/performance/realized-by-year';
import { latestToday, readHistory, replayOrThrow, type UserRequest } from '../activities/service';
import { getBaseCurrency, LOOK_BACK_DAYS, readBaseRates, type PerformanceContext } from './service';

interface IncomeRequest {
  context: PerformanceContext;
  user: UserRequest['user'];
  query: IncomeQuery;
}

const money = (value: Decimal) => value.toDecimalPlaces(2).toNumber();
const moneyOrNull = (value: Decimal | null) => (value === null ? null : money(value));
const fraction = (value: Decimal | null) => (value === null ? null : value.toDecimalPlaces(8).toNumber());

/**
 * The history, its base currency, today (`asOf`, the latest "today" anywhere), the rates of every currency of its
 * activities up to today (one read for both routes), and where those of the currencies a figure used came from.
 */
async function readInBase({ context, user, query }: IncomeRequest) {
  const [history, base] = await Promise.all([
    readHistory({ ...context.activities, user, portfolio: query.portfolio }),
    query.currency ?? getBaseCurrency({ db: context.db, userId: user.id }),
  ]);
  const asOf = latestToday(context.now());
  const first = history.activities.reduce(
    (day, activity) => (activity.date < day ? activity.date : day),
    asOf,
  );
  const fx = await readBaseRates(
    context,
    history.activities.map((activity) => activity.currency),
    base,
    { from: addDays(first, -LOOK_BACK_DAYS), to: asOf },
  );
  const rateOf: RateOf = rateOfDays(
    new Map([...fx.rates].map(([currency, rates]) => [currency, rates.series])),
  );
  /** Where the rates of `currencies` (those the figures converted) came from. */
  const fxSourcesOf = (currencies: Iterable<string>) =>
    Object.fromEntries(
      [...new Set(currencies)].sort().flatMap((currency) => {
        const rates = fx.rates.get(currency);
        return rates ? [[currency, rates.source]] : [];
      }),
    );
  return { ...history, base, asOf, rateOf, fxSourcesOf };
}

function amountOf(amount: IncomeAmount) {
  return {
    amount: moneyOrNull(amount.base),
    byCurrency: amount.local.map((part) => ({ currency: part.currency, amount: money(part.amount) })),
  };
}

/** GET /api/holdings/income: dividends by month, year and holding; T12M yields; the forward estimate. */
export async function getDividendIncome(request: IncomeRequest): Promise<DividendIncomeResponse> {
  const { key, activities, method, hasHistory, base, asOf, rateOf, fxSourcesOf } = await readInBase(request);
  const ledger = replayOrThrow(activities, method);
  const held = ledger.holdings.filter((holding) => holding.quantity.gt(0));
  // The payments' currencies and the held holdings' (their cost and value in the yields).
  const converted = [
    ...activities.flatMap((activity) => (activity.type === 'dividend' ? [activity.currency] : [])),
    ...held.map((holding) => holding.currency),
  ];
  const { prices: quotes, sources } = await request.context.marketData.getUsdPrices(
    held.map((holding) => holding.symbol),
    { userId: request.user.id },
  );
  // Each held holding's price in its own currency, as GET /api/holdings values it.
  const prices = new Map<string, Decimal>();
  for (const holding of held) {
    const price = priceOf(holding, quotes[holding.symbol]);
    if (price !== null) prices.set(holding.symbol, new Decimal(price));
  }
  const income = computeDividendIncome({ activities, ledger, prices, asOf, baseCurrency: base, rateOf });
  return {
    portfolio: key,
    currency: base,
    asOf,
    trailingFrom: income.trailingFrom,
    hasHistory,
    total: amountOf(income.total),
    trailing12m: amountOf(income.trailing12m),
    byMonth: income.byMonth.map((month) => ({ period: month.period, ...amountOf(month) })),
    byYear: income.byYear.map((year) => ({ period: year.period, ...amountOf(year) })),
    holdings: income.byHolding.map((row) => ({
      symbol: row.symbol,
      currency: row.currency,
      quantity: row.quantity.toNumber(),
      total: money(row.total),
      trailing12m: money(row.trailing12m),
      costBasis: moneyOrNull(row.costBasis),
      marketValue: moneyOrNull(row.marketValue),
      yieldOnCost: fraction(row.yieldOnCost),
      yieldOnValue: fraction(row.yieldOnValue),
      forward12m: { ...row.forward12m, amount: money(row.forward12m.amount) },
      inBase: {
        total: moneyOrNull(row.inBase.total),
        trailing12m: moneyOrNull(row.inBase.trailing12m),
        forward12m: moneyOrNull(row.inBase.forward12m),
      },
    })),
    yield: {
      onCost: fraction(income.yield.onCost),
      onValue: fraction(income.yield.onValue),
      costBasis: moneyOrNull(income.yield.costBasis),
      marketValue: moneyOrNull(income.yield.marketValue),
      unknownCost: income.yield.unknownCost,
      unpriced: income.yield.unpriced,
    },
    forward12m: { kind: 'estimate', note: FORWARD_ESTIMATE_NOTE, ...amountOf(income.forward12m) },
    missingRates: income.missingRates,
    sources: { prices: sources, fx: fxSourcesOf(converted) },
  };
}

/** A quote's price in the holding's currency: USD's own, or the listing's local price in that currency. */
function priceOf(
  holding: LedgerHolding,
  quote: { price: number; local?: { currency: string; price: number } } | undefined,
): number | null {
  if (!quote) return null;
  if (holding.currency === 'USD') return quote.price;
  return quote.local?.currency === holding.currency ? quote.local.price : null;
}

function figuresOf(figures: ExactRealizedFigures): RealizedFigures {
  return {
    proceeds: money(figures.proceeds),
    costBasis: moneyOrNull(figures.costBasis),
    shortTerm: moneyOrNull(figures.shortTerm),
    longTerm: moneyOrNull(figures.longTerm),
    total: moneyOrNull(figures.total),
  };
}

const figuresOrNull = (figures: ExactRealizedFigures | null) =>
  figures === null ? null : figuresOf(figures);

/** GET /api/holdings/realized-by-year: the ledger's realised gains by year and term, newest year first. */
export async function getRealizedByYear(request: IncomeRequest): Promise<RealizedByYearResponse> {
  const { key, activities, method, hasHistory, base, rateOf, fxSourcesOf } = await readInBase(request);
  const ledger = replayOrThrow(activities, method);
  const sold = ledger.holdings.filter((holding) => holding.realized.length > 0);
  const { years, missingRates } = realizedGainsInBase({ activities, ledger, baseCurrency: base, rateOf });
  return {
    portfolio: key,
    currency: base,
    costBasisMethod: method,
    hasHistory,
    years: years.reverse().map((year) => ({
      year: year.year,
      inBase: figuresOrNull(year.inBase),
      byCurrency: year.byCurrency.map((group) => ({ currency: group.currency, ...figuresOf(group) })),
      holdings: year.holdings.map((holding) => ({
        symbol: holding.symbol,
        currency: holding.currency,
        inBase: figuresOrNull(holding.inBase),
      })),
    })),
    missingRates,
    sources: { fx: fxSourcesOf(sold.map((holding) => holding.currency)) },
  };
}
