/**
 * Daily FX history in a base currency (issue 28 item 3, docs/decisions/040): base-currency units per unit of each
 * currency for each day of a span, for valuing a history in the person's base currency.
 *
 * - Each currency's USD rates come from the vendors with FX history (Yahoo's `EURUSD=X` chart, Alpha Vantage's
 *   FX_DAILY), stored in `daily_bar` under `FX:EURUSD` like a symbol's bars, so a span is asked of them once.
 * - A currency no vendor gives rates for (no vendor configured, `MARKET_DATA_PROVIDER=simulated`, every vendor
 *   failing) takes the simulator's reference rate (`SIMULATED_USD_RATES`) held flat on every weekday, labelled
 *   `simulated`: never shown as a market rate.
 * - Other pairs are crossed through USD (EUR base, GBP asset: USD per GBP / USD per EUR), on the days both legs
 *   have a rate of their own; a minor unit takes its major's rate / 100 (`GBX`).
 * - A currency with neither is an error of its own (the caller says so), never a guessed rate.
 */
import { dayOfWeek, fromDayNumber, toDayNumber } from '../../../domain/calendar';
import { fxCurrencyOf, SIMULATED_USD_RATES, unitsPerMajor } from '../../../domain/listings';
import type { DailySeries } from '../../../domain/performance/valuation';
import type { MarketDataSource } from '../../providers/market-data/types';
import type { RateHistoryResult } from './history';
import type { DateSpan } from './repository';

export interface BaseRateSeries {
  /** Base-currency units per unit of the currency, dates ascending. */
  series: DailySeries;
  /** Where the rates came from: a vendor, `simulated`, or both legs' (`yahoo, simulated`) for a cross rate. */
  source: string;
}

export interface BaseRates {
  /** Keyed by the currency as asked (`GBX` too); the base currency is left out. */
  rates: Map<string, BaseRateSeries>;
  /** A currency without any rate, with the reason. */
  errors: Record<string, string>;
}

interface UsdLeg {
  /** USD per unit, by date. */
  values: Map<string, number>;
  dates: string[];
  source: MarketDataSource | null;
}

/** Every weekday of a span, held at one rate (the simulator's reference rate). */
function flatLeg(rate: number, span: DateSpan): UsdLeg {
  const values = new Map<string, number>();
  for (let day = toDayNumber(span.from); day <= toDayNumber(span.to); day++) {
    const weekday = dayOfWeek(day);
    if (weekday !== 0 && weekday !== 6) values.set(fromDayNumber(day), rate);
  }
  return { values, dates: [...values.keys()], source: 'simulated' };
}

/** USD itself: 1 on every day the other leg has. */
const USD_LEG: UsdLeg = { values: new Map(), dates: [], source: null };

function legValue(leg: UsdLeg, date: string): number | undefined {
  return leg === USD_LEG ? 1 : leg.values.get(date);
}

/**
 * The base rates of `currencies` over `span`, from each major currency's stored USD rates (`usdHistories`, asked
 * of the vendors first) or the simulator's reference rate.
 */
export async function baseRatesOf(options: {
  currencies: readonly string[];
  base: string;
  span: DateSpan;
  usdHistories: (currencies: readonly string[], span: DateSpan) => Promise<Map<string, RateHistoryResult>>;
}): Promise<BaseRates> {
  const { base, span } = options;
  const wanted = [...new Set(options.currencies)].filter((currency) => currency !== base);
  const majors = [...new Set([...wanted, base].map(fxCurrencyOf))].filter((major) => major !== 'USD');
  const stored =
    majors.length > 0 ? await options.usdHistories(majors, span) : new Map<string, RateHistoryResult>();
  const legs = new Map<string, UsdLeg>([['USD', USD_LEG]]);
  for (const major of majors) {
    const vendor = stored.get(major);
    if (vendor && vendor.rates.length > 0) {
      legs.set(major, {
        values: new Map(vendor.rates.map(({ date, close }) => [date, close])),
        dates: vendor.rates.map(({ date }) => date),
        source: vendor.source,
      });
      continue;
    }
    const simulated = SIMULATED_USD_RATES[major];
    if (simulated !== undefined) legs.set(major, flatLeg(simulated, span));
  }

  const rates = new Map<string, BaseRateSeries>();
  const errors: Record<string, string> = {};
  const baseLeg = legs.get(fxCurrencyOf(base));
  for (const currency of wanted) {
    const leg = legs.get(fxCurrencyOf(currency));
    const missing = [leg ? null : fxCurrencyOf(currency), baseLeg ? null : fxCurrencyOf(base)].filter(
      Boolean,
    );
    if (!leg || !baseLeg) {
      errors[currency] = `No exchange rates for ${missing.join(' and ')}.`;
      continue;
    }
    const perUnit = 1 / unitsPerMajor(currency);
    const perBase = 1 / unitsPerMajor(base);
    const dates = (leg === USD_LEG ? baseLeg : leg).dates;
    const series: { dates: string[]; values: number[] } = { dates: [], values: [] };
    for (const date of dates) {
      const usdPerUnit = legValue(leg, date);
      const usdPerBase = legValue(baseLeg, date);
      if (usdPerUnit === undefined || usdPerBase === undefined) continue;
      series.dates.push(date);
      series.values.push((usdPerUnit * perUnit) / (usdPerBase * perBase));
    }
    const sources = [
      ...new Set([leg.source, baseLeg.source].filter((s): s is MarketDataSource => s !== null)),
    ];
    rates.set(currency, { series, source: sources.join(', ') });
  }
  return { rates, errors };
}
