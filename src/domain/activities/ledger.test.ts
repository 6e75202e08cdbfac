import { describe, expect, it } from 'vitest';
import type { ActivityDraft } from './activity';
import {
  compareActivities,
  isLongTerm,
  replayActivities,
  replayOrder,
  sumRealized,
  unrealizedGainOf,
  type CostBasisMethod,
  type Ledger,
  type LedgerActivity,
  type LedgerHolding,
} from './ledger';
import { Decimal } from '../paper-trading';

const EMPTY: Omit<ActivityDraft, 'type' | 'date'> = {
  symbol: null,
  quantity: null,
  price: null,
  fee: null,
  amount: null,
  currency: 'USD',
  note: null,
};

/** A history in entry order: each activity's id is its position ('a1', 'a2', ...). */
function history(
  ...drafts: (Partial<ActivityDraft> & Pick<ActivityDraft, 'type' | 'date'>)[]
): LedgerActivity[] {
  return drafts.map((draft, i) => ({ ...EMPTY, ...draft, id: `a${i + 1}`, sequence: i + 1 }));
}

function replay(activities: LedgerActivity[], method: CostBasisMethod = 'fifo'): Ledger {
  const outcome = replayActivities(activities, method);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.ledger;
}

function holdingOf(ledger: Ledger, symbol: string): LedgerHolding {
  const holding = ledger.holdings.find((h) => h.symbol === symbol);
  if (!holding) throw new Error(`no ${symbol}`);
  return holding;
}

/** Exact to 10 decimals (the sums of thirds below are exact fractions). */
const d = (value: Decimal | null | undefined) => (value == null ? value : value.toFixed(10));

const buy = (date: string, symbol: string, quantity: string, price: string, fee?: string) =>
  ({ type: 'buy', date, symbol, quantity, price, fee: fee ?? null }) as const;
const sell = (date: string, symbol: string, quantity: string, price: string, fee?: string) =>
  ({ type: 'sell', date, symbol, quantity, price, fee: fee ?? null }) as const;

describe('replayActivities: FIFO and average cost on the same history', () => {
  // 10 @ 100 + $5 (lot 1: $1,005) and 10 @ 120 + $5 (lot 2: $1,205); then 15 sold @ 130 - $10: proceeds $1,940.
  const trades = history(
    buy('2023-01-10', 'AAPL', '10', '100', '5'),
    buy('2023-06-01', 'AAPL', '10', '120', '5'),
    sell('2024-03-01', 'AAPL', '15', '130', '10'),
  );

  it('FIFO sells lot 1 (long term) and half of lot 2 (short term)', () => {
    const aapl = holdingOf(replay(trades, 'fifo'), 'AAPL');
    expect(d(aapl.quantity)).toBe('5.0000000000');
    // What is left: 5 of lot 2, half its cost.
    expect(aapl.lots.map((lot) => [lot.acquired, d(lot.quantity), d(lot.cost)])).toEqual([
      ['2023-06-01', '5.0000000000', '602.5000000000'],
    ]);
    expect(d(aapl.costBasis)).toBe('602.5000000000');
    expect(d(aapl.averageCost)).toBe('120.5000000000');
    // Long: 10/15 of $1,940 = 1,293.33... - 1,005; short: 5/15 of $1,940 = 646.66... - 602.50.
    expect(
      aapl.realized.map((r) => [r.year, r.term, d(r.quantity), d(r.proceeds), d(r.costBasis), d(r.gain)]),
    ).toEqual([
      [2024, 'short', '5.0000000000', '646.6666666667', '602.5000000000', '44.1666666667'],
      [2024, 'long', '10.0000000000', '1293.3333333333', '1005.0000000000', '288.3333333333'],
    ]);
    const sums = sumRealized(aapl.realized);
    expect(d(sums.total)).toBe('332.5000000000');
  });

  it('average cost sells at the pool average ($110.50) and dates the shares first-in first-out', () => {
    const aapl = holdingOf(replay(trades, 'average'), 'AAPL');
    expect(d(aapl.quantity)).toBe('5.0000000000');
    expect(d(aapl.costBasis)).toBe('552.5000000000');
    expect(d(aapl.averageCost)).toBe('110.5000000000');
    expect(aapl.lots.map((lot) => [lot.acquired, d(lot.quantity), d(lot.cost)])).toEqual([
      ['2023-06-01', '5.0000000000', '552.5000000000'],
    ]);
    expect(aapl.realized.map((r) => [r.term, d(r.quantity), d(r.costBasis), d(r.gain)])).toEqual([
      ['short', '5.0000000000', '552.5000000000', '94.1666666667'],
      ['long', '10.0000000000', '1105.0000000000', '188.3333333333'],
    ]);
    expect(d(sumRealized(aapl.realized).total)).toBe('282.5000000000');
  });
});

describe('replayActivities: lots', () => {
  it('a sell across three lots takes them oldest first, leaving part of the third', () => {
    const msft = holdingOf(
      replay(
        history(
          buy('2024-01-02', 'MSFT', '3', '10'),
          buy('2024-01-03', 'MSFT', '4', '11'),
          buy('2024-01-04', 'MSFT', '5', '12'),
          sell('2024-02-01', 'MSFT', '9', '15'),
        ),
      ),
      'MSFT',
    );
    // Cost taken: 30 + 44 + 2 × 12 = 98; proceeds 135.
    expect(d(msft.realized[0]?.costBasis)).toBe('98.0000000000');
    expect(d(msft.realized[0]?.gain)).toBe('37.0000000000');
    expect(msft.lots.map((lot) => [lot.acquired, d(lot.quantity), d(lot.cost)])).toEqual([
      ['2024-01-04', '3.0000000000', '36.0000000000'],
    ]);
  });

  it('a split between the buys and the sell multiplies the lots before it and keeps their cost', () => {
    const ledger = replay(
      history(
        buy('2022-01-03', 'NVDA', '10', '200'),
        buy('2022-07-01', 'NVDA', '5', '110'),
        { type: 'split', date: '2022-06-06', symbol: 'NVDA', quantity: '2' },
        sell('2022-08-01', 'NVDA', '25', '120'),
      ),
    );
    const nvda = holdingOf(ledger, 'NVDA');
    // 20 (split) + 5: sold whole; cost 2,000 + 550; proceeds 3,000.
    expect(d(nvda.quantity)).toBe('0.0000000000');
    expect(nvda.realized.map((r) => [r.term, d(r.quantity), d(r.costBasis), d(r.gain)])).toEqual([
      ['short', '25.0000000000', '2550.0000000000', '450.0000000000'],
    ]);
  });

  it('a split dated the day of a buy applies before it (the ex-date), whatever the entry order', () => {
    const nvda = holdingOf(
      replay(
        history(buy('2024-06-10', 'NVDA', '1', '120'), buy('2024-01-02', 'NVDA', '1', '500'), {
          type: 'split',
          date: '2024-06-10',
          symbol: 'NVDA',
          quantity: '10',
        }),
      ),
      'NVDA',
    );
    expect(d(nvda.quantity)).toBe('11.0000000000');
    expect(d(nvda.averageCost)).toBe(new Decimal(620).dividedBy(11).toFixed(10));
  });

  it('a reverse split of 1-for-10 (ratio 0.1) divides the shares', () => {
    const x = holdingOf(
      replay(
        history(buy('2024-01-02', 'X', '100', '1'), {
          type: 'split',
          date: '2024-02-01',
          symbol: 'X',
          quantity: '0.1',
        }),
      ),
      'X',
    );
    expect(d(x.quantity)).toBe('10.0000000000');
    expect(d(x.averageCost)).toBe('10.0000000000');
  });

  it('a transfer out takes the oldest lots with their cost and realises nothing', () => {
    const vti = holdingOf(
      replay(
        history(buy('2024-01-02', 'VTI', '2', '200'), buy('2024-01-03', 'VTI', '2', '210'), {
          type: 'transfer_out',
          date: '2024-02-01',
          symbol: 'VTI',
          quantity: '3',
        }),
      ),
      'VTI',
    );
    expect(vti.realized).toEqual([]);
    expect(d(vti.costBasis)).toBe('210.0000000000');
  });
});

describe('replayActivities: holding period', () => {
  it('a sale on the first anniversary is short term, the day after long term', () => {
    const x = holdingOf(
      replay(
        history(
          buy('2023-03-15', 'X', '10', '10'),
          sell('2024-03-15', 'X', '5', '12'),
          sell('2024-03-16', 'X', '5', '13'),
        ),
      ),
      'X',
    );
    expect(x.realized.map((r) => [r.year, r.term, d(r.quantity), d(r.gain)])).toEqual([
      [2024, 'short', '5.0000000000', '10.0000000000'],
      [2024, 'long', '5.0000000000', '15.0000000000'],
    ]);
    const sums = sumRealized(x.realized);
    expect([d(sums.shortTerm), d(sums.longTerm), d(sums.total)]).toEqual([
      '10.0000000000',
      '15.0000000000',
      '25.0000000000',
    ]);
  });

  it('sums the sales of each calendar year apart, one year at a time', () => {
    const x = holdingOf(
      replay(
        history(
          buy('2022-01-03', 'X', '10', '10'),
          sell('2022-05-02', 'X', '2', '11'),
          sell('2022-09-01', 'X', '2', '12'),
          sell('2023-02-01', 'X', '2', '9'),
        ),
      ),
      'X',
    );
    expect(x.realized.map((r) => [r.year, r.term, d(r.quantity), d(r.gain)])).toEqual([
      [2022, 'short', '4.0000000000', '6.0000000000'],
      [2023, 'long', '2.0000000000', '-2.0000000000'],
    ]);
  });

  it('counts the year from a leap day to the last day of February', () => {
    expect(isLongTerm('2024-02-29', '2025-02-28')).toBe(false);
    expect(isLongTerm('2024-02-29', '2025-03-01')).toBe(true);
    expect(isLongTerm('2023-03-15', '2024-03-15')).toBe(false);
    expect(isLongTerm('2023-03-15', '2024-03-16')).toBe(true);
    expect(isLongTerm('1999-12-31', '2001-01-01')).toBe(true);
  });
});

describe('compareActivities', () => {
  it('orders by date, then splits, what comes in, what goes out, then entry order', () => {
    const [sell, buy, split, laterDeposit, withdrawal, yearBefore] = history(
      { type: 'sell', date: '2024-03-01', symbol: 'A', quantity: '1', price: '1' },
      { type: 'buy', date: '2024-03-01', symbol: 'A', quantity: '1', price: '1' },
      { type: 'split', date: '2024-03-01', symbol: 'A', quantity: '2' },
      { type: 'deposit', date: '2024-03-02', amount: '1' },
      { type: 'withdrawal', date: '2024-03-01', amount: '1' },
      { type: 'withdrawal', date: '2023-12-31', amount: '1' },
    );
    const all = [sell, buy, split, laterDeposit, withdrawal, yearBefore] as LedgerActivity[];
    expect([...all].sort(compareActivities).map((a) => a.id)).toEqual(['a6', 'a3', 'a2', 'a1', 'a5', 'a4']);
    expect(
      compareActivities(buy as LedgerActivity, { ...(buy as LedgerActivity), sequence: 9 }),
    ).toBeLessThan(0);
  });
});

describe('replayOrder', () => {
  /** Every type on a few dates (years 999 to 9999 among them), duplicated sequences included. */
  function mixedHistory(): LedgerActivity[] {
    const types = [
      'sell',
      'buy',
      'split',
      'deposit',
      'withdrawal',
      'dividend',
      'fee',
      'transfer_in',
    ] as const;
    const dates = ['2024-03-01', '2023-12-31', '9999-12-31', '0999-01-01', '2024-02-29', '2024-03-01'];
    return Array.from({ length: 60 }, (_, i) => ({
      ...EMPTY,
      type: types[(i * 5) % types.length] as (typeof types)[number],
      date: dates[(i * 7) % dates.length] as string,
      id: `a${i}`,
      sequence: Math.floor(i / 3),
    }));
  }

  const byComparator = (activities: readonly LedgerActivity[]) =>
    activities
      .map((activity, index) => ({ activity, index }))
      .sort((a, b) => compareActivities(a.activity, b.activity) || a.index - b.index)
      .map(({ index }) => index);

  it('is compareActivities’ order, ties in the order given, whether or not the history is in entry order', () => {
    const inEntryOrder = mixedHistory();
    expect(replayOrder(inEntryOrder).order).toEqual(byComparator(inEntryOrder));
    const reversed = [...inEntryOrder].reverse();
    expect(replayOrder(reversed).order).toEqual(byComparator(reversed));
    // A history whose sequences go back (not as read from the database) takes the comparator's way.
    const swapped = [...inEntryOrder];
    [swapped[4], swapped[40]] = [swapped[40] as LedgerActivity, swapped[4] as LedgerActivity];
    expect(replayOrder(swapped).order).toEqual(byComparator(swapped));
  });
});

describe('replayActivities: unknown cost', () => {
  const activities = history(
    { type: 'transfer_in', date: '2023-01-01', symbol: 'Y', quantity: '10' },
    buy('2023-02-01', 'Y', '10', '50'),
  );

  it('a lot without a price makes the cost basis unknown, not wrong', () => {
    const y = holdingOf(replay(activities), 'Y');
    expect(d(y.quantity)).toBe('20.0000000000');
    expect(y.costBasis).toBeNull();
    expect(y.averageCost).toBeNull();
    expect(y.lots.map((lot) => d(lot.cost))).toEqual([null, '500.0000000000']);
    expect(unrealizedGainOf(y, new Decimal(60)).gain).toBeNull();
    expect(d(unrealizedGainOf(y, new Decimal(60)).marketValue)).toBe('1200.0000000000');
  });

  it('FIFO: a sale from the unknown lot has no gain; once it is sold the cost is known again', () => {
    const sold = history(
      { type: 'transfer_in', date: '2023-01-01', symbol: 'Y', quantity: '10' },
      buy('2023-02-01', 'Y', '10', '50'),
      sell('2023-03-01', 'Y', '12', '60'),
    );
    const y = holdingOf(replay(sold), 'Y');
    expect(y.realized.map((r) => [r.term, d(r.costBasis), d(r.gain)])).toEqual([['short', null, null]]);
    expect(sumRealized(y.realized).total).toBeNull();
    expect(d(y.costBasis)).toBe('400.0000000000');
  });

  it('average cost: the pool stays unknown until the position is closed', () => {
    const more = history(
      { type: 'transfer_in', date: '2023-01-01', symbol: 'Y', quantity: '10' },
      buy('2023-02-01', 'Y', '10', '50'),
      sell('2023-03-01', 'Y', '12', '60'),
    );
    expect(holdingOf(replay(more, 'average'), 'Y').costBasis).toBeNull();
    const closed = history(...more, sell('2023-04-01', 'Y', '8', '60'), buy('2023-05-01', 'Y', '1', '70'));
    expect(d(holdingOf(replay(closed, 'average'), 'Y').costBasis)).toBe('70.0000000000');
  });

  it('a transfer in with a price is a lot at that cost', () => {
    const z = holdingOf(
      replay(
        history({
          type: 'transfer_in',
          date: '2023-01-01',
          symbol: 'Z',
          quantity: '4',
          price: '25',
          fee: '1',
        }),
      ),
      'Z',
    );
    expect(d(z.costBasis)).toBe('101.0000000000');
  });
});

describe('replayActivities: income and cash', () => {
  it('a reinvested dividend is a dividend and a buy: the cash nets out and the shares come at the price', () => {
    const ledger = replay(
      history(
        { type: 'deposit', date: '2023-04-01', amount: '1000' },
        buy('2023-04-03', 'AAPL', '4', '200', '1'),
        { type: 'dividend', date: '2023-05-01', symbol: 'AAPL', amount: '12.5' },
        buy('2023-05-01', 'AAPL', '0.0625', '200'),
        { type: 'interest', date: '2023-05-31', amount: '0.75' },
        { type: 'tax', date: '2023-05-31', symbol: 'AAPL', amount: '1.88' },
        { type: 'fee', date: '2023-06-01', amount: '2' },
        { type: 'withdrawal', date: '2023-06-02', amount: '100' },
      ),
    );
    const aapl = holdingOf(ledger, 'AAPL');
    expect(d(aapl.quantity)).toBe('4.0625000000');
    expect(aapl.lots.map((lot) => [lot.acquired, d(lot.cost)])).toEqual([
      ['2023-04-03', '801.0000000000'],
      ['2023-05-01', '12.5000000000'],
    ]);
    const [usd] = ledger.currencies;
    // 1,000 - 801 + 12.5 - 12.5 + 0.75 - 1.88 - 2 - 100
    expect(usd && [d(usd.cash), d(usd.dividends), d(usd.interest), d(usd.fees), d(usd.taxes)]).toEqual([
      '95.8700000000',
      '12.5000000000',
      '0.7500000000',
      '3.0000000000',
      '1.8800000000',
    ]);
    expect(usd && [d(usd.deposits), d(usd.withdrawals)]).toEqual(['1000.0000000000', '100.0000000000']);
  });

  it('gives no cash for a currency without a deposit or withdrawal', () => {
    const ledger = replay(history(buy('2023-04-03', 'AAPL', '1', '200')));
    expect(ledger.currencies[0]?.cash).toBeNull();
  });
});

describe('replayActivities: refusals', () => {
  it('refuses selling more than is held then, naming the date and the symbol', () => {
    const outcome = replayActivities(
      history(buy('2024-01-02', 'AAPL', '10', '100'), sell('2024-03-01', 'AAPL', '15', '130')),
      'fifo',
    );
    expect(outcome).toEqual({
      ok: false,
      code: 'INSUFFICIENT_SHARES',
      message: 'Cannot sell 15 AAPL on 2024-03-01: only 10 held then.',
      activityId: 'a2',
    });
  });

  it('refuses a sale dated before the buy, even when entered after it', () => {
    const outcome = replayActivities(
      history(buy('2024-03-02', 'AAPL', '10', '100'), sell('2024-03-01', 'AAPL', '10', '130')),
      'fifo',
    );
    expect(outcome.ok === false && outcome.message).toBe(
      'Cannot sell 10 AAPL on 2024-03-01: only 0 held then.',
    );
  });

  it('refuses a transfer out of more than is held', () => {
    const outcome = replayActivities(
      history({ type: 'transfer_out', date: '2024-03-01', symbol: 'BRK.B', quantity: '0.5' }),
      'average',
    );
    expect(outcome.ok === false && outcome.message).toBe(
      'Cannot transfer out 0.5 BRK.B on 2024-03-01: only 0 held then.',
    );
  });

  it('accepts a day trade entered sell first (a day buys before it sells)', () => {
    const ledger = replay(
      history(sell('2024-03-01', 'TSLA', '5', '210'), buy('2024-03-01', 'TSLA', '5', '200')),
    );
    expect(d(sumRealized(holdingOf(ledger, 'TSLA').realized).total)).toBe('50.0000000000');
  });

  it('refuses trading one symbol in two currencies', () => {
    const outcome = replayActivities(
      history(buy('2024-01-02', 'VOD.L', '10', '0.7'), {
        ...sell('2024-01-03', 'VOD.L', '1', '80'),
        currency: 'GBP',
      }),
      'fifo',
    );
    expect(outcome.ok === false && outcome.code).toBe('CURRENCY_MISMATCH');
  });
});
