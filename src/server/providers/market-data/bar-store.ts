/** Every query on the stored daily bars (`daily_bar`, `daily_bar_span`). Vendor bars only. */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dailyBar, dailyBarSpan } from '../../db/schema';
import type { DailyBar, VendorName } from './types';

export interface StoredBar extends DailyBar {
  source: VendorName;
}

export interface DateSpan {
  from: string;
  to: string;
}

export interface BarStore {
  /** The span of dates already fetched for a symbol, if any. */
  span(symbol: string): Promise<DateSpan | undefined>;
  /** Stored bars from `from` to `to` inclusive, oldest first. */
  read(symbol: string, from: string, to: string): Promise<StoredBar[]>;
  /** Upserts bars (a re-fetch corrects a stored day) and widens the fetched span, in one transaction. */
  save(symbol: string, covered: DateSpan, bars: readonly StoredBar[]): Promise<void>;
}

const INSERT_CHUNK = 1000;

export function createBarStore(db: Database): BarStore {
  return {
    async span(symbol) {
      const [row] = await db
        .select({ from: dailyBarSpan.firstDate, to: dailyBarSpan.lastDate })
        .from(dailyBarSpan)
        .where(eq(dailyBarSpan.symbol, symbol));
      return row;
    },

    async read(symbol, from, to) {
      const rows = await db
        .select({
          date: dailyBar.date,
          open: dailyBar.open,
          high: dailyBar.high,
          low: dailyBar.low,
          close: dailyBar.close,
          volume: dailyBar.volume,
          source: dailyBar.source,
        })
        .from(dailyBar)
        .where(and(eq(dailyBar.symbol, symbol), gte(dailyBar.date, from), lte(dailyBar.date, to)))
        .orderBy(asc(dailyBar.date));
      return rows.map((row) => ({
        date: row.date,
        open: Number(row.open),
        high: Number(row.high),
        low: Number(row.low),
        close: Number(row.close),
        volume: row.volume,
        source: row.source,
      }));
    },

    async save(symbol, covered, bars) {
      await db.transaction(async (tx) => {
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
