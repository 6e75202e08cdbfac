/** Every query on the stored daily bars (`daily_bar`, `daily_bar_span`, `daily_close_year`). Vendor bars only. */
import { endianness } from 'node:os';
import { sql } from 'drizzle-orm';
import { fromDayNumber, toDayNumber } from '../../../domain/calendar';
import type { Database } from '../../db/client';
import { dailyBar, dailyBarSpan, dailyCloseYear } from './schema';
import type { DailyBar, DailyClose, VendorName } from '../../providers/market-data/types';

export interface DateSpan {
  from: string;
  to: string;
}

/** A span of one symbol's dates, `from` to `to` inclusive. */
export interface SymbolSpan extends DateSpan {
  symbol: string;
}

/** One symbol's stored sessions `S` (bars or columns, oldest first, never empty), and the most recent one's vendor. */
export interface StoredSeries<S> {
  source: VendorName;
  bars: S;
}

/** Sessions as columns: each date (YYYY-MM-DD) and its close. */
export interface CloseColumns {
  dates: string[];
  closes: number[];
}

export interface BarStore {
  /** The span of dates already fetched per symbol, for the symbols that have one: one query. */
  spans(symbols: readonly string[]): Promise<Map<string, DateSpan>>;
  /** Stored bars of each symbol's span in one query; a symbol without a bar there is left out. */
  readBars(spans: readonly SymbolSpan[]): Promise<Map<string, StoredSeries<DailyBar[]>>>;
  /** Like `readBars`, with only each session's close, read from the closes packed per year (`daily_close_year`). */
  readCloses(spans: readonly SymbolSpan[]): Promise<Map<string, StoredSeries<DailyClose[]>>>;
  /** `readCloses` as columns (a read of many years of many symbols makes no object per session). */
  readCloseColumns(spans: readonly SymbolSpan[]): Promise<Map<string, StoredSeries<CloseColumns>>>;
  /** Upserts bars (a re-fetch corrects a stored day) and widens the fetched span, in one transaction. */
  save(symbol: string, covered: DateSpan, bars: readonly StoredBar[]): Promise<void>;
}

export interface StoredBar extends DailyBar {
  source: VendorName;
}

const INSERT_CHUNK = 1000;

const BAR_COLUMNS = {
  date: dailyBar.date,
  open: dailyBar.open,
  high: dailyBar.high,
  low: dailyBar.low,
  close: dailyBar.close,
  volume: dailyBar.volume,
} as const;

/** One year of a wanted span's closes (`daily_close_year`), `wanted` its position among the spans. */
type PackedYearRow = {
  wanted: number;
  days: number[];
  closes: Buffer;
  source_runs: [number, VendorName][];
};

/** Date texts by day number: the symbols of a read share their sessions, so each date is made once (bounded). */
const dateTexts = new Map<number, string>();
const MAX_DATE_TEXTS = 40_000;

function dateOfDay(day: number): string {
  let date = dateTexts.get(day);
  if (date === undefined) {
    date = fromDayNumber(day);
    if (dateTexts.size < MAX_DATE_TEXTS) dateTexts.set(day, date);
  }
  return date;
}

/** float8send's bytes (big-endian doubles) as numbers: one copy and, on a little-endian machine, one swap. */
function doublesOf(bytes: Buffer): Float64Array {
  const doubles = new Float64Array(bytes.length / 8);
  const target = Buffer.from(doubles.buffer);
  bytes.copy(target);
  if (endianness() === 'LE') target.swap64();
  return doubles;
}

/** The closes of `span` in years of packed closes (oldest first), and the vendor of the last; undefined: none. */
function closesInSpan(
  years: readonly PackedYearRow[],
  span: DateSpan,
): StoredSeries<CloseColumns> | undefined {
  const from = toDayNumber(span.from);
  const to = toDayNumber(span.to);
  const dates: string[] = [];
  const closes: number[] = [];
  let source: VendorName | undefined;
  for (const year of years) {
    const doubles = doublesOf(year.closes);
    let last = -1;
    for (let i = 0; i < year.days.length; i++) {
      const day = year.days[i] as number;
      if (day < from || day > to) continue;
      dates.push(dateOfDay(day));
      closes.push(doubles[i] as number);
      last = i;
    }
    if (last >= 0) source = year.source_runs.findLast(([start]) => start <= last)?.[1];
  }
  return source === undefined ? undefined : { source, bars: { dates, closes } };
}

/** One row per symbol: its bars as JSON columns (one array per field, oldest first); `readBars`'s. */
type SeriesRow = {
  symbol: string;
  source: VendorName;
  columns: unknown[][];
};

export function createBarStore(db: Database): BarStore {
  /**
   * Each symbol's bars aggregated by PostgreSQL into one row of JSON arrays: parsing one JSON text per symbol
   * costs a fraction of parsing a row per bar, which is most of the time of a read of hundreds of symbols.
   * Each symbol is an index range scan of `daily_bar_pk` (the lateral join keeps it so), and every aggregate
   * has the same order, which PostgreSQL 16+ takes presorted from the index instead of sorting each.
   */
  async function readSeries(spans: readonly SymbolSpan[], fields: readonly (keyof DailyBar)[]) {
    if (spans.length === 0) return [];
    const columns = sql.join(
      fields.map((field) => sql`json_agg(${BAR_COLUMNS[field]} order by ${dailyBar.date})`),
      sql`, `,
    );
    const { rows } = await db.execute<SeriesRow>(sql`
      select wanted.symbol, stored.source, stored.columns
      from unnest(
        ${sql.param(spans.map((s) => s.symbol))}::text[],
        ${sql.param(spans.map((s) => s.from))}::date[],
        ${sql.param(spans.map((s) => s.to))}::date[]
      ) as wanted (symbol, first_date, last_date)
      cross join lateral (
        select
          (array_agg(${dailyBar.source} order by ${dailyBar.date}))[count(*)] as source,
          json_build_array(${columns}) as columns
        from ${dailyBar}
        where ${dailyBar.symbol} = wanted.symbol and ${dailyBar.date} between wanted.first_date and wanted.last_date
      ) as stored
      where stored.source is not null`);
    return rows;
  }

  /** Each span's closes from the years it touches in `daily_close_year`: one row per symbol and year. */
  async function readCloseColumns(
    spans: readonly SymbolSpan[],
  ): Promise<Map<string, StoredSeries<CloseColumns>>> {
    if (spans.length === 0) return new Map();
    // The years each span touches, in span and year order: one row per symbol and year (a primary key range).
    const { rows } = await db.execute<PackedYearRow>(sql`
      select wanted.position::int as wanted, ${dailyCloseYear.days}, ${dailyCloseYear.closes},
        ${dailyCloseYear.sourceRuns}
      from unnest(
        ${sql.param(spans.map((s) => s.symbol))}::text[],
        ${sql.param(spans.map((s) => s.from))}::date[],
        ${sql.param(spans.map((s) => s.to))}::date[]
      ) with ordinality as wanted (symbol, first_date, last_date, position)
      join ${dailyCloseYear} on ${dailyCloseYear.symbol} = wanted.symbol
        and ${dailyCloseYear.year} between extract(year from wanted.first_date) and extract(year from wanted.last_date)
      order by wanted.position, ${dailyCloseYear.year}`);
    const yearsOf = new Map<number, PackedYearRow[]>();
    for (const row of rows) {
      const years = yearsOf.get(row.wanted);
      if (years) years.push(row);
      else yearsOf.set(row.wanted, [row]);
    }
    const series = new Map<string, StoredSeries<CloseColumns>>();
    spans.forEach((span, i) => {
      const stored = closesInSpan(yearsOf.get(i + 1) ?? [], span);
      if (stored) series.set(span.symbol, stored);
    });
    return series;
  }

  return {
    async spans(symbols) {
      if (symbols.length === 0) return new Map();
      const rows = await db
        .select({ symbol: dailyBarSpan.symbol, from: dailyBarSpan.firstDate, to: dailyBarSpan.lastDate })
        .from(dailyBarSpan)
        .where(sql`${dailyBarSpan.symbol} = any(${sql.param(symbols)}::text[])`);
      return new Map(rows.map(({ symbol, from, to }) => [symbol, { from, to }]));
    },

    async readBars(spans) {
      const rows = await readSeries(spans, ['date', 'open', 'high', 'low', 'close', 'volume']);
      return new Map(
        rows.map(({ symbol, source, columns }) => {
          const [dates = [], opens = [], highs = [], lows = [], closes = [], volumes = []] = columns;
          const bars = dates.map((date, i): DailyBar => ({
            date: date as string,
            open: opens[i] as number,
            high: highs[i] as number,
            low: lows[i] as number,
            close: closes[i] as number,
            volume: volumes[i] as number,
          }));
          return [symbol, { source, bars }];
        }),
      );
    },

    async readCloses(spans) {
      const columns = await readCloseColumns(spans);
      return new Map(
        [...columns].map(([symbol, { source, bars }]) => [
          symbol,
          {
            source,
            bars: bars.dates.map((date, i): DailyClose => ({ date, close: bars.closes[i] as number })),
          },
        ]),
      );
    },

    readCloseColumns,

    async save(symbol, covered, bars) {
      await db.transaction(async (tx) => {
        // The lock the triggers building this symbol's packed closes take (migration 0031), taken before the first
        // bar is written: two saves of one symbol then wait for each other whole instead of locking in turns.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended('daily_close_year:' || ${symbol}, 0))`,
        );
        for (let start = 0; start < bars.length; start += INSERT_CHUNK) {
          const chunk = bars.slice(start, start + INSERT_CHUNK).map((bar) => ({
            symbol,
            date: bar.date,
            open: String(bar.open),
            high: String(bar.high),
            low: String(bar.low),
            close: String(bar.close),
            volume: Math.max(0, Math.round(bar.volume)),
            source: bar.source,
          }));
          await tx
            .insert(dailyBar)
            .values(chunk)
            .onConflictDoUpdate({
              target: [dailyBar.symbol, dailyBar.date],
              set: {
                open: sql`excluded.open`,
                high: sql`excluded.high`,
                low: sql`excluded.low`,
                close: sql`excluded.close`,
                volume: sql`excluded.volume`,
                source: sql`excluded.source`,
                fetchedAt: sql`now()`,
              },
            });
        }
        await tx
          .insert(dailyBarSpan)
          .values({ symbol, firstDate: covered.from, lastDate: covered.to })
          .onConflictDoUpdate({
            target: dailyBarSpan.symbol,
            set: {
              firstDate: sql`least(${dailyBarSpan.firstDate}, excluded.first_date)`,
              lastDate: sql`greatest(${dailyBarSpan.lastDate}, excluded.last_date)`,
              updatedAt: sql`now()`,
            },
          });
      });
    },
  };
}
