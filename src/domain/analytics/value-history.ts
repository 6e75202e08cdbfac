/** One session's close of one symbol. */
export interface SymbolClose {
  /** YYYY-MM-DD */
  date: string;
  close: number;
}

export interface ValueHistoryPoint {
  /** YYYY-MM-DD */
  date: string;
  /** Σ quantity × close, to the cent. */
  value: number;
}

export interface ValueHistory {
  points: ValueHistoryPoint[];
  /** Holdings counted in every point. */
  included: string[];
  /** Holdings with no close at all: left out of every point rather than counted as 0. */
  excluded: string[];
}

/**
 * What today's holdings would have been worth on each past session: Σ quantity × the symbol's last close on or
 * before the date (forward-filled over days a symbol did not trade, such as weekends for stocks next to
 * crypto). The series starts on the first date every included holding has a close, so that no line jumps
 * when a younger symbol's history begins; a holding with no close at all is excluded and named.
 * Closes need not be sorted; a date of one symbol counts once however often it repeats (the last one wins).
 */
export function valueHistoryOfHoldings(
  quantities: Readonly<Record<string, number>>,
  closes: ReadonlyMap<string, readonly SymbolClose[]>,
): ValueHistory {
  const series = new Map<string, Map<string, number>>();
  const excluded: string[] = [];
  for (const symbol of Object.keys(quantities).sort()) {
    const byDate = new Map<string, number>();
    for (const { date, close } of closes.get(symbol) ?? []) {
      if (Number.isFinite(close) && close > 0) byDate.set(date, close);
    }
    if (byDate.size === 0) excluded.push(symbol);
    else series.set(symbol, byDate);
  }
  const included = [...series.keys()];
  if (included.length === 0) return { points: [], included, excluded };

  const start = included
    .map((symbol) => [...(series.get(symbol) as Map<string, number>).keys()].sort()[0] as string)
    .reduce((latest, first) => (first > latest ? first : latest));
  const dates = [
    ...new Set(included.flatMap((symbol) => [...(series.get(symbol) as Map<string, number>).keys()])),
  ]
    .filter((date) => date >= start)
    .sort();

  // The last close on or before each date, per symbol: the closes before `start` seed it.
  const lastClose = new Map<string, number>();
  for (const symbol of included) {
    const byDate = series.get(symbol) as Map<string, number>;
    const seed = [...byDate.keys()]
      .filter((date) => date <= start)
      .sort()
      .at(-1) as string;
    lastClose.set(symbol, byDate.get(seed) as number);
  }
  const points = dates.map((date) => {
    let cents = 0;
    for (const symbol of included) {
      const close = (series.get(symbol) as Map<string, number>).get(date);
      if (close !== undefined) lastClose.set(symbol, close);
      cents += Math.round((quantities[symbol] ?? 0) * (lastClose.get(symbol) as number) * 100);
    }
    return { date, value: cents / 100 };
  });
  return { points, included, excluded };
}
