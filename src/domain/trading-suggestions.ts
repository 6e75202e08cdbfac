/**
 * AI trading suggestions (spec 000 §3 "Trading suggestion", "Suggestion request"): computed from the analytics
 * facts of a portfolio, never invented. Every suggestion comes from one of the rules below, with its quantity
 * at the current price, and its confidence and potential return from the formulas documented here and in
 * docs/decisions/025-trading-suggestions.md. A language model may reword `reasoning`; nothing else.
 *
 * Rules, in this order (a symbol gets at most one sell; the larger amount wins):
 * 1. Crypto above the tolerance's cap -> sell the excess, spread over the coins by value.
 * 2. A single stock or coin above 25 % -> sell down to 25 %.
 * 3. An industry sector above 40 % -> sell the excess from its largest stock not already trimmed.
 * 4. Drift of the equity/bond split (of equity + bonds) from the target table by more than 5 points ->
 *    rebalance: sell the overweight side's largest holding not already trimmed, buy the underweight side's
 *    largest fund held, or a broad low-cost fund (VTI, BND) when none is held. With neither stocks nor
 *    bonds, the value not kept in crypto goes to VTI and BND in the target split.
 * 5. Equity held but none of it outside the US -> buy VXUS worth 20 % of the equity.
 * 6. Income goal without a dividend fund -> buy SCHD worth 10 % of the portfolio.
 * 7. Aggressive tolerance without the preservation goal: a stock of 100 shares or more and 10 % or more of
 *    the portfolio -> sell covered calls at a strike one monthly standard deviation above the price.
 */
import {
  DIVERSIFICATION_MAX_SECTOR_WEIGHT,
  DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT,
  DIVERSIFIED_SECTORS,
  TRADING_DAYS_PER_YEAR,
  annualizedVolatility,
  formatMoney,
  formatNumber,
  formatPercent,
  isEquity,
  isSingleIssuer,
  simpleReturns,
  symbolAsWritten,
  type Bar,
  type FactHolding,
  type PortfolioFacts,
} from './analytics';
import type { TimeHorizon } from './time-horizon';

export const RISK_TOLERANCES = ['conservative', 'moderate', 'aggressive'] as const;
export type RiskTolerance = (typeof RISK_TOLERANCES)[number];
export const INVESTMENT_GOALS = ['growth', 'income', 'preservation'] as const;
export type InvestmentGoal = (typeof INVESTMENT_GOALS)[number];
export const SUGGESTION_TYPES = ['buy', 'sell', 'rebalance', 'options'] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];
export const SUGGESTION_LEVELS = ['high', 'medium', 'low'] as const;
export type SuggestionLevel = (typeof SUGGESTION_LEVELS)[number];

/** Spec 000 §9: risk moderate, horizon long, goals [growth]. */
export const DEFAULT_SUGGESTION_PREFERENCES: SuggestionPreferences = {
  riskTolerance: 'moderate',
  investmentGoals: ['growth'],
  timeHorizon: 'long',
};

export interface SuggestionPreferences {
  readonly riskTolerance: RiskTolerance;
  readonly investmentGoals: readonly InvestmentGoal[];
  readonly timeHorizon: TimeHorizon;
}

/** Equity's share of equity + bonds (bonds get the rest). Crypto, cash and others are outside the split. */
export const TARGET_EQUITY_SHARE: Readonly<Record<RiskTolerance, Readonly<Record<TimeHorizon, number>>>> = {
  conservative: { short: 0.2, medium: 0.35, long: 0.5 },
  moderate: { short: 0.4, medium: 0.6, long: 0.7 },
  aggressive: { short: 0.6, medium: 0.8, long: 0.9 },
};
/** Crypto above this weight of the whole portfolio is trimmed. */
export const CRYPTO_CAP: Readonly<Record<RiskTolerance, number>> = {
  conservative: 0.02,
  moderate: 0.05,
  aggressive: 0.1,
};
/** Equity share drift (absolute) tolerated before a rebalance is suggested. */
export const DRIFT_BAND = 0.05;
export const MAX_HOLDING_WEIGHT = DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT;
export const MAX_SECTOR_WEIGHT = DIVERSIFICATION_MAX_SECTOR_WEIGHT;
/** Share of the equity to put outside the US when none of it is. */
export const INTERNATIONAL_SHARE_OF_EQUITY = 0.2;
/** Share of the portfolio for a dividend fund under the income goal. */
export const INCOME_SLEEVE_WEIGHT = 0.1;
/** Covered calls: the smallest stock position (one contract covers 100 shares) and weight. */
export const COVERED_CALL_SHARES = 100;
export const COVERED_CALL_MIN_WEIGHT = 0.1;
/** A month of trading days: the strike is one monthly standard deviation above the price. */
export const COVERED_CALL_DAYS = 21;
/** A trailing return needs this many daily closes (about ten months). */
export const MIN_RETURN_BARS = 200;
export const MAX_SUGGESTIONS = 10;

/** The low-cost funds the rules suggest when a class or region is missing. */
export const BROAD_FUNDS = { usEquity: 'VTI', international: 'VXUS', bond: 'BND', dividend: 'SCHD' } as const;
/** Funds that count as a dividend holding for the income goal. */
export const DIVIDEND_FUNDS: readonly string[] = ['SCHD', 'VYM', 'VIG', 'JEPI'];

/** confidence = 50 + 45 × min(1, excess / scale), in percent; the scale per rule. */
export const CONFIDENCE_SCALE = { holding: 0.25, sector: 0.4, crypto: 0.2, drift: 0.2, coveredCall: 0.25 };
/** Rules about something missing have no excess to measure: a fixed confidence. */
export const GAP_CONFIDENCE = { noStocksOrBonds: 75, international: 70, income: 60 };
/** Priority from confidence: high at 80 or more, medium at 65 or more, else low. */
export const PRIORITY_MIN_CONFIDENCE = { high: 80, medium: 65 };

export type SuggestionRule =
  | 'crypto-cap'
  | 'holding-concentration'
  | 'sector-concentration'
  | 'rebalance-sell'
  | 'rebalance-buy'
  | 'missing-international'
  | 'income'
  | 'covered-call';

/** A fact a suggestion rests on, as the reasoning may cite it (the model is given exactly these). */
export type SuggestionFacts = Readonly<Record<string, number | string>>;

export interface SuggestionDraft {
  readonly rule: SuggestionRule;
  readonly symbol: string;
  readonly suggestionType: SuggestionType;
  readonly actionText: string;
  readonly priority: SuggestionLevel;
  readonly riskLevel: SuggestionLevel;
  /** Percent, 50-95. */
  readonly confidence: number;
  /** Trailing one-year return of the symbol bought, in percent (historical, not a forecast). */
  readonly potentialReturn: number | null;
  readonly currentPrice: number;
  readonly targetPrice: number | null;
  /** Shares, coins or (options) contracts. */
  readonly quantity: number;
  /** The template's words over `facts`. */
  readonly reasoning: string;
  readonly facts: SuggestionFacts;
}

export interface SuggestionInput {
  readonly facts: PortfolioFacts;
  readonly preferences: SuggestionPreferences;
  /** Current prices of the broad funds (BROAD_FUNDS) that may be suggested without being held. */
  readonly fundPrices: ReadonlyMap<string, number>;
  /** About a year of daily closes by symbol (held symbols and broad funds), for returns and volatility. */
  readonly closes: ReadonlyMap<string, readonly Bar[]>;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** (last close / first close) − 1 over the series, null with fewer than MIN_RETURN_BARS closes. */
export function trailingReturn(bars: readonly Bar[]): number | null {
  if (bars.length < MIN_RETURN_BARS) return null;
  const sorted = [...bars].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = sorted[0]?.close ?? 0;
  const last = sorted.at(-1)?.close ?? 0;
  return first > 0 && last > 0 ? last / first - 1 : null;
}

/** 50 + 45 × min(1, excess / scale), rounded; 50 for no excess. */
export function confidenceOf(excess: number, scale: number): number {
  return Math.round(50 + 45 * Math.min(1, Math.max(0, excess) / scale));
}

export function priorityOf(confidence: number): SuggestionLevel {
  if (confidence >= PRIORITY_MIN_CONFIDENCE.high) return 'high';
  if (confidence >= PRIORITY_MIN_CONFIDENCE.medium) return 'medium';
  return 'low';
}

/** Whole shares, or coins to 4 decimals; rounded down for a buy, up for a sell (never above `max`). */
export function quantityFor(
  amount: number,
  price: number,
  isCrypto: boolean,
  side: 'buy' | 'sell',
  max = Infinity,
) {
  if (!(price > 0) || !(amount > 0)) return 0;
  const step = isCrypto ? 10_000 : 1;
  const raw = (amount / price) * step;
  const units = side === 'buy' ? Math.floor(raw + 1e-9) : Math.ceil(raw - 1e-9);
  return Math.min(units / step, max);
}

/** The covered call's strike: price × (1 + σ × √(21/252)), rounded up to a whole dollar. */
export function coveredCallStrike(price: number, volatility: number): number {
  return Math.ceil(price * (1 + volatility * Math.sqrt(COVERED_CALL_DAYS / TRADING_DAYS_PER_YEAR)));
}

function isCryptoHolding(h: Pick<FactHolding, 'assetClass'>) {
  return h.assetClass === 'crypto';
}

function isBond(h: Pick<FactHolding, 'assetClass' | 'sector'>) {
  return h.assetClass === 'bond' || h.sector === 'Fixed Income';
}

function units(quantity: number, symbol: string, isCrypto: boolean): string {
  const written = symbolAsWritten(symbol);
  if (isCrypto) return `${formatNumber(quantity, 4)} ${written}`;
  return `${quantity} ${quantity === 1 ? 'share' : 'shares'} of ${written}`;
}

interface Trade {
  rule: SuggestionRule;
  symbol: string;
  side: 'buy' | 'sell';
  type: SuggestionType;
  price: number;
  amount: number;
  isCrypto: boolean;
  max?: number;
  confidence: number;
  riskLevel: SuggestionLevel;
  facts: Record<string, number | string>;
  reasoning: (amountText: string) => string;
}

/** The suggestions for a portfolio, highest confidence first (at most MAX_SUGGESTIONS). */
export function computeTradingSuggestions(input: SuggestionInput): SuggestionDraft[] {
  const { facts, preferences, fundPrices, closes } = input;
  const total = facts.valuation.totalValue;
  const held = facts.holdings.filter((h) => h.priced && h.value > 0 && h.price !== null);
  if (!(total > 0) || held.length === 0) return [];
  const tolerance = preferences.riskTolerance;
  const sells = new Map<string, Trade>();
  const buys: Trade[] = [];
  const pct = (x: number) => formatPercent(x);

  const addSell = (trade: Trade) => {
    const seen = sells.get(trade.symbol);
    if (!seen || trade.amount > seen.amount) sells.set(trade.symbol, trade);
  };
  const priceOf = (h: FactHolding) => h.price as number;

  // 1. Crypto cap.
  const coins = held.filter(isCryptoHolding);
  const cryptoValue = coins.reduce((s, h) => s + h.value, 0);
  const cryptoWeight = cryptoValue / total;
  const cap = CRYPTO_CAP[tolerance];
  if (cryptoWeight > cap) {
    const excess = (cryptoWeight - cap) * total;
    for (const h of coins) {
      addSell({
        rule: 'crypto-cap',
        symbol: h.symbol,
        side: 'sell',
        type: 'sell',
        price: priceOf(h),
        amount: (excess * h.value) / cryptoValue,
        isCrypto: true,
        max: h.quantity,
        confidence: confidenceOf(cryptoWeight - cap, CONFIDENCE_SCALE.crypto),
        riskLevel: 'low',
        facts: { cryptoWeightPercent: round2(cryptoWeight * 100), cryptoCapPercent: round2(cap * 100) },
        reasoning: (amount) =>
          `Crypto is ${pct(cryptoWeight)} of the portfolio, above the ${pct(cap)} cap for your ${tolerance} risk tolerance. Selling ${amount} brings crypto back to the cap.`,
      });
    }
  }

  // 2. Single holdings above 25 %.
  for (const h of held) {
    if (!isSingleIssuer(h) || h.weight <= MAX_HOLDING_WEIGHT) continue;
    addSell({
      rule: 'holding-concentration',
      symbol: h.symbol,
      side: 'sell',
      type: 'sell',
      price: priceOf(h),
      amount: (h.weight - MAX_HOLDING_WEIGHT) * total,
      isCrypto: isCryptoHolding(h),
      max: h.quantity,
      confidence: confidenceOf(h.weight - MAX_HOLDING_WEIGHT, CONFIDENCE_SCALE.holding),
      riskLevel: 'low',
      facts: { weightPercent: round2(h.weight * 100), limitPercent: round2(MAX_HOLDING_WEIGHT * 100) },
      reasoning: (amount) =>
        `${symbolAsWritten(h.symbol)} is ${pct(h.weight)} of the portfolio, above ${pct(MAX_HOLDING_WEIGHT)} for a single stock or coin. Selling ${amount} brings it back to ${pct(MAX_HOLDING_WEIGHT)}, so one company's bad news weighs less.`,
    });
  }

  // 3. Sectors above 40 %.
  for (const sector of facts.exposure.sector) {
    if (DIVERSIFIED_SECTORS.includes(sector.name) || sector.weight <= MAX_SECTOR_WEIGHT) continue;
    const excess = (sector.weight - MAX_SECTOR_WEIGHT) * total;
    const alreadyTrimmed = held
      .filter((h) => h.sector === sector.name)
      .reduce((s, h) => s + (sells.get(h.symbol)?.amount ?? 0), 0);
    const largest = held.find(
      (h) => h.sector === sector.name && h.assetClass === 'stock' && !sells.has(h.symbol),
    );
    const remaining = excess - alreadyTrimmed;
    if (!largest || remaining <= 0) continue;
    addSell({
      rule: 'sector-concentration',
      symbol: largest.symbol,
      side: 'sell',
      type: 'sell',
      price: priceOf(largest),
      amount: Math.min(remaining, largest.value),
      isCrypto: false,
      max: largest.quantity,
      confidence: confidenceOf(sector.weight - MAX_SECTOR_WEIGHT, CONFIDENCE_SCALE.sector),
      riskLevel: 'low',
      facts: {
        sector: sector.name,
        sectorWeightPercent: round2(sector.weight * 100),
        limitPercent: round2(MAX_SECTOR_WEIGHT * 100),
      },
      reasoning: (amount) =>
        `${sector.name} is ${pct(sector.weight)} of the portfolio, above ${pct(MAX_SECTOR_WEIGHT)} in one sector. Selling ${amount}, its largest holding there, moves the sector toward ${pct(MAX_SECTOR_WEIGHT)}.`,
    });
  }

  // 4. Drift of the equity/bond split.
  const equity = held.filter(isEquity);
  const bonds = held.filter(isBond);
  const equityValue = equity.reduce((s, h) => s + h.value, 0);
  const bondValue = bonds.reduce((s, h) => s + h.value, 0);
  const core = equityValue + bondValue;
  const target = TARGET_EQUITY_SHARE[tolerance][preferences.timeHorizon];
  if (core > 0) {
    const share = equityValue / core;
    const drift = share - target;
    if (Math.abs(drift) > DRIFT_BAND) {
      const amount = Math.abs(drift) * core;
      const tooMuchEquity = drift > 0;
      const confidence = confidenceOf(Math.abs(drift) - DRIFT_BAND, CONFIDENCE_SCALE.drift);
      const driftFacts = {
        equitySharePercent: round2(share * 100),
        targetEquityPercent: round2(target * 100),
        targetBondPercent: round2((1 - target) * 100),
        bandPercent: round2(DRIFT_BAND * 100),
      };
      const split = `Stocks are ${pct(share)} of your stocks and bonds; the target for your ${tolerance} risk tolerance and ${preferences.timeHorizon} horizon is ${pct(target)}, with ${pct(1 - target)} in bonds.`;
      const source = (tooMuchEquity ? equity : bonds).find((h) => !sells.has(h.symbol));
      if (source) {
        addSell({
          rule: 'rebalance-sell',
          symbol: source.symbol,
          side: 'sell',
          type: 'rebalance',
          price: priceOf(source),
          amount: Math.min(amount, source.value),
          isCrypto: false,
          max: source.quantity,
          confidence,
          riskLevel: tooMuchEquity ? 'low' : 'medium',
          facts: driftFacts,
          reasoning: (text) => `${split} Selling ${text} funds the move back.`,
        });
      }
      const heldFund = (tooMuchEquity ? bonds : equity).find(
        (h) => h.assetClass !== 'stock' && (tooMuchEquity || h.sector === 'Broad Market'),
      );
      const fund = heldFund?.symbol ?? (tooMuchEquity ? BROAD_FUNDS.bond : BROAD_FUNDS.usEquity);
      const price = heldFund ? priceOf(heldFund) : fundPrices.get(fund);
      if (price) {
        buys.push({
          rule: 'rebalance-buy',
          symbol: fund,
          side: 'buy',
          type: heldFund ? 'rebalance' : 'buy',
          price,
          amount,
          isCrypto: false,
          confidence,
          riskLevel: tooMuchEquity ? 'low' : 'medium',
          facts: driftFacts,
          reasoning: (text) =>
            heldFund
              ? `${split} Buying ${text}, which you already hold, moves the split back to the target.`
              : `${split} ${tooMuchEquity ? 'You hold no bond fund' : 'You hold no broad stock fund'}: ${fund} is a broad, low-cost fund, and buying ${text} moves the split back to the target.`,
        });
      }
    }
  } else {
    // Neither stocks nor bonds (only coins, cash or commodities): what is not kept in crypto goes to the
    // target split, through the broad funds.
    const toInvest = total - Math.min(cryptoValue, cap * total);
    for (const [fund, share] of [
      [BROAD_FUNDS.usEquity, target],
      [BROAD_FUNDS.bond, 1 - target],
    ] as const) {
      const price = fundPrices.get(fund);
      if (!price || toInvest <= 0) continue;
      buys.push({
        rule: 'rebalance-buy',
        symbol: fund,
        side: 'buy',
        type: 'buy',
        price,
        amount: share * toInvest,
        isCrypto: false,
        confidence: GAP_CONFIDENCE.noStocksOrBonds,
        riskLevel: fund === BROAD_FUNDS.bond ? 'low' : 'medium',
        facts: {
          targetEquityPercent: round2(target * 100),
          targetBondPercent: round2((1 - target) * 100),
          sharePercent: round2(share * 100),
        },
        reasoning: (text) =>
          `You hold no stock or bond funds. For your ${tolerance} risk tolerance and ${preferences.timeHorizon} horizon the target is ${pct(target)} in stocks and ${pct(1 - target)} in bonds; ${fund} is a broad, low-cost fund, and buying ${text} puts ${pct(share)} of the money outside crypto there.`,
      });
    }
  }

  // 5. No equity outside the US.
  const international = equity.some((h) => h.region !== 'US' && h.region !== 'Unknown');
  const vxusPrice = fundPrices.get(BROAD_FUNDS.international);
  if (equity.length > 0 && !international && vxusPrice) {
    buys.push({
      rule: 'missing-international',
      symbol: BROAD_FUNDS.international,
      side: 'buy',
      type: 'buy',
      price: vxusPrice,
      amount: INTERNATIONAL_SHARE_OF_EQUITY * equityValue,
      isCrypto: false,
      confidence: GAP_CONFIDENCE.international,
      riskLevel: 'medium',
      facts: { internationalSharePercent: round2(INTERNATIONAL_SHARE_OF_EQUITY * 100) },
      reasoning: (text) =>
        `None of your stock holdings invest outside the US. ${BROAD_FUNDS.international} is a broad, low-cost international fund; buying ${text} puts ${pct(INTERNATIONAL_SHARE_OF_EQUITY)} of your stock money abroad.`,
    });
  }

  // 6. Income goal.
  const dividendPrice = fundPrices.get(BROAD_FUNDS.dividend);
  if (
    preferences.investmentGoals.includes('income') &&
    !held.some((h) => DIVIDEND_FUNDS.includes(h.symbol)) &&
    dividendPrice
  ) {
    buys.push({
      rule: 'income',
      symbol: BROAD_FUNDS.dividend,
      side: 'buy',
      type: 'buy',
      price: dividendPrice,
      amount: INCOME_SLEEVE_WEIGHT * total,
      isCrypto: false,
      confidence: GAP_CONFIDENCE.income,
      riskLevel: 'medium',
      facts: { incomeSleevePercent: round2(INCOME_SLEEVE_WEIGHT * 100) },
      reasoning: (text) =>
        `You chose income as a goal and hold no dividend fund. ${BROAD_FUNDS.dividend} is a low-cost fund of dividend-paying US companies; buying ${text} puts ${pct(INCOME_SLEEVE_WEIGHT)} of the portfolio into it. Bond funds pay income too.`,
    });
  }

  const drafts: SuggestionDraft[] = [];
  const returnOf = (symbol: string) => {
    const r = trailingReturn(closes.get(symbol) ?? []);
    return r === null ? null : round2(r * 100);
  };
  for (const trade of [...sells.values(), ...buys]) {
    const quantity = quantityFor(trade.amount, trade.price, trade.isCrypto, trade.side, trade.max);
    if (quantity <= 0) continue;
    const value = quantity * trade.price;
    const what = units(quantity, trade.symbol, trade.isCrypto);
    const potentialReturn = trade.side === 'buy' ? returnOf(trade.symbol) : null;
    const amountText = `${what} (about ${formatMoney(value)})`;
    drafts.push({
      rule: trade.rule,
      symbol: trade.symbol,
      suggestionType: trade.type,
      actionText: `${trade.side === 'buy' ? 'Buy' : 'Sell'} ${amountText}`,
      priority: priorityOf(trade.confidence),
      riskLevel: trade.riskLevel,
      confidence: trade.confidence,
      potentialReturn,
      currentPrice: trade.price,
      targetPrice: null,
      quantity,
      reasoning:
        trade.reasoning(what) +
        (potentialReturn === null
          ? ''
          : ` Over the past year it returned ${formatNumber(potentialReturn)}% (historical, not a forecast).`),
      facts: {
        ...trade.facts,
        quantity,
        price: round2(trade.price),
        value: round2(value),
        riskTolerance: tolerance,
        timeHorizon: preferences.timeHorizon,
        ...(potentialReturn === null ? {} : { oneYearHistoricalReturnPercent: potentialReturn }),
      },
    });
  }

  // 7. Covered calls (aggressive only; not with the preservation goal).
  if (tolerance === 'aggressive' && !preferences.investmentGoals.includes('preservation')) {
    for (const h of held) {
      // Only the shares the suggestions above leave unsold can be covered.
      const sold = drafts.find((d) => d.symbol === h.symbol && d.suggestionType !== 'buy')?.quantity ?? 0;
      const kept = h.quantity - sold;
      if (h.assetClass !== 'stock' || kept < COVERED_CALL_SHARES || h.weight < COVERED_CALL_MIN_WEIGHT)
        continue;
      const volatility = annualizedVolatility(
        simpleReturns((closes.get(h.symbol) ?? []).map((b) => b.close)),
      );
      if (volatility === null || !((closes.get(h.symbol)?.length ?? 0) >= MIN_RETURN_BARS)) continue;
      const contracts = Math.floor(kept / COVERED_CALL_SHARES);
      const price = priceOf(h);
      const strike = coveredCallStrike(price, volatility);
      const confidence = confidenceOf(h.weight - COVERED_CALL_MIN_WEIGHT, CONFIDENCE_SCALE.coveredCall);
      const shares = contracts * COVERED_CALL_SHARES;
      drafts.push({
        rule: 'covered-call',
        symbol: h.symbol,
        suggestionType: 'options',
        actionText: `Sell ${contracts} covered call${contracts === 1 ? '' : 's'} on ${shares} shares of ${h.symbol} at a ${formatMoney(strike)} strike, about one month out`,
        priority: priorityOf(confidence),
        riskLevel: 'high',
        confidence,
        potentialReturn: null,
        currentPrice: price,
        targetPrice: strike,
        quantity: contracts,
        reasoning: `${h.symbol} is ${pct(h.weight)} of the portfolio and you hold ${h.quantity} shares${sold > 0 ? `, ${kept} after the sale above` : ''}. Selling ${contracts} covered call${contracts === 1 ? '' : 's'} at ${formatMoney(strike)} (one monthly standard deviation above ${formatMoney(price)}, from its ${pct(volatility)} one-year volatility) earns a premium. The risks: if the price ends above the strike your shares are sold at the strike and you miss the gain above it, the premium does not protect you from a fall, and you cannot sell those shares while the calls are open.`,
        facts: {
          weightPercent: round2(h.weight * 100),
          sharesHeld: h.quantity,
          sharesKept: kept,
          contracts,
          sharesCovered: shares,
          price: round2(price),
          strike,
          volatilityPercent: round2(volatility * 100),
          tradingDays: COVERED_CALL_DAYS,
        },
      });
    }
  }

  return drafts
    .sort((a, b) => b.confidence - a.confidence || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .slice(0, MAX_SUGGESTIONS);
}
