/**
 * Support and resistance from the swing lows and highs of the last year of daily bars.
 *
 * A swing low is a session whose low is the lowest of the SWING_WINDOW sessions on each side of it (a swing
 * high: the highest high). Levels within LEVEL_MERGE_FRACTION of each other are one level (their mean), so
 * a double bottom is one support. Supports are the levels below the last close, nearest first; resistances
 * those above it, nearest first; at most MAX_LEVELS of each, rounded to cents.
 */
export const SWING_WINDOW = 5;
export const LEVEL_MERGE_FRACTION = 0.015;
export const MAX_LEVELS = 3;

export interface RangeBar {
  readonly high: number;
  readonly low: number;
}

export interface PriceLevels {
  supportLevels: number[];
  resistanceLevels: number[];
}

/** Swing lows and highs of `bars` (oldest first), as prices in session order. */
export function findSwingPoints(
  bars: readonly RangeBar[],
  window = SWING_WINDOW,
): { lows: number[]; highs: number[] } {
  const lows: number[] = [];
  const highs: number[] = [];
  for (let i = window; i < bars.length - window; i++) {
    const bar = bars[i] as RangeBar;
    let isLow = true;
    let isHigh = true;
    for (let j = i - window; j <= i + window && (isLow || isHigh); j++) {
      if (j === i) continue;
      const other = bars[j] as RangeBar;
      if (other.low <= bar.low) isLow = false;
      if (other.high >= bar.high) isHigh = false;
    }
    if (isLow) lows.push(bar.low);
    if (isHigh) highs.push(bar.high);
  }
  return { lows, highs };
}

/** Levels within LEVEL_MERGE_FRACTION of their neighbour (ascending) merged into their mean. */
export function mergeLevels(prices: readonly number[], fraction = LEVEL_MERGE_FRACTION): number[] {
  const sorted = [...prices].sort((a, b) => a - b);
  const merged: number[] = [];
  let group: number[] = [];
  for (const price of sorted) {
    const last = group[group.length - 1];
    if (last !== undefined && price - last > last * fraction) {
      merged.push(meanOf(group));
      group = [];
    }
    group.push(price);
  }
  if (group.length > 0) merged.push(meanOf(group));
  return merged;
}

/** Support below and resistance above `lastClose` (see the file comment). */
export function findPriceLevels(bars: readonly RangeBar[], lastClose: number): PriceLevels {
  const { lows, highs } = findSwingPoints(bars);
  const supportLevels = mergeLevels(lows)
    .filter((level) => level < lastClose)
    .sort((a, b) => b - a)
    .slice(0, MAX_LEVELS)
    .map(toCents);
  const resistanceLevels = mergeLevels(highs)
    .filter((level) => level > lastClose)
    .sort((a, b) => a - b)
    .slice(0, MAX_LEVELS)
    .map(toCents);
  return { supportLevels, resistanceLevels };
}

function meanOf(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

export function toCents(value: number): number {
  return Math.round(value * 100) / 100;
}
