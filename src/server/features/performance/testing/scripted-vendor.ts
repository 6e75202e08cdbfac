/**
 * The prices of the returns tests (GET /api/performance, the analysis's returns facts): MSFT and SPY scripted by hand
 * around one week, so that each figure can be worked out on paper; before that week SPY, and every other symbol,
 * the fake vendor's bars (a year of benchmark for longer histories).
 */
import { createFakeAdapter, fakeBars } from '../../../providers/market-data/testing/fake-adapter';
import type { DailyBar } from '../../../providers/market-data/types';

/** Friday 2024-06-28 after New York's close: today's session is complete. */
export const SCRIPTED_NOW = new Date('2024-06-28T22:00:00Z');

/** The vendor's closes: MSFT and SPY from the Friday before the small histories to today. */
const CLOSES: Record<string, Record<string, number>> = {
  MSFT: {
    '2024-06-21': 98,
    '2024-06-24': 100,
    '2024-06-25': 105,
    '2024-06-26': 110,
    '2024-06-27': 99,
    '2024-06-28': 121,
  },
  SPY: {
    '2024-06-21': 500,
    '2024-06-24': 500,
    '2024-06-25': 505,
    '2024-06-26': 510,
    '2024-06-27': 495,
    '2024-06-28': 550,
  },
};
const SCRIPT_START = '2024-06-21';

const barOf = (date: string, close: number): DailyBar => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1000,
});

/** A Yahoo stand-in answering the scripted closes. */
export function createScriptedVendor() {
  const yahoo = createFakeAdapter('yahoo');
  yahoo.onHistory = async (symbol, from, to) => {
    const scripted = CLOSES[symbol];
    if (!scripted) return fakeBars(symbol, from, to);
    const before =
      symbol === 'SPY' && from < SCRIPT_START
        ? fakeBars(symbol, from, to).filter((b) => b.date < SCRIPT_START)
        : [];
    const within = Object.entries(scripted)
      .filter(([date]) => date >= from && date <= to)
      .map(([date, close]) => barOf(date, close));
    return [...before, ...within];
  };
  return yahoo;
}
