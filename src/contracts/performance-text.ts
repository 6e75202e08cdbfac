/**
 * A portfolio's returns in words and figures, as people read them (issue 28 items 6 and 7): the Performance view and
 * the white-label PDF report's performance page both write them from here, so they say the same thing the same way.
 * Returns are fractions (0.0523 is '+5.23%'); money is in the answer's currency.
 */
import { formatDay } from '../domain/calendar';
import type { PeriodRange } from '../domain/performance/periods';
import { MARKET_DATA_SOURCE_LABELS } from './market-data';
import type { MWR_UNAVAILABLE, PerformanceApproximation, PerformanceResponse } from './performance';

/** The one-line explanations of the two returns (issue 28 item 6: readable to someone who never heard of TWR). */
export const TWR_EXPLANATION =
  'Time-weighted: how your investments did, whatever you put in or took out, when.';
export const MWR_EXPLANATION = 'Money-weighted: how your money did, counting when you added or withdrew it.';

/** Each range's short name (the period buttons), and what it means. */
export const RANGE_LABELS: Readonly<Record<PeriodRange, { text: string; title: string }>> = {
  '1D': { text: '1D', title: 'The last trading day' },
  WTD: { text: 'WTD', title: 'Week to date' },
  MTD: { text: 'MTD', title: 'Month to date' },
  '1M': { text: '1M', title: 'The past month' },
  YTD: { text: 'YTD', title: 'Year to date' },
  '1Y': { text: '1Y', title: 'The past year' },
  '3Y': { text: '3Y', title: 'The past 3 years' },
  '5Y': { text: '5Y', title: 'The past 5 years' },
  MAX: { text: 'Max', title: 'Since the first activity' },
};

// ------------------------------------------------------------------------------------ money and returns

const moneyFormats = new Map<string, Intl.NumberFormat>();
const signedMoneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, signed: boolean): Intl.NumberFormat {
  const formats = signed ? signedMoneyFormats : moneyFormats;
  let format = formats.get(currency);
  if (!format) {
    // The currency's own digits (cents for most, none for the yen); a sign only on what does not show as zero.
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    });
    formats.set(currency, format);
  }
  return format;
}

/** Money in the answer's currency, to its minor unit: `$1,234.50`, `€12.00`, `¥1,200`. */
export function formatMoney(value: number, currency: string): string {
  return moneyFormat(currency, false).format(value);
}

/** A change with its sign: `+$12.50`, `-€3.00`, `$0.00` (-0.004 shows as zero, so it has none). */
export function formatSignedMoney(value: number, currency: string): string {
  return moneyFormat(currency, true).format(value);
}

const returnFormat = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** A return as a fraction (0.0523) shown as a signed percent: `+5.23%`; `0.00%` for what rounds to zero. */
export function formatReturn(fraction: number): string {
  return returnFormat.format(fraction);
}

/** A return read out: '+5.23%', or with its yearly rate for a period over a year: '+21.00% (+10.00% a year)'. */
export function formatReturnWithYearly(fraction: number, annualized: number | null): string {
  const total = formatReturn(fraction);
  return annualized === null ? total : `${total} (${formatReturn(annualized)} a year)`;
}

/** Days as the view and the report write them: `Mar 5, 2026`. */
export { formatDay };

/** The period as answered: 'From the close of Mar 31, 2022 to the close of Apr 5, 2024, in USD.' */
export function periodSentence(data: Pick<PerformanceResponse, 'period' | 'currency'>): string {
  return `From the close of ${formatDay(data.period.start)} to the close of ${formatDay(data.period.end)}, in ${data.currency}.`;
}

/** Why there is no money-weighted return, in plain words (docs/performance.md, "Money-weighted return"). */
export const MWR_UNAVAILABLE_TEXT: Readonly<Record<(typeof MWR_UNAVAILABLE)[number], string>> = {
  NO_FLOWS: 'No money-weighted return: nothing was invested in this period, or all of it on one day.',
  NO_SIGN_CHANGE:
    'No money-weighted return: all the money went the same way (only in, or only out), so no rate balances it.',
  NO_RATE: 'No money-weighted return: no single yearly rate explains these deposits and withdrawals.',
  NOT_UNIQUE: 'No money-weighted return: more than one rate explains these deposits and withdrawals.',
};

/** Why a money-weighted return (the portfolio's or the benchmark's) is missing, with or without the reason. */
export function mwrUnavailableText(reason: (typeof MWR_UNAVAILABLE)[number] | null): string {
  return reason ? MWR_UNAVAILABLE_TEXT[reason] : 'No money-weighted return for this period.';
}

// ------------------------------------------------------------------------------ sources and approximations

/** A source as the answer names it (`yahoo`, `simulated`), in words; an unknown name as it is. */
export function sourceLabel(source: string): string {
  return (MARKET_DATA_SOURCE_LABELS as Readonly<Record<string, string>>)[source] ?? source;
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

/** Said wherever simulated closes or rates were used: they are not real, and neither are the returns. */
export const SIMULATED_SOURCES_NOTE =
  "Simulated: no market data provider answered, so these come from Foliowise's offline simulator. They are not real prices, and neither are the returns computed from them.";

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

// ------------------------------------------------------------------------------------- the change in value

type Breakdown = PerformanceResponse['breakdown'];

/** The parts of the change in value, in the order of docs/performance.md's identity, each with what it is. */
export const BREAKDOWN_PARTS: readonly {
  key: Exclude<keyof Breakdown, 'realized' | 'unrealized'>;
  label: string;
  hint: string;
}[] = [
  { key: 'price', label: 'Price', hint: 'prices of what you held went up or down' },
  { key: 'dividends', label: 'Dividends', hint: 'paid by what you held' },
  { key: 'interest', label: 'Interest', hint: 'on cash and bonds' },
  { key: 'fees', label: 'Fees', hint: 'of trades and of the account' },
  { key: 'taxes', label: 'Taxes', hint: 'withheld or paid' },
  { key: 'currency', label: 'Currency', hint: 'exchange rates against your base currency' },
];

export const NET_FLOWS_PART: { readonly label: string; readonly hint: string } = {
  label: 'Money in less money out',
  hint: 'what you put in, less what you took out',
};

/** The same gains split by what was sold and what is still held, under their caption. */
export const GAINS_CAPTION = 'Gains on your holdings, after the fees of their trades';
export const GAIN_PARTS: readonly { key: 'realized' | 'unrealized'; label: string; hint: string }[] = [
  { key: 'realized', label: 'Realized', hint: 'on what was sold' },
  { key: 'unrealized', label: 'Unrealized', hint: 'on what is still held' },
];

/** The label of the value at a day's close, the first and last rows of the change in value. */
export const valueAtCloseLabel = (isoDate: string) => `Value at the close of ${formatDay(isoDate)}`;

/** The rows from the start value to the end value: the server's cents add up to the change (docs/performance.md). */
export function breakdownRows(data: PerformanceResponse): { label: string; value: number }[] {
  return [{ label: NET_FLOWS_PART.label, value: data.netFlows }].concat(
    BREAKDOWN_PARTS.map(({ key, label }) => ({ label, value: data.breakdown[key] })),
  );
}

/** The time-weighted return over the period in one sentence, against the benchmark's when it has one. */
export function returnSummary(data: PerformanceResponse): string | null {
  const last = data.series.at(-1);
  if (!last) return null;
  const benchmark = data.benchmark?.available && last.benchmarkIndex !== null ? data.benchmark.symbol : null;
  return (
    `Time-weighted return ${formatReturn(last.twrIndex - 1)} over the period` +
    (benchmark && last.benchmarkIndex !== null
      ? `, against ${formatReturn(last.benchmarkIndex - 1)} for ${benchmark}.`
      : '.')
  );
}

/** What the value chart and the returns chart show, in one sentence each (a screen reader's view of them). */
export function chartSummary(data: PerformanceResponse): string[] {
  const first = data.series[0];
  const last = data.series.at(-1);
  const returns = returnSummary(data);
  if (!first || !last || returns === null) return [];
  const { currency } = data;
  return [
    `Value from ${formatMoney(first.value, currency)} on ${formatDay(first.date)} to ${formatMoney(last.value, currency)} on ${formatDay(last.date)}; net invested from ${formatMoney(first.netInvested, currency)} to ${formatMoney(last.netInvested, currency)}.`,
    returns,
  ];
}
