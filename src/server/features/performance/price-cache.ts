/**
 * The closes and rates of a performance read, kept a minute per person, symbols and span (docs/decisions/040): the
 * period picker asks for the same history's prices again and again, and reading ten years of 50 symbols' closes
 * from the database is most of a request's time. A new symbol or an earlier first activity is another key; a
 * failed read is not kept. Bounded in entries; per process (a cache, nothing only here).
 */
import { setBounded } from '../../lib/cache';

const PRICES_CACHE_MS = 60_000;
/** An entry is up to ten years of closes of every symbol held (megabytes): a few dozen, not hundreds. */
const MAX_ENTRIES = 24;

interface Entry<T> {
  value: Promise<T>;
  until: number;
}

export class PriceCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** The value kept under `key`, else `read()`'s, kept for a minute once it succeeds. */
  get<T>(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.nowMs();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    const value = read();
    const entry: Entry<T> = { value, until: now + PRICES_CACHE_MS };
    setBounded(this.entries, key, entry as Entry<unknown>, MAX_ENTRIES);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}

const MAX_RUNS = 10;

/**
 * The last valuation of each recent history (per person, portfolio and base currency): handed to the next
 * computation of the same history, which values again only from the first day anything it reads changed (an edit's
 * date, a new period's start; docs/performance.md "An edit recomputes from its date onward"). At most MAX_RUNS, each
 * bounded by the history's days and symbols.
 */
export class RecentRuns<Run> {
  private readonly runs = new Map<string, Run>();

  get(key: string): Run | undefined {
    return this.runs.get(key);
  }

  set(key: string, run: Run): void {
    setBounded(this.runs, key, run, MAX_RUNS);
  }
}
