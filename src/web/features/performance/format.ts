import type { MarketDataSourceName } from '../../../contracts/market-data';
import type {
  MWR_UNAVAILABLE,
  PerformanceApproximation,
  PerformanceResponse,
} from '../../../contracts/performance';
import { changeTone, formatSignedPercent } from '../../lib/format';

/** The chart lines' colours (all at least 3:1 on white), shared by the charts and their legends. */
export const CHART_COLORS = {
  value: '#1e4d8c',
  netInvested: '#64748b',
  twr: '#1e4d8c',
  benchmark: '#c2410c',
} as const;

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    // The currency's own digits: cents for most, none for the yen.
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/** Money in the answer's currency, to its minor unit: `$1,234.50`, `€12.00`, `¥1,200`. */
export function formatMoney(value: number, currency: string): string {
  return moneyFormat(currency).format(value);
}

/** A change with its sign: `+$12.50`, `-€3.00`, `$0.00`. */
export function formatSignedMoney(value: number, currency: string): string {
  const text = formatMoney(Math.abs(value), currency);
  // The sign of what shows to the cent: -0.004 is '$0.00', not '-$0.00'.
  const tone = changeTone(value);
  return tone === 'gain' ? `+${text}` : tone === 'loss' ? `-${text}` : text;
}

/** A return as a fraction (0.0523) shown as a signed percent: `+5.23%`. */
export function formatReturn(fraction: number): string {
  return formatSignedPercent(fraction * 100);
}

/** A return read out: '+5.23%', or with its yearly rate for a period over a year: '+21.00% (+10.00% a year)'. */
export function formatReturnWithYearly(fraction: number, annualized: number | null): string {
  const total = formatReturn(fraction);
  return annualized === null ? total : `${total} (${formatReturn(annualized)} a year)`;
}

/** Why there is no money-weighted return, in plain words (docs/performance.md, "Money-weighted return"). */
export const MWR_UNAVAILABLE_TEXT: Readonly<Record<(typeof MWR_UNAVAILABLE)[number], string>> = {
  NO_FLOWS: 'No money-weighted return: nothing was invested in this period, or all of it on one day.',
  NO_SIGN_CHANGE:
    'No money-weighted return: all the money went the same way (only in, or only out), so no rate balances it.',
  NO_RATE: 'No money-weighted return: no single yearly rate explains these deposits and withdrawals.',
  NOT_UNIQUE: 'No money-weighted return: more than one rate explains these deposits and withdrawals.',
};

const SOURCE_LABELS: Readonly<Record<MarketDataSourceName, string>> = {
  yahoo: 'Yahoo Finance',
  coingecko: 'CoinGecko',
  alphavantage: 'Alpha Vantage',
  polygon: 'Polygon',
  fmp: 'FMP',
  simulated: 'Simulated',
};

/** A source as the answer names it (`yahoo`, `simulated`), in words; an unknown name as it is. */
export function sourceLabel(source: string): string {
  return (SOURCE_LABELS as Readonly<Record<string, string>>)[source] ?? source;
}

/** Each source and what it priced: 'Simulated: AAPL, MSFT' — one line per source, prices then rates. */
export function sourceLines(sources: PerformanceResponse['sources']): string[] {
  const lines: string[] = [];
  for (const [kind, bySubject] of [
    ['Prices', sources.prices],
    ['Exchange rates', sources.fx],
  ] as const) {
    const bySource = new Map<string, string[]>();
    for (const [subject, source] of Object.entries(bySubject)) {
      bySource.set(source, [...(bySource.get(source) ?? []), subject]);
    }
    for (const [source, subjects] of [...bySource].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`${kind}: ${sourceLabel(source)} (${subjects.sort().join(', ')})`);
    }
  }
  return lines;
}

/** The currencies whose rates are simulated, or one leg of them (a cross rate's `yahoo, simulated`), sorted. */
export function simulatedRateCurrencies(fx: Readonly<Record<string, string>>): string[] {
  return Object.entries(fx)
    .filter(([, source]) => source.split(', ').includes('simulated'))
    .map(([currency]) => currency)
    .sort();
}

/** What a card says under figures converted at simulated rates. */
export function simulatedRatesNote(currencies: readonly string[]): string {
  return `Simulated exchange rates (${currencies.join(', ')}): no market data provider answered, so Foliowise's reference rates, held flat, convert these figures. They are not market rates.`;
}

/** Whether any close or rate of the answer is simulated. */
export function hasSimulatedSource(sources: PerformanceResponse['sources']): boolean {
  return (
    Object.values(sources.prices).includes('simulated') || simulatedRateCurrencies(sources.fx).length > 0
  );
}

/**
 * A run of days valued without a price of their own, in words: 'AAPL: last close carried forward' and its days,
 * which read '2024-03-29 to 2024-04-01' (one day alone). `isRate` when the subject is a currency (its rate, not a
 * close).
 */
export function approximationParts(
  approximation: PerformanceApproximation,
  isRate: boolean,
): { what: string; days: readonly string[] } {
  const { subject, kind, from, to } = approximation;
  const price = isRate ? 'rate' : 'close';
  const how: Record<PerformanceApproximation['kind'], string> = {
    carried: `last ${price} carried forward`,
    tradePrice: isRate
      ? 'no rate yet: valued at the rate of its trades'
      : 'no close yet: valued at its last trade price',
    backfilled: `no ${price} yet: valued at its first later ${price}`,
    unpriced: isRate ? 'no rate at all' : 'no price at all: valued at 0',
  };
  return { what: `${subject}: ${how[kind]}`, days: from === to ? [from] : [from, to] };
}

/** The same in one line: 'AAPL: last close carried forward, 2024-03-29 to 2024-04-01'. */
export function approximationText(approximation: PerformanceApproximation, isRate: boolean): string {
  const { what, days } = approximationParts(approximation, isRate);
  return `${what}, ${days.join(' to ')}`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** `2026-03-05` -> `Mar 5, 2026` (a calendar day, read in UTC so that no time zone moves it). */
export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
}
