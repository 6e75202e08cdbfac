import type { MarketDataSourceName } from '../../../contracts/market-data';
import type { FeedSource } from '../../../contracts/terminal';
import type { Tone } from '../../lib/format';
import { onFirstUse } from '../../lib/on-first-use';

const price2 = onFirstUse(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** 1234.5 -> '1,234.50' (prices and index levels; the currency is stated elsewhere). */
export function formatPrice(value: number): string {
  return price2().format(value);
}

/** A change with its sign: 1.5 -> '+1.50', -0.2 -> '-0.20'. */
export function formatSignedNumber(value: number): string {
  const text = price2().format(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : text;
}

/** Beta, Sharpe, correlation: 2 decimals, a real minus sign; '—' when unknown. */
export function formatRatio(value: number | null): string {
  if (value === null) return '—';
  const text = Math.abs(value).toFixed(2);
  return value < 0 && text !== '0.00' ? `−${text}` : text;
}

/** Text colours on the terminal's dark panels (all at least 5.5:1 on #111827). */
export const TONE_TEXT: Readonly<Record<Tone, string>> = {
  gain: 'text-emerald-400',
  loss: 'text-red-400',
  flat: 'text-slate-300',
};

export { MARKET_DATA_SOURCE_LABELS as SOURCE_LABELS } from '../../../contracts/market-data';

export const FEED_SOURCE_LABELS: Readonly<Record<FeedSource, string>> = {
  fmp: 'Financial Modeling Prep',
  alphavantage: 'Alpha Vantage',
  polygon: 'Polygon',
  sample: 'Sample',
};

const time = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
);
const day = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** '14:05:09'-style local time of an ISO instant; '' when unreadable. */
export function formatTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : time().format(ms);
}

const dayAndTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/**
 * When a release or an article happens: 'Apr 9, 8:30 AM' in the viewer's own zone for an ISO instant (day
 * and time read in the same zone), 'Apr 9, 2026' for a bare YYYY-MM-DD date.
 */
export function formatWhen(value: string): string {
  if (value.length <= 10) return formatDay(value);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : dayAndTime().format(ms);
}

/** 'Nov 21, 2025' for a YYYY-MM-DD date (or an ISO instant). */
export function formatDay(date: string): string {
  const ms = Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date);
  return Number.isNaN(ms) ? date : day().format(ms);
}

/**
 * The terminal's status beside the plan: 'Live' only when every price on screen is a real quote, 'Simulated' when
 * every one is simulated, 'Partly simulated' in between (DESIGN.md "Data sources are honest"); null without prices.
 */
export function priceFeedLabel(
  sources: readonly MarketDataSourceName[],
): 'Live' | 'Simulated' | 'Partly simulated' | null {
  if (sources.length === 0) return null;
  const simulated = sources.filter((source) => source === 'simulated').length;
  if (simulated === 0) return 'Live';
  return simulated === sources.length ? 'Simulated' : 'Partly simulated';
}
