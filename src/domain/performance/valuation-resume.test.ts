/**
 * An edit recomputes only from its date onward (issue 28 item 9), and the result is the same, bit for bit, as a
 * computation from the first day: random histories, each edited in the ways a person or a vendor changes one.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerActivity } from '../activities/ledger';
import { addDays, addMonths, toDayNumber } from '../calendar';
import { seedRandom } from '../market-simulator/random';
import { computePerformance, type PerformanceOutcome } from './performance';
import { PERIOD_RANGES, type PeriodRequest } from './periods';
import { DAYS, FIRST_DAY, randomHistory } from './random-history';
import { activityOf, inputOf, seriesOf } from './test-activities';
import { CHECKPOINT_DAYS } from './valuation-resume';
import type { PerformanceInput } from './valuation';

const REQUESTS: PeriodRequest[] = [
  ...PERIOD_RANGES.map((range) => ({ range })),
  { range: 'CUSTOM', from: '2024-02-10', to: '2024-04-20' },
];

function computed(
  input: PerformanceInput,
  requests: readonly PeriodRequest[] = REQUESTS,
  previous?: PerformanceOutcome,
) {
  const benchmark = { symbol: 'AAA', closes: input.closes.get('AAA') ?? seriesOf({}) };
  const outcome = computePerformance(input, requests, benchmark, previous?.ok ? previous.run : undefined);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

/** The resumed computation equals the one from the first day: every period, every day's figures, every gap. */
function expectSame(resumed: ReturnType<typeof computed>, full: ReturnType<typeof computed>) {
  expect(resumed.periods).toEqual(full.periods);
  const [a, b] = [resumed.run.history, full.run.history];
  for (const series of ['value', 'inflow', 'outflow', 'netInvested', 'twrIndex'] as const)
    expect(Array.from(a[series]), series).toEqual(Array.from(b[series]));
  expect(a.cash && Array.from(a.cash)).toEqual(b.cash && Array.from(b.cash));
  expect(a.gaps).toEqual(b.gaps);
}

const dayOf = (date: string) => toDayNumber(date) - toDayNumber(FIRST_DAY) + 1;

describe.each([
  { withCash: true, withEuro: false },
  { withCash: false, withEuro: true },
  { withCash: true, withEuro: true },
])('a valuation resumed (cash recorded: $withCash, euro: $withEuro)', ({ withCash, withEuro }) => {
  it('starts from the last checkpoint before what changed, and answers as a computation from the start', () => {
    seedRandom(2900 + Number(withCash) * 2 + Number(withEuro), 0, 0);
    for (let run = 0; run < 8; run++) {
      const history = randomHistory(withCash, withEuro);
      const rates = withEuro ? history.rates : {};
      const inputWith = (activities: LedgerActivity[], closes = history.closes, asOf = history.asOf) =>
        inputOf(activities, closes, asOf, rates);
      const base = computed(inputWith(history.activities));
      expect(base.run.firstDayValued).toBe(0);

      // Nothing changed: only the last days since the last checkpoint are valued again.
      const again = computed(inputWith(history.activities), REQUESTS, base);
      expectSame(again, base);
      expect(again.run.firstDayValued).toBeGreaterThan(DAYS - CHECKPOINT_DAYS);

      // A dividend added in the middle: valued again from the checkpoint before its day.
      const date = addDays(FIRST_DAY, 90);
      const symbol = history.activities.find((a) => a.type === 'buy' && a.date < date)?.symbol ?? 'AAA';
      const currency = symbol === 'CCC' ? 'EUR' : 'USD';
      const added = [...history.activities, activityOf('interest', date, { amount: '12.34', currency })];
      const edited = computed(inputWith(added), REQUESTS, base);
      expectSame(edited, computed(inputWith(added)));
      expect(edited.run.firstDayValued).toBeGreaterThan(dayOf(date) - CHECKPOINT_DAYS);
      expect(edited.run.firstDayValued).toBeLessThanOrEqual(dayOf(date));

      // The same activity deleted again, from the edited run.
      const removed = computed(inputWith(history.activities), REQUESTS, edited);
      expectSame(removed, base);

      // A close corrected by the vendor on day 40: from the checkpoint before it (when the symbol was held).
      const closes = structuredClone(history.closes);
      const corrected = addDays(FIRST_DAY, 40);
      for (const points of Object.values(closes)) if (points[corrected] !== undefined) points[corrected] += 1;
      const repriced = computed(inputWith(history.activities, closes), REQUESTS, base);
      expectSame(repriced, computed(inputWith(history.activities, closes)));
      expect(repriced.run.firstDayValued).toBeLessThanOrEqual(dayOf(corrected));

      // Ten days later: the new days are valued, and 1M's new start (a day the last computation kept no snapshot
      // of) from the checkpoint before it; the rest is the last computation's.
      const later = addDays(history.asOf, 10);
      const nextDays = computed(inputWith(history.activities, history.closes, later), REQUESTS, base);
      expectSame(nextDays, computed(inputWith(history.activities, history.closes, later)));
      const monthStart = toDayNumber(addMonths(later, -1)) - toDayNumber(base.run.history.dates[0] as string);
      expect(nextDays.run.firstDayValued).toBeGreaterThan(monthStart - CHECKPOINT_DAYS);
      expect(nextDays.run.firstDayValued).toBeLessThanOrEqual(monthStart);

      // A period asked for that starts on a day the last computation kept no snapshot of.
      const custom: PeriodRequest[] = [
        ...REQUESTS,
        { range: 'CUSTOM', from: '2024-01-20', to: '2024-03-03' },
      ];
      const widened = computed(inputWith(history.activities), custom, base);
      expectSame(widened, computed(inputWith(history.activities), custom));
      expect(widened.run.firstDayValued).toBeLessThanOrEqual(dayOf('2024-01-19'));

      // An activity before the first: the days themselves change, so everything is valued again.
      const earlier = [activityOf('deposit', '2023-12-01', { amount: '100' }), ...history.activities];
      const restarted = computed(inputWith(earlier), REQUESTS, base);
      expectSame(restarted, computed(inputWith(earlier)));
      expect(restarted.run.firstDayValued).toBe(0);
    }
  });
});

describe('a valuation resumed inside a run of carried closes', () => {
  it('ends the run where the new close is, not where the last computation ended it', () => {
    const activities = [activityOf('buy', FIRST_DAY, { symbol: 'XYZ', quantity: '10', price: '100' })];
    const asOf = '2024-04-30';
    const base = computed(inputOf(activities, { XYZ: { [FIRST_DAY]: 100, '2024-04-09': 120 } }, asOf));
    const last = { subject: 'XYZ', kind: 'carried', from: '2024-04-10', to: asOf };
    expect(base.run.history.gaps).toEqual([
      { subject: 'XYZ', kind: 'carried', from: '2024-01-02', to: '2024-04-08' },
      last,
    ]);
    // The vendor now has a close on 2024-02-01: the checkpoint of 2024-01-31 is inside the run.
    const closes = { XYZ: { [FIRST_DAY]: 100, '2024-02-01': 105, '2024-04-09': 120 } };
    const resumed = computed(inputOf(activities, closes, asOf), REQUESTS, base);
    expect(resumed.run.firstDayValued).toBe(dayOf('2024-02-01'));
    expect(resumed.run.history.gaps).toEqual([
      { subject: 'XYZ', kind: 'carried', from: '2024-01-02', to: '2024-01-31' },
      { subject: 'XYZ', kind: 'carried', from: '2024-02-02', to: '2024-04-08' },
      last,
    ]);
    expectSame(resumed, computed(inputOf(activities, closes, asOf)));
    // The last computation's answer is left as it was.
    expect(base.run.history.gaps[0]?.to).toBe('2024-04-08');
  });
});

describe('a valuation of the very same arrays again (a history kept by its version, prices kept a minute)', () => {
  it('resumes where it resumes from equal copies of them, with the same answer', () => {
    seedRandom(2911, 0, 0);
    const history = randomHistory(true, true);
    const input = inputOf(history.activities, history.closes, history.asOf, history.rates);
    const base = computed(input);
    const same = computed(input, REQUESTS, base);
    const copies = inputOf(
      history.activities.map((activity) => ({ ...activity })),
      structuredClone(history.closes),
      history.asOf,
      structuredClone(history.rates),
    );
    const copied = computed(copies, REQUESTS, base);
    expectSame(same, base);
    expectSame(copied, base);
    expect(same.run.firstDayValued).toBe(copied.run.firstDayValued);
    expect(same.run.firstDayValued).toBeGreaterThan(DAYS - CHECKPOINT_DAYS);
    // The tables laid on the days are the same ones, not laid again.
    expect(same.run.closes).not.toBe(base.run.closes);
    for (const [symbol, table] of same.run.closes) expect(table).toBe(base.run.closes.get(symbol));
  });
});
