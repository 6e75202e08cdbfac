/**
 * Portfolio Health Check, exactly as spec 000 §9 gives it:
 * - diversification rating Good at 5 or more holdings, Fair at 3 or more, else 'Needs Work';
 * - four checks: Diversification (passes when the rating is Good), Emergency Buffer (holds BND), Global
 *   Exposure (holds VXUS), Simple Investing (holds VTI, SPY, QQQ or VXUS);
 * - score = passed / 4; badge green at 75 % or more, yellow at 50 % or more, red below;
 * - a warning when individual stocks exceed 70 % of holdings. Measured by value when every holding has a
 *   price (that is what "of holdings" means to an investor: 70 % of the money), else by count of holdings
 *   (the only measure left without prices); the warning says which.
 */
import { classify, normalizeSymbol, type ClassificationHint } from './classify';
import { formatPercent } from './format';
import type { ClassifiedPosition } from './types';

export const HEALTH_GOOD_MIN_HOLDINGS = 5;
export const HEALTH_FAIR_MIN_HOLDINGS = 3;
export const HEALTH_EMERGENCY_BUFFER_SYMBOLS: readonly string[] = ['BND'];
export const HEALTH_GLOBAL_EXPOSURE_SYMBOLS: readonly string[] = ['VXUS'];
export const HEALTH_SIMPLE_INVESTING_SYMBOLS: readonly string[] = ['VTI', 'SPY', 'QQQ', 'VXUS'];
export const HEALTH_GREEN_MIN_PERCENT = 75;
export const HEALTH_YELLOW_MIN_PERCENT = 50;
/** Individual stocks above this share of holdings raise a warning. */
export const HEALTH_MAX_STOCK_SHARE = 0.7;

export type DiversificationRating = 'Good' | 'Fair' | 'Needs Work';
export type HealthBadge = 'green' | 'yellow' | 'red';
export type HealthCheckId = 'diversification' | 'emergency-buffer' | 'global-exposure' | 'simple-investing';

export interface HealthCheckItem {
  readonly id: HealthCheckId;
  readonly label: string;
  readonly passed: boolean;
  readonly detail: string;
}

export interface HealthCheck {
  readonly checks: readonly HealthCheckItem[];
  readonly passed: number;
  readonly total: number;
  /** passed / total × 100 (0, 25, 50, 75 or 100). */
  readonly scorePercent: number;
  readonly badge: HealthBadge;
  readonly diversificationRating: DiversificationRating;
  readonly warnings: readonly string[];
}

export interface HealthCheckHolding extends ClassificationHint {
  readonly symbol: string;
  readonly quantity: number;
  /** quantity × price; omit or null when the price is unknown. */
  readonly value?: number | null;
}

export function diversificationRating(holdingCount: number): DiversificationRating {
  if (holdingCount >= HEALTH_GOOD_MIN_HOLDINGS) return 'Good';
  if (holdingCount >= HEALTH_FAIR_MIN_HOLDINGS) return 'Fair';
  return 'Needs Work';
}

export function healthBadge(scorePercent: number): HealthBadge {
  if (scorePercent >= HEALTH_GREEN_MIN_PERCENT) return 'green';
  if (scorePercent >= HEALTH_YELLOW_MIN_PERCENT) return 'yellow';
  return 'red';
}

/** 'A', 'A or B', 'A, B or C' (or 'and'). */
function list(symbols: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  if (symbols.length <= 1) return symbols.join('');
  return `${symbols.slice(0, -1).join(', ')} ${conjunction} ${symbols.at(-1) ?? ''}`;
}

/**
 * The health check of a portfolio. Holdings are counted once per symbol (trimmed, upper case) with a
 * positive quantity.
 */
export function healthCheck(holdings: readonly HealthCheckHolding[]): HealthCheck {
  const bySymbol = new Map<string, HealthCheckHolding>();
  for (const h of holdings) {
    if (!(h.quantity > 0)) continue;
    const symbol = normalizeSymbol(h.symbol);
    const seen = bySymbol.get(symbol);
    bySymbol.set(
      symbol,
      seen
        ? { ...seen, quantity: seen.quantity + h.quantity, value: addValues(seen.value, h.value) }
        : { ...h, symbol },
    );
  }
  const held = [...bySymbol.values()];
  const count = held.length;
  const has = (symbols: readonly string[]) => symbols.filter((s) => bySymbol.has(s));

  const rating = diversificationRating(count);
  const buffer = has(HEALTH_EMERGENCY_BUFFER_SYMBOLS);
  const global = has(HEALTH_GLOBAL_EXPOSURE_SYMBOLS);
  const simple = has(HEALTH_SIMPLE_INVESTING_SYMBOLS);
  const checks: HealthCheckItem[] = [
    {
      id: 'diversification',
      label: 'Diversification',
      passed: rating === 'Good',
      detail: `${count} ${count === 1 ? 'holding' : 'holdings'}: ${rating} (Good at ${HEALTH_GOOD_MIN_HOLDINGS} or more, Fair at ${HEALTH_FAIR_MIN_HOLDINGS} or more)`,
    },
    {
      id: 'emergency-buffer',
      label: 'Emergency Buffer',
      passed: buffer.length > 0,
      detail:
        buffer.length > 0
          ? `Holds ${list(buffer, 'and')}`
          : `Add ${list(HEALTH_EMERGENCY_BUFFER_SYMBOLS)} as a bond buffer`,
    },
    {
      id: 'global-exposure',
      label: 'Global Exposure',
      passed: global.length > 0,
      detail:
        global.length > 0
          ? `Holds ${list(global, 'and')}`
          : `Add ${list(HEALTH_GLOBAL_EXPOSURE_SYMBOLS)} for international stocks`,
    },
    {
      id: 'simple-investing',
      label: 'Simple Investing',
      passed: simple.length > 0,
      detail:
        simple.length > 0
          ? `Holds ${list(simple, 'and')}`
          : `Add a broad index fund: ${list(HEALTH_SIMPLE_INVESTING_SYMBOLS)}`,
    },
  ];
  const passed = checks.filter((c) => c.passed).length;
  const scorePercent = (passed / checks.length) * 100;

  const warnings: string[] = [];
  if (count > 0) {
    const isStock = held.map((h) => classify(h.symbol, h).assetClass === 'stock');
    const values = held.map((h) => h.value);
    const byValue = values.every((v) => typeof v === 'number' && Number.isFinite(v) && v > 0);
    let share: number;
    if (byValue) {
      const total = values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
      const stocks = values.reduce<number>((sum, v, i) => sum + (isStock[i] ? (v ?? 0) : 0), 0);
      share = stocks / total;
    } else {
      share = isStock.filter(Boolean).length / count;
    }
    if (share > HEALTH_MAX_STOCK_SHARE) {
      warnings.push(
        `Individual stocks are ${formatPercent(share)} of your holdings by ${byValue ? 'value' : 'count'}, above ${formatPercent(HEALTH_MAX_STOCK_SHARE, 0)}: consider broad funds for part of it.`,
      );
    }
  }

  return {
    checks,
    passed,
    total: checks.length,
    scorePercent,
    badge: healthBadge(scorePercent),
    diversificationRating: rating,
    warnings,
  };
}

function addValues(a: number | null | undefined, b: number | null | undefined): number | null {
  return typeof a === 'number' && typeof b === 'number' ? a + b : null;
}

/**
 * The health check of valued, classified positions (what the valuation and the analysis both hold): a
 * position without a price counts by number only, and an 'Unknown' class gives no hint.
 */
export function healthCheckOfPositions(
  positions: readonly Pick<ClassifiedPosition, 'symbol' | 'quantity' | 'priced' | 'value' | 'assetClass'>[],
): HealthCheck {
  return healthCheck(
    positions.map((p) => ({
      symbol: p.symbol,
      quantity: p.quantity,
      value: p.priced ? p.value : null,
      assetClass: p.assetClass === 'Unknown' ? undefined : p.assetClass,
    })),
  );
}
