/**
 * Custom alerts and daily snapshots (spec 000 §3, §5, §9; docs/decisions/027-alerts-and-snapshots.md): what a
 * condition means, when it fires, how severe it is, and the snapshot's gain/loss. Pure functions over numbers.
 */
import { isTradingDayNumber, newYorkClock, SESSION_OPEN_MINUTE, sessionCloseMinute } from './calendar';
import { clientPortfolioName } from './clients';
import { displaySymbol, symbolKindOf } from './symbol-kind';

export const ALERT_CONDITION_TYPES = [
  'price_above',
  'price_below',
  'percent_change',
  'portfolio_value',
  'gain_loss',
] as const;
export type AlertConditionType = (typeof ALERT_CONDITION_TYPES)[number];

export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_LIMITS = {
  /** Conditions one user may keep (the whole list is saved at once). */
  maxConditions: 50,
  /** Largest threshold accepted: beyond any price or portfolio value. */
  maxThreshold: 1_000_000_000_000,
  /** Unacknowledged alerts listed (newest first). */
  listedAlerts: 50,
  /** Snapshots in the history chart (about a year of trading days). */
  snapshotHistory: 260,
} as const;

export const ALERT_MESSAGES = {
  invalidThresholdTitle: 'Invalid Threshold',
  invalidThreshold: 'Please enter a valid threshold value',
  symbolRequired: 'Please enter a symbol for this alert',
  tooMany: `You can keep at most ${ALERT_LIMITS.maxConditions} alert conditions.`,
  userNotFound: 'User not found',
  alertNotFound: 'Alert not found',
} as const;

/** The spec's rule (§5): only these three types carry a symbol. */
export function conditionNeedsSymbol(type: AlertConditionType): boolean {
  return type === 'price_above' || type === 'price_below' || type === 'percent_change';
}

/** The spec's rule (§5): a type whose name contains 'percent' shows its threshold as a percent. */
export function isPercentCondition(type: AlertConditionType): boolean {
  return type.includes('percent');
}

export interface ConditionRule {
  type: AlertConditionType;
  symbol: string | null;
  threshold: number;
  /** Set for a condition on a client portfolio (Professional): its messages name the client. */
  clientName?: string | null;
}

/**
 * What one pass knows for a condition: the symbol's price and daily change (symbol types), or the saved
 * portfolio's value now and at its latest snapshot (portfolio types). A missing figure leaves it unknown.
 */
export interface ConditionReading {
  price?: number | null;
  changePercent?: number | null;
  portfolioValue?: number | null;
  latestSnapshotValue?: number | null;
}

export type ConditionOutcome =
  { state: 'unknown' } | { state: 'false' } | { state: 'true'; severity: AlertSeverity; message: string };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const percent = (value: number) => `${value.toFixed(2)}%`;
const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
const isKnown = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value);

/** A downside move is a warning, twice the threshold or more is critical; an upside move is info. */
function downsideSeverity(move: number, threshold: number): AlertSeverity {
  return move >= 2 * threshold ? 'critical' : 'warning';
}

/**
 * Whether the condition holds now, and if so its severity and message (decision 027):
 * - price_above: price >= threshold (info).
 * - price_below: price <= threshold (warning; critical at 90 % of the threshold or less).
 * - percent_change: |today's change %| >= threshold (a fall: warning, critical at twice the threshold; a rise: info).
 * - portfolio_value: the saved portfolio's value >= threshold (info).
 * - gain_loss: |value now - value at the latest snapshot| >= threshold dollars (a loss: warning, critical at
 *   twice the threshold; a gain: info). No snapshot yet: unknown.
 * A client's condition names the client: "Acme's portfolio is worth …", "Acme: AAPL is at …".
 */
export function evaluateCondition(rule: ConditionRule, reading: ConditionReading): ConditionOutcome {
  const outcome = evaluateOwnCondition(rule, reading);
  if (outcome.state !== 'true' || !rule.clientName || !conditionNeedsSymbol(rule.type)) return outcome;
  return { ...outcome, message: `${rule.clientName}: ${outcome.message}` };
}

function evaluateOwnCondition(rule: ConditionRule, reading: ConditionReading): ConditionOutcome {
  const { threshold } = rule;
  // People read 'BTC', never the internal key 'CRYPTO:BTC' (the alert list, the banner and the e-mail).
  const symbol = displaySymbol(rule.symbol ?? '');
  const portfolio = rule.clientName ? clientPortfolioName(rule.clientName) : 'Your portfolio';
  switch (rule.type) {
    case 'price_above': {
      if (!isKnown(reading.price)) return { state: 'unknown' };
      if (reading.price < threshold) return { state: 'false' };
      return {
        state: 'true',
        severity: 'info',
        message: `${symbol} is at ${usd.format(reading.price)}, at or above your ${usd.format(threshold)} alert.`,
      };
    }
    case 'price_below': {
      if (!isKnown(reading.price)) return { state: 'unknown' };
      if (reading.price > threshold) return { state: 'false' };
      return {
        state: 'true',
        severity: reading.price <= 0.9 * threshold ? 'critical' : 'warning',
        message: `${symbol} is at ${usd.format(reading.price)}, at or below your ${usd.format(threshold)} alert.`,
      };
    }
    case 'percent_change': {
      if (!isKnown(reading.changePercent)) return { state: 'unknown' };
      const move = Math.abs(reading.changePercent);
      if (move < threshold) return { state: 'false' };
      return {
        state: 'true',
        severity: reading.changePercent < 0 ? downsideSeverity(move, threshold) : 'info',
        message: `${symbol} moved ${signedPercent(reading.changePercent)} today (your alert: ${percent(threshold)}).`,
      };
    }
    case 'portfolio_value': {
      if (!isKnown(reading.portfolioValue)) return { state: 'unknown' };
      if (reading.portfolioValue < threshold) return { state: 'false' };
      return {
        state: 'true',
        severity: 'info',
        message: `${portfolio} is worth ${usd.format(reading.portfolioValue)}, at or above your ${usd.format(threshold)} alert.`,
      };
    }
    case 'gain_loss': {
      if (!isKnown(reading.portfolioValue) || !isKnown(reading.latestSnapshotValue))
        return { state: 'unknown' };
      const gainLoss = reading.portfolioValue - reading.latestSnapshotValue;
      const size = Math.abs(gainLoss);
      if (size < threshold) return { state: 'false' };
      return {
        state: 'true',
        severity: gainLoss < 0 ? downsideSeverity(size, threshold) : 'info',
        message: `${portfolio} is ${gainLoss < 0 ? 'down' : 'up'} ${usd.format(size)} since the last snapshot (your alert: ${usd.format(threshold)}).`,
      };
    }
  }
}

/**
 * A fired alert's stored message as people read it. Alerts fired before issue 25 stored the key
 * ('CRYPTO:BTC is at $60,000.00, …', 'Acme: CRYPTO:ETH moved -10.00% today …'): the key where a message names
 * its symbol (at the start, or after the client's name) is written as the coin, 'BTC is at …'. Anything else
 * in the text, a client's name included, is left as it is.
 */
export function alertMessageShown(message: string): string {
  return message.replace(
    /(^|: )CRYPTO:([A-Z0-9.\-^=/]+)(?= (?:is at|moved) )/,
    (_match, before: string, coin: string) => `${before}${coin}`,
  );
}

/**
 * Fire once per crossing: an armed condition that holds fires and disarms; a disarmed one re-arms only when it
 * no longer holds; an unknown outcome changes nothing. (The server applies the same rule in one atomic UPDATE.)
 */
export function nextArming(armed: boolean, outcome: ConditionOutcome): { armed: boolean; fires: boolean } {
  if (outcome.state === 'unknown') return { armed, fires: false };
  if (outcome.state === 'true') return { armed: false, fires: armed };
  return { armed: true, fires: false };
}

/** The US session is open: a trading day, from 09:30 to its close (16:00, 13:00 on half days), New York time. */
export function isUsMarketOpen(now: Date): boolean {
  const { day, minute } = newYorkClock(now.getTime());
  return isTradingDayNumber(day) && minute >= SESSION_OPEN_MINUTE && minute < sessionCloseMinute(day);
}

/** Crypto trades around the clock; anything else is evaluated only while the US session is open. */
export function isSymbolLive(symbol: string, now: Date): boolean {
  return symbolKindOf(symbol) === 'crypto' || isUsMarketOpen(now);
}

export interface SnapshotFigures {
  totalValue: number;
  totalGainLoss: number;
  totalGainLossPercent: number;
}

const roundCents = (value: number) => Math.round(value * 100) / 100;

/**
 * A day's snapshot (decision 027): the saved portfolio's value, and its gain or loss against the previous
 * snapshot (none before it, or one worth 0: a gain of 0 and 0 %). Dollars to the cent, percent to 4 decimals.
 */
export function snapshotFigures(totalValue: number, previousTotalValue: number | null): SnapshotFigures {
  const value = roundCents(totalValue);
  if (previousTotalValue === null || previousTotalValue <= 0) {
    return { totalValue: value, totalGainLoss: 0, totalGainLossPercent: 0 };
  }
  const gainLoss = roundCents(value - previousTotalValue);
  return {
    totalValue: value,
    totalGainLoss: gainLoss,
    totalGainLossPercent: Math.round((gainLoss / previousTotalValue) * 100 * 10_000) / 10_000,
  };
}
