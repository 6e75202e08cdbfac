import { describe, expect, it } from 'vitest';
import { replayActivities, type LedgerActivity } from '../activities/ledger';
import { Decimal } from '../paper-trading';
import { computeDividendIncome, type DividendIncome, type DividendIncomeInput } from './dividend-income';
import { activityOf } from './test-activities';

const buy = (date: string, symbol: string, quantity: string, price: string, currency = 'USD') =>
  activityOf('buy', date, { symbol, quantity, price, currency });
const sell = (date: string, symbol: string, quantity: string, price: string) =>
  activityOf('sell', date, { symbol, quantity, price });
const dividend = (
  date: string,
  symbol: string,
  amount: string,
  fields: { quantity?: string; currency?: string } = {},
) => activityOf('dividend', date, { symbol, amount, ...fields });
const split = (date: string, symbol: string, ratio: string) =>
  activityOf('split', date, { symbol, quantity: ratio });

function incomeOf(
  activities: LedgerActivity[],
  prices: Record<string, string>,
  options: Partial<Pick<DividendIncomeInput, 'asOf' | 'rateOf'>> = {},
): DividendIncome {
  const outcome = replayActivities(activities, 'fifo');
  if (!outcome.ok) throw new Error(outcome.message);
  return computeDividendIncome({
    activities,
    ledger: outcome.ledger,
    prices: new Map(Object.entries(prices).map(([symbol, price]) => [symbol, new Decimal(price)])),
    asOf: options.asOf ?? '2024-12-31',
    baseCurrency: 'USD',
    rateOf: options.rateOf ?? (() => null),
  });
}

/** Exact to 10 decimals. */
const d = (value: Decimal | null | undefined) => (value == null ? value : value.toFixed(10));
const local = (amounts: { currency: string; amount: Decimal }[]) =>
  amounts.map((a) => [a.currency, d(a.amount)]);

describe('computeDividendIncome: a quarterly payer', () => {
  // 100 KO @ 50 (cost 5,000); $0.46 a share each quarter from April 2023; today's price 60.
  const history = [
    buy('2023-01-10', 'KO', '100', '50'),
    ...['2023-04-01', '2023-07-01', '2023-10-01', '2024-01-01', '2024-04-01', '2024-07-01', '2024-10-01'].map(
      (date) => dividend(date, 'KO', '46'),
    ),
  ];
  const income = incomeOf(history, { KO: '60' });

  it('sums by year and by month, in the currency and the base', () => {
    expect(income.byYear.map((y) => [y.period, d(y.base), local(y.local)])).toEqual([
      ['2023', d(new Decimal(138)), [['USD', d(new Decimal(138))]]],
      ['2024', d(new Decimal(184)), [['USD', d(new Decimal(184))]]],
    ]);
    expect(income.byMonth.map((m) => [m.period, m.base?.toNumber()])).toEqual([
      ['2023-04', 46],
      ['2023-07', 46],
      ['2023-10', 46],
      ['2024-01', 46],
      ['2024-04', 46],
      ['2024-07', 46],
      ['2024-10', 46],
    ]);
    expect(income.total.base?.toNumber()).toBe(322);
  });

  it('takes the trailing 12 months from the day after the same day a year before', () => {
    // asOf 2024-12-31: the window is 2024-01-01 to 2024-12-31, four payments.
    expect(income.trailingFrom).toBe('2024-01-01');
    expect(income.trailing12m.base?.toNumber()).toBe(184);
    // A day later the January 2024 payment has left it.
    expect(incomeOf(history, { KO: '60' }, { asOf: '2025-01-01' }).trailing12m.base?.toNumber()).toBe(138);
  });

  it('gives the yields on cost (184 / 5,000) and on value (184 / 6,000)', () => {
    const [ko] = income.byHolding;
    expect(d(ko?.yieldOnCost)).toBe('0.0368000000');
    expect(d(ko?.yieldOnValue)).toBe('0.0306666667');
    expect(d(income.yield.onCost)).toBe('0.0368000000');
    expect(d(income.yield.onValue)).toBe('0.0306666667');
    expect([d(income.yield.costBasis), d(income.yield.marketValue)]).toEqual([
      '5000.0000000000',
      '6000.0000000000',
    ]);
  });

  it('estimates the next 12 months from the last four payments, typed as an estimate', () => {
    expect(income.byHolding[0]?.forward12m).toEqual({
      kind: 'estimate',
      amount: new Decimal(184),
      payments: 4,
      unscaled: 0,
    });
    expect(income.forward12m.kind).toBe('estimate');
    expect(income.forward12m.base?.toNumber()).toBe(184);
  });
});

describe('computeDividendIncome: a holding bought mid-year and added to', () => {
  // 100 @ 40 on 15 June, 100 @ 45 on 20 September, 50 @ 48 on 1 October (the pay day: it does not receive it).
  // $50 paid 1 July on 100 shares, $100 paid 1 October on 200 shares; today 250 shares.
  const income = incomeOf(
    [
      buy('2024-06-15', 'JNJ', '100', '40'),
      dividend('2024-07-01', 'JNJ', '50'),
      buy('2024-09-20', 'JNJ', '100', '45'),
      buy('2024-10-01', 'JNJ', '50', '48'),
      dividend('2024-10-01', 'JNJ', '100'),
    ],
    { JNJ: '50' },
  );

  it('scales each payment to the shares held now: 50 × 250/100 + 100 × 250/200 = 250', () => {
    expect(income.byHolding[0]?.forward12m).toEqual({
      kind: 'estimate',
      amount: new Decimal(250),
      payments: 2,
      unscaled: 0,
    });
  });

  it('divides the T12M income by what is held now: 150 / (4,000 + 4,500 + 2,400) and 150 / 12,500', () => {
    expect(d(income.byHolding[0]?.yieldOnCost)).toBe(new Decimal(150).dividedBy(10_900).toFixed(10));
    expect(d(income.byHolding[0]?.yieldOnValue)).toBe('0.0120000000');
  });
});

describe('computeDividendIncome: a split between payments', () => {
  // $1.00 a share on 100 shares in March; 2-for-1 in June; $0.50 a share on 200 shares in September.
  const history = [
    buy('2024-01-02', 'MSFT', '100', '200'),
    dividend('2024-03-01', 'MSFT', '100'),
    split('2024-06-10', 'MSFT', '2'),
    dividend('2024-09-01', 'MSFT', '100'),
  ];

  it("counts the March payment in today's shares: 200, not 300", () => {
    const income = incomeOf(history, { MSFT: '110' });
    expect(income.byHolding[0]?.quantity.toNumber()).toBe(200);
    expect(income.byHolding[0]?.forward12m.amount.toNumber()).toBe(200);
  });

  it('applies a split on the pay date to the shares held the day before', () => {
    const sameDay = [
      buy('2024-01-02', 'MSFT', '100', '200'),
      split('2024-09-01', 'MSFT', '2'),
      dividend('2024-09-01', 'MSFT', '100'),
    ];
    expect(incomeOf(sameDay, {}).byHolding[0]?.forward12m.amount.toNumber()).toBe(100);
  });

  it("uses the dividend's own quantity when it gives one (paid on 80 of 100 shares)", () => {
    const given = [
      buy('2024-01-02', 'T', '100', '20'),
      dividend('2024-05-01', 'T', '40', { quantity: '80' }),
    ];
    expect(incomeOf(given, {}).byHolding[0]?.forward12m.amount.toNumber()).toBe(50);
  });
});

describe('computeDividendIncome: currencies, unknown cost, sold holdings, empty history', () => {
  // 100 VOD.L @ £2 (cost £200); £10 on 1 May (1.25 $/£) and £10 on 1 November (1.30); today 1.20 and £2.50.
  const rates: Record<string, string> = { '2024-05-01': '1.25', '2024-11-01': '1.30', '2024-12-31': '1.20' };
  const gbp = [
    buy('2024-01-02', 'VOD.L', '100', '2', 'GBP'),
    dividend('2024-05-01', 'VOD.L', '10', { currency: 'GBP' }),
    dividend('2024-11-01', 'VOD.L', '10', { currency: 'GBP' }),
  ];

  it('converts each payment at its own day and the cost and value at today', () => {
    const rateOf = (currency: string, date: string) =>
      currency === 'GBP' && rates[date] ? new Decimal(rates[date]) : null;
    const income = incomeOf(gbp, { 'VOD.L': '2.5' }, { rateOf });
    expect(income.total.base?.toNumber()).toBe(25.5);
    expect(local(income.total.local)).toEqual([['GBP', '20.0000000000']]);
    expect(d(income.byHolding[0]?.yieldOnCost)).toBe('0.1000000000');
    // 25.5 / (200 × 1.2) and 25.5 / (250 × 1.2).
    expect(d(income.yield.onCost)).toBe('0.1062500000');
    expect(d(income.yield.onValue)).toBe('0.0850000000');
    expect(income.forward12m.base?.toNumber()).toBe(24);
    expect(income.missingRates).toEqual([]);
    // The holding's row in the base currency too: 10 × 1.25 + 10 × 1.30, and the estimate (£20) at today's 1.20.
    expect(income.byHolding.map((h) => [h.symbol, d(h.total), h.inBase])).toEqual([
      [
        'VOD.L',
        '20.0000000000',
        { total: new Decimal('25.5'), trailing12m: new Decimal('25.5'), forward12m: new Decimal(24) },
      ],
    ]);
  });

  it('gives no base figure, and names the currency, when a rate is missing', () => {
    const rateOf = (_: string, date: string) => (date === '2024-05-01' ? null : new Decimal('1.2'));
    const income = incomeOf(gbp, { 'VOD.L': '2.5' }, { rateOf });
    expect(income.total.base).toBeNull();
    expect(income.byYear[0]?.base).toBeNull();
    expect(income.byMonth.map((m) => m.base?.toNumber() ?? null)).toEqual([null, 12]);
    expect(income.yield.onCost).toBeNull();
    expect(income.missingRates).toEqual(['GBP']);
    expect(income.byHolding[0]?.inBase).toEqual({
      total: null,
      trailing12m: null,
      forward12m: new Decimal(24),
    });
  });

  it('leaves a holding of unknown cost out of the yield on cost, and an unpriced one out of the yield on value', () => {
    const income = incomeOf(
      [
        buy('2024-01-02', 'KO', '100', '50'),
        activityOf('transfer_in', '2024-01-02', { symbol: 'PEP', quantity: '10' }),
        dividend('2024-06-01', 'KO', '50'),
        dividend('2024-06-01', 'PEP', '30'),
      ],
      { PEP: '150' },
    );
    expect(income.yield.unknownCost).toEqual(['PEP']);
    expect(income.yield.unpriced).toEqual(['KO']);
    expect(d(income.yield.onCost)).toBe('0.0100000000'); // 50 / 5,000
    expect(d(income.yield.onValue)).toBe('0.0200000000'); // 30 / 1,500
    expect(income.byHolding.map((h) => [h.symbol, h.yieldOnCost?.toNumber() ?? null])).toEqual([
      ['KO', 0.01],
      ['PEP', null],
    ]);
  });

  it('keeps a sold holding in the income, without a yield or an estimate', () => {
    const income = incomeOf(
      [
        buy('2024-01-02', 'KO', '10', '50'),
        dividend('2024-04-01', 'KO', '5'),
        sell('2024-05-01', 'KO', '10', '55'),
      ],
      {},
    );
    expect(income.trailing12m.base?.toNumber()).toBe(5);
    expect(income.byHolding[0]).toMatchObject({ yieldOnCost: null, yieldOnValue: null });
    expect(income.byHolding[0]?.forward12m).toEqual({
      kind: 'estimate',
      amount: new Decimal(0),
      payments: 0,
      unscaled: 0,
    });
    expect(income.yield.onCost).toBeNull();
  });

  it('takes a payment made on no shares as paid, and counts it apart', () => {
    const income = incomeOf([dividend('2024-03-01', 'O', '12'), buy('2024-04-01', 'O', '10', '55')], {});
    expect(income.byHolding[0]?.forward12m).toEqual({
      kind: 'estimate',
      amount: new Decimal(12),
      payments: 1,
      unscaled: 1,
    });
  });

  it('leaves out payments after asOf, and answers an empty history with nothing', () => {
    const later = incomeOf([buy('2024-01-02', 'KO', '10', '50'), dividend('2025-01-05', 'KO', '5')], {});
    expect(later.byHolding).toEqual([]);
    const empty = incomeOf([], {});
    expect(empty).toMatchObject({ byMonth: [], byYear: [], byHolding: [], missingRates: [] });
    expect(empty.total).toEqual({ local: [], base: new Decimal(0) });
    expect(empty.yield).toMatchObject({ onCost: null, onValue: null, costBasis: null, marketValue: null });
  });
});
