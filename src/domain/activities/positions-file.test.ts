import { describe, expect, it } from 'vitest';
import { Decimal } from '../paper-trading';
import { planPositionsFile, type PositionsFileInput } from './positions-file';

const base: PositionsFileInput = {
  holdings: { ABC: 41.28, VTI: 55 },
  lots: [
    { symbol: 'ABC', quantity: '41.28', cost: '1440.09', acquired: null, line: 2 },
    { symbol: 'VTI', quantity: '40', cost: '7420', acquired: '2022-03-10', line: 18 },
    { symbol: 'VTI', quantity: '15', cost: null, acquired: '2022-04-05', line: 19 },
  ],
  history: [],
  held: [],
  today: '2024-06-30',
  latestToday: '2024-07-01',
  source: 'Fidelity positions file',
};

const opening = (symbol: string, quantity: string, price: string | null, date: string, note: string) => ({
  type: 'transfer_in',
  date,
  symbol,
  quantity,
  price,
  fee: null,
  amount: null,
  currency: 'USD',
  note,
});

describe('planPositionsFile', () => {
  it('makes each lot an opening transfer in at its cost per share (10 decimals), dated its acquisition or today', () => {
    expect(planPositionsFile(base)).toEqual({
      ok: true,
      opening: [
        // 1440.09 / 41.28 = 34.88590116279...: 41.28 × 34.8859011628 = 1440.09000000038
        opening('ABC', '41.28', '34.8859011628', '2024-06-30', 'Fidelity positions file, line 2'),
        opening('VTI', '40', '185.5', '2022-03-10', 'Fidelity positions file, line 18'),
        opening('VTI', '15', null, '2022-04-05', 'Fidelity positions file, line 19'),
      ],
      transfers: [],
      withCost: 2,
      message: 'Recorded 3 opening lots in your history, 2 with their cost.',
    });
  });

  it('without lots (no cost column), records each holding at unknown cost', () => {
    const plan = planPositionsFile({ ...base, lots: undefined });
    expect(
      plan.ok && plan.opening.map((activity) => [activity.symbol, activity.quantity, activity.price]),
    ).toEqual([
      ['ABC', '41.28', null],
      ['VTI', '55', null],
    ]);
  });

  it('brings a traded symbol to the file quantity at unknown cost, after the history; one not in the file goes out', () => {
    const plan = planPositionsFile({
      ...base,
      history: [
        { symbol: 'VTI', date: '2024-07-01' },
        { symbol: 'MSFT', date: '2023-01-02' },
        { symbol: null, date: '2023-01-01' },
      ],
      held: [
        { symbol: 'VTI', quantity: new Decimal(50), currency: 'USD' },
        { symbol: 'MSFT', quantity: new Decimal(3), currency: 'USD' },
      ],
    });
    expect(plan).toMatchObject({
      ok: true,
      opening: [{ symbol: 'ABC' }],
      transfers: [
        { type: 'transfer_in', date: '2024-07-01', symbol: 'VTI', quantity: '5', price: null },
        { type: 'transfer_out', date: '2024-07-01', symbol: 'MSFT', quantity: '3', price: null },
      ],
      message:
        "Recorded 1 opening lot in your history, 1 with its cost. 1 holding already in your history was brought to the file's quantity at unknown cost.",
    });
  });

  it('refuses a lot the history cannot hold, naming its line', () => {
    const lots = [{ symbol: 'ABC', quantity: '1', cost: '5', acquired: '1899-12-31', line: 7 }];
    const plan = planPositionsFile({ ...base, lots });
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.message).toMatch(/^Line 7 \(ABC\): /);
  });
});
