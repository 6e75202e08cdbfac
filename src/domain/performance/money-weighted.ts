/**
 * The money-weighted return: the internal rate of return of dated cash flows (Excel's XIRR), with an answer that
 * says so when there is none or more than one. Pure, floating point (a rate is a ratio; docs/performance.md).
 *
 * Flows are the investor's: money put in is negative, money taken out (and the value at the end) positive. The
 * rate solved for is the period's growth g, with each flow at its share t = (day − first day) / (last day − first
 * day) of the period: Σ amount × (1 + g)^−t = 0. Excel's annual rate is (1 + g)^(365 / days) − 1, the same
 * equation in other units; solving for g keeps a one-day period's rate in range.
 */

/** One flow of the investor: `day` a day number (calendar's toDayNumber), `amount` positive out of the portfolio. */
export interface DatedAmount {
  day: number;
  amount: number;
}

export type MoneyWeightedOutcome =
  | {
      ok: true;
      /** The growth over the whole period (0.05 for 5 %). */
      periodReturn: number;
      /** (1 + periodReturn)^(365 / days) − 1: Excel's XIRR. */
      annualized: number;
      days: number;
    }
  | {
      ok: false;
      /**
       * NO_FLOWS: nothing was invested (every amount 0, or one day only). NO_SIGN_CHANGE: every flow goes the same
       * way, no rate can balance them. NO_RATE: no rate between the search bounds (ln(1 + g) in ±20) balances
       * them. NOT_UNIQUE: more than one rate does, so none of them is the answer.
       */
      reason: 'NO_FLOWS' | 'NO_SIGN_CHANGE' | 'NO_RATE' | 'NOT_UNIQUE';
    };

/**
 * The scan that brackets and counts the roots, over x = ln(1 + g) from −20 to 20 (g from −99.9999998 % to
 * 4.85 × 10^8): fine where returns are (x in ±1, g from −63 % to +172 %: steps of 0.02), coarse beyond (0.25).
 * Two rates closer than a step apart can be missed, and then the flows are said to have none.
 */
const SCAN_SEGMENTS = [
  { from: -20, to: -1, steps: 76 },
  { from: -1, to: 1, steps: 100 },
  { from: 1, to: 20, steps: 76 },
] as const;
const MAX_ITERATIONS = 200;
/** Newton stops when a step of x is below this (g then exact to about 1e-14 relative). */
const LOG_GROWTH_TOLERANCE = 1e-14;

/** The flows on one day summed, oldest first, days without a net amount left out. */
function mergeByDay(flows: readonly DatedAmount[]): DatedAmount[] {
  const sorted = [...flows].sort((a, b) => a.day - b.day);
  const merged: DatedAmount[] = [];
  for (const flow of sorted) {
    const last = merged.at(-1);
    if (last && last.day === flow.day) last.amount += flow.amount;
    else merged.push({ day: flow.day, amount: flow.amount });
  }
  return merged.filter((flow) => flow.amount !== 0);
}

function countSignChanges(amounts: readonly number[]): number {
  let changes = 0;
  for (let i = 1; i < amounts.length; i++) {
    if (Math.sign(amounts[i] as number) !== Math.sign(amounts[i - 1] as number)) changes++;
  }
  return changes;
}

/**
 * The internal rate of return of `flows` over the days from the first flow's to `endDay` (the last flow's when
 * not given): Newton's method in x = ln(1 + g), kept inside a bracket found by a scan of x (a step that leaves the
 * bracket, or does not halve the value, bisects instead). The scan also counts the roots: with more than one sign
 * change in the flows there can be several rates, and then the answer is NOT_UNIQUE rather than one of them.
 */
export function solveMoneyWeightedReturn(
  flows: readonly DatedAmount[],
  endDay?: number,
): MoneyWeightedOutcome {
  const merged = mergeByDay(flows);
  const first = merged[0];
  const last = merged.at(-1);
  if (!first || !last) return { ok: false, reason: 'NO_FLOWS' };
  const days = (endDay ?? last.day) - first.day;
  if (days <= 0) return { ok: false, reason: 'NO_FLOWS' };
  const amounts = merged.map((flow) => flow.amount);
  if (countSignChanges(amounts) === 0) return { ok: false, reason: 'NO_SIGN_CHANGE' };
  const times = merged.map((flow) => (flow.day - first.day) / days);

  const points = scanPoints();
  const values = valuesOnScan(amounts, times);
  const brackets: number[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const here = values[k] as number;
    const next = values[k + 1] as number;
    // A root at a scan point is counted once, with the interval that ends on it.
    if (next === 0 || (here !== 0 && Math.sign(here) !== Math.sign(next))) brackets.push(k);
  }
  if (brackets.length === 0) return { ok: false, reason: 'NO_RATE' };
  if (brackets.length > 1) return { ok: false, reason: 'NOT_UNIQUE' };

  const k = brackets[0] as number;
  const x = refineRoot(amounts, times, points[k] as number, points[k + 1] as number);
  const periodReturn = Math.expm1(x);
  return { ok: true, periodReturn, annualized: Math.expm1((x * 365) / days), days };
}

/** The scan's points, ascending (a segment's last point is the next one's first, listed once). */
function scanPoints(): number[] {
  const points: number[] = [];
  for (const segment of SCAN_SEGMENTS) {
    const step = (segment.to - segment.from) / segment.steps;
    for (let k = points.length === 0 ? 0 : 1; k <= segment.steps; k++) points.push(segment.from + k * step);
  }
  return points;
}

/**
 * f(x) = Σ a e^(−x t) at each scan point, in the order of scanPoints. Within a segment each term is a running
 * product (e^(−x t) at its first point, times e^(−step t) per point): two exponentials per flow and segment, not
 * one per point.
 */
function valuesOnScan(amounts: readonly number[], times: readonly number[]): Float64Array {
  const values = new Float64Array(1 + SCAN_SEGMENTS.reduce((sum, segment) => sum + segment.steps, 0));
  let offset = 0;
  for (const segment of SCAN_SEGMENTS) {
    const step = (segment.to - segment.from) / segment.steps;
    const first = offset === 0 ? 0 : 1;
    for (let i = 0; i < amounts.length; i++) {
      const t = times[i] as number;
      const factor = Math.exp(-step * t);
      let term = (amounts[i] as number) * Math.exp(-(segment.from + first * step) * t);
      for (let k = first; k <= segment.steps; k++) {
        values[offset + k - first] = (values[offset + k - first] as number) + term;
        term *= factor;
      }
    }
    offset += segment.steps + 1 - first;
  }
  return values;
}

/** Newton's method on f(x) = Σ a e^(−x t) inside the bracket [low, high] (f changes sign over it). */
function refineRoot(amounts: readonly number[], times: readonly number[], low: number, high: number): number {
  const valueAt = (x: number): [number, number] => {
    let value = 0;
    let slope = 0;
    for (let i = 0; i < amounts.length; i++) {
      const t = times[i] as number;
      const term = (amounts[i] as number) * Math.exp(-x * t);
      value += term;
      slope -= t * term;
    }
    return [value, slope];
  };
  let [lowValue] = valueAt(low);
  if (lowValue === 0) return low;
  let x = (low + high) / 2;
  let previousStep = high - low;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const [value, slope] = valueAt(x);
    if (value === 0) return x;
    if (Math.sign(value) === Math.sign(lowValue)) {
      low = x;
      lowValue = value;
    } else high = x;
    const newton = slope === 0 ? Number.NaN : x - value / slope;
    const useNewton = newton > low && newton < high && Math.abs(value / slope) < previousStep / 2;
    const next = useNewton ? newton : (low + high) / 2;
    previousStep = Math.abs(next - x);
    x = next;
    if (previousStep < LOG_GROWTH_TOLERANCE || high - low < LOG_GROWTH_TOLERANCE) return x;
  }
  return x;
}
