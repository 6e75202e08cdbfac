import { describe, it, expect } from 'vitest';
import {
  CALCULATOR_ASSETS,
  CALCULATOR_DEFAULTS,
  CALCULATOR_STORAGE_KEYS,
  CALCULATOR_INPUT_MESSAGES,
  PRESET_TARGETS,
  RELATIVE_SCENARIO_PERCENTS,
  assetLabel,
  calculatorAssetOrDefault,
  computeTradeResult,
  findCalculatorAsset,
  marketDataSymbol,
  priceStep,
  quantityStep,
  relativeScenarioRows,
  restoreCalculatorState,
  roundPrice,
  sanitizeNumber,
  scenarioRows,
  targetForNewBuyPrice,
  validateTradeInputs,
  type TradeResult,
} from './calculator';

/** Every field of a result, to 9 decimal places. */
function expectResult(actual: TradeResult, expected: TradeResult) {
  for (const key of Object.keys(expected) as (keyof TradeResult)[]) {
    if (Number.isNaN(expected[key])) expect(actual[key], key).toBeNaN();
    else expect(actual[key], key).toBeCloseTo(expected[key], 9);
  }
}

/** mulberry32: a tiny seeded PRNG, so the property test is the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('calculator assets', () => {
  it('are the twelve of the spec, in order, with their decimals and default buy prices', () => {
    expect(CALCULATOR_ASSETS.map((a) => [a.ticker, a.name, a.decimals, a.defaultBuy])).toEqual([
      ['AAPL', 'Apple', 2, 215],
      ['TSLA', 'Tesla', 2, 318],
      ['NVDA', 'NVIDIA', 2, 178],
      ['MSFT', 'Microsoft', 2, 350],
      ['AMZN', 'Amazon', 2, 219],
      ['GOOGL', 'Google', 2, 150],
      ['META', 'Meta', 2, 380],
      ['BTC', 'Bitcoin', 8, 60000],
      ['ETH', 'Ethereum', 8, 3000],
      ['XRP', 'XRP', 6, 0.5],
      ['ADA', 'Cardano', 6, 0.4],
      ['SOL', 'Solana', 6, 150],
    ]);
  });

  it('read as "ticker • name" and are quoted as CRYPTO:<ticker> when they are coins', () => {
    expect(assetLabel(calculatorAssetOrDefault('AAPL'))).toBe('AAPL • Apple');
    expect(assetLabel(calculatorAssetOrDefault('ADA'))).toBe('ADA • Cardano');
    expect(marketDataSymbol(calculatorAssetOrDefault('BTC'))).toBe('CRYPTO:BTC');
    expect(marketDataSymbol(calculatorAssetOrDefault('SOL'))).toBe('CRYPTO:SOL');
    expect(marketDataSymbol(calculatorAssetOrDefault('GOOGL'))).toBe('GOOGL');
  });

  it('are found case-insensitively; an unknown ticker falls back to AAPL', () => {
    expect(findCalculatorAsset(' eth ')?.ticker).toBe('ETH');
    expect(findCalculatorAsset('DOGE')).toBeUndefined();
    expect(calculatorAssetOrDefault('DOGE').ticker).toBe('AAPL');
  });
});

describe('computeTradeResult', () => {
  it('computes the page defaults: AAPL 100 @ 215 -> 250, fee 0.1 %, no flat fee, tax 20 %', () => {
    // fee = 0.1 / 100 = 0.001
    // buyNotional = 100 * 215 = 21500; buyFee = 21500 * 0.001 = 21.5
    // sellNotional = 100 * 250 = 25000; sellFee = 25000 * 0.001 = 25
    // totalFees = 21.5 + 25 + 0 = 46.5
    // costBasis = 21500 + 21.5 + 0/2 = 21521.5
    // netProceedsPreTax = 25000 - 25 - 0/2 = 24975
    // profitPreTax = 24975 - 21521.5 = 3453.5 (= 25000 - 21500 - 46.5)
    // tax = 3453.5 * 0.2 = 690.7; netProceeds = 24975 - 690.7 = 24284.3
    // profit = 24284.3 - 21521.5 = 2762.8; roi = 2762.8 / 21521.5 * 100 = 12.837395...
    // breakEven = (100 * 215 * 1.001 + 0) / (100 * 0.999) = 21521.5 / 99.9 = 215.430430...
    const result = computeTradeResult({
      qty: 100,
      buy: 215,
      target: 250,
      feePct: 0.1,
      flatFee: 0,
      taxPct: 20,
    });
    expectResult(result, {
      buyNotional: 21500,
      sellNotional: 25000,
      buyFee: 21.5,
      sellFee: 25,
      totalFees: 46.5,
      costBasis: 21521.5,
      grossValue: 25000,
      netProceedsPreTax: 24975,
      profitPreTax: 3453.5,
      tax: 690.7,
      netProceeds: 24284.3,
      profit: 2762.8,
      roi: (2762.8 / 21521.5) * 100,
      breakEven: 21521.5 / (100 * 0.999),
    });
    expect(result.roi).toBeCloseTo(12.8373951, 6);
    expect(result.breakEven).toBeCloseTo(215.4304304, 6);
  });

  it('splits a flat fee half into the cost basis and half out of the proceeds, counting it once', () => {
    // qty 10, buy 100, target 120, fee 0.5 % = 0.005, flat 10, tax 25 %
    // buyNotional = 1000; buyFee = 5; sellNotional = 1200; sellFee = 6
    // totalFees = 5 + 6 + 10 = 21
    // costBasis = 1000 + 5 + 10/2 = 1010
    // netProceedsPreTax = 1200 - 6 - 10/2 = 1189
    // profitPreTax = 1189 - 1010 = 179 (= 1200 - 1000 - 21)
    // tax = 179 * 0.25 = 44.75; netProceeds = 1189 - 44.75 = 1144.25
    // profit = 1144.25 - 1010 = 134.25; roi = 134.25 / 1010 * 100 = 13.2920792...
    // breakEven = (10 * 100 * 1.005 + 10) / (10 * 0.995) = 1015 / 9.95 = 102.0100502...
    const result = computeTradeResult({
      qty: 10,
      buy: 100,
      target: 120,
      feePct: 0.5,
      flatFee: 10,
      taxPct: 25,
    });
    expectResult(result, {
      buyNotional: 1000,
      sellNotional: 1200,
      buyFee: 5,
      sellFee: 6,
      totalFees: 21,
      costBasis: 1010,
      grossValue: 1200,
      netProceedsPreTax: 1189,
      profitPreTax: 179,
      tax: 44.75,
      netProceeds: 1144.25,
      profit: 134.25,
      roi: (134.25 / 1010) * 100,
      breakEven: 1015 / 9.95,
    });
    expect(result.roi).toBeCloseTo(13.2920792, 6);
    expect(result.breakEven).toBeCloseTo(102.0100503, 6);
  });

  it('gives no tax and a negative ROI on a loss', () => {
    // qty 50, buy 20, target 18, fee 0.2 % = 0.002, flat 4, tax 30 %
    // buyNotional = 1000; buyFee = 2; sellNotional = 900; sellFee = 1.8; totalFees = 2 + 1.8 + 4 = 7.8
    // costBasis = 1000 + 2 + 2 = 1004; netProceedsPreTax = 900 - 1.8 - 2 = 896.2
    // profitPreTax = 896.2 - 1004 = -107.8 (= 900 - 1000 - 7.8) -> tax 0
    // netProceeds = 896.2; profit = -107.8; roi = -107.8 / 1004 * 100 = -10.7370518...
    // breakEven = (50 * 20 * 1.002 + 4) / (50 * 0.998) = 1006 / 49.9 = 20.1603206...
    const result = computeTradeResult({ qty: 50, buy: 20, target: 18, feePct: 0.2, flatFee: 4, taxPct: 30 });
    expectResult(result, {
      buyNotional: 1000,
      sellNotional: 900,
      buyFee: 2,
      sellFee: 1.8,
      totalFees: 7.8,
      costBasis: 1004,
      grossValue: 900,
      netProceedsPreTax: 896.2,
      profitPreTax: -107.8,
      tax: 0,
      netProceeds: 896.2,
      profit: -107.8,
      roi: (-107.8 / 1004) * 100,
      breakEven: 1006 / 49.9,
    });
    expect(result.roi).toBeLessThan(0);
    expect(result.roi).toBeCloseTo(-10.7370518, 6);
  });

  it('gives no tax when the pre-tax profit is exactly 0', () => {
    // qty 1, buy 100, target 100, no fees: profitPreTax = 0 -> tax 0, profit 0, roi 0, breakEven 100
    const result = computeTradeResult({ qty: 1, buy: 100, target: 100, feePct: 0, flatFee: 0, taxPct: 50 });
    expect(result.profitPreTax).toBe(0);
    expect(result.tax).toBe(0);
    expect(result.profit).toBe(0);
    expect(result.roi).toBe(0);
    expect(result.breakEven).toBe(100);
  });

  it('with quantity 0: everything 0, ROI 0 (cost basis 0), break-even NaN', () => {
    const result = computeTradeResult({ qty: 0, buy: 215, target: 250, feePct: 0.1, flatFee: 0, taxPct: 20 });
    expectResult(result, {
      buyNotional: 0,
      sellNotional: 0,
      buyFee: 0,
      sellFee: 0,
      totalFees: 0,
      costBasis: 0,
      grossValue: 0,
      netProceedsPreTax: 0,
      profitPreTax: 0,
      tax: 0,
      netProceeds: 0,
      profit: 0,
      roi: 0,
      breakEven: Number.NaN,
    });
  });

  it('with quantity 0 and a flat fee: the flat fee alone is the loss', () => {
    // costBasis = 0 + 0 + 10/2 = 5; netProceedsPreTax = 0 - 0 - 5 = -5; profitPreTax = -10; tax 0
    // profit = -5 - 5 = -10; roi = -10 / 5 * 100 = -200; breakEven NaN (qty 0)
    const result = computeTradeResult({
      qty: 0,
      buy: 215,
      target: 250,
      feePct: 0.1,
      flatFee: 10,
      taxPct: 20,
    });
    expect(result.costBasis).toBe(5);
    expect(result.netProceedsPreTax).toBe(-5);
    expect(result.profitPreTax).toBe(-10);
    expect(result.tax).toBe(0);
    expect(result.profit).toBe(-10);
    expect(result.roi).toBe(-200);
    expect(result.breakEven).toBeNaN();
  });

  it('with a fee of 100 % or more: no break-even', () => {
    // qty 1, buy 100, target 150, fee 100 % = 1: buyFee 100, sellFee 150, totalFees 250
    // costBasis = 100 + 100 = 200; netProceedsPreTax = 150 - 150 = 0; profitPreTax = -200; tax 0
    // profit = -200; roi = -200 / 200 * 100 = -100
    const result = computeTradeResult({ qty: 1, buy: 100, target: 150, feePct: 100, flatFee: 0, taxPct: 20 });
    expect(result.buyFee).toBe(100);
    expect(result.sellFee).toBe(150);
    expect(result.totalFees).toBe(250);
    expect(result.costBasis).toBe(200);
    expect(result.netProceedsPreTax).toBe(0);
    expect(result.profitPreTax).toBe(-200);
    expect(result.tax).toBe(0);
    expect(result.roi).toBe(-100);
    expect(result.breakEven).toBeNaN();
    expect(
      computeTradeResult({ qty: 1, buy: 100, target: 150, feePct: 150, flatFee: 0, taxPct: 0 }).breakEven,
    ).toBeNaN();
  });

  it('makes the pre-tax profit 0 at the break-even target (seeded random inputs)', () => {
    const random = prng(20240607);
    for (let i = 0; i < 2000; i++) {
      // Magnitudes from tiny coin lots to large positions; fees up to 99 %; some zero flat fees.
      const qty = 10 ** (random() * 10 - 6);
      const buy = 10 ** (random() * 10 - 4);
      const feePct = random() < 0.1 ? 0 : random() * 99;
      const flatFee = random() < 0.3 ? 0 : random() * 1000;
      const taxPct = random() * 60;
      const inputs = { qty, buy, feePct, flatFee, taxPct };
      const breakEven = computeTradeResult({ ...inputs, target: 0 }).breakEven;
      expect(Number.isFinite(breakEven)).toBe(true);
      const atBreakEven = computeTradeResult({ ...inputs, target: breakEven });
      const scale = Math.max(atBreakEven.costBasis, atBreakEven.netProceedsPreTax);
      expect(Math.abs(atBreakEven.profitPreTax), JSON.stringify(inputs)).toBeLessThanOrEqual(1e-9 * scale);
      // Fees counted once: the pre-tax profit is the notional gain less every fee, once.
      const { sellNotional, buyNotional, totalFees, profitPreTax } = computeTradeResult({
        ...inputs,
        target: buy * (0.5 + random()),
      });
      expect(Math.abs(profitPreTax - (sellNotional - buyNotional - totalFees))).toBeLessThanOrEqual(
        1e-9 * Math.max(1, sellNotional, buyNotional + totalFees),
      );
    }
  });

  it('sanitises inputs: strings coerced, NaN / Infinity / negatives / junk become 0', () => {
    // qty '10' -> 10; buy ' 100 ' -> 100; target 'abc' -> 0; fee NaN -> 0; flat -5 -> 0; tax Infinity -> 0
    // buyNotional 1000 = costBasis; sellNotional 0; profit = -1000; roi = -100; breakEven = 1000 / 10 = 100
    const result = computeTradeResult({
      qty: '10',
      buy: ' 100 ',
      target: 'abc',
      feePct: Number.NaN,
      flatFee: -5,
      taxPct: Number.POSITIVE_INFINITY,
    });
    expectResult(result, {
      buyNotional: 1000,
      sellNotional: 0,
      buyFee: 0,
      sellFee: 0,
      totalFees: 0,
      costBasis: 1000,
      grossValue: 0,
      netProceedsPreTax: 0,
      profitPreTax: -1000,
      tax: 0,
      netProceeds: 0,
      profit: -1000,
      roi: -100,
      breakEven: 100,
    });
    // A negative quantity is 0: no break-even.
    expect(
      computeTradeResult({ qty: -3, buy: 1, target: 2, feePct: 0, flatFee: 0, taxPct: 0 }).breakEven,
    ).toBeNaN();
  });
});

describe('sanitizeNumber', () => {
  it.each([
    [12.5, 12.5],
    ['12.5', 12.5],
    ['1e3', 1000],
    ['  7 ', 7],
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['12abc', 0],
    ['-3', 0],
    [-0.01, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [Number.NEGATIVE_INFINITY, 0],
    ['Infinity', 0],
    [null, 0],
    [undefined, 0],
  ])('%j -> %j', (input, expected) => {
    expect(sanitizeNumber(input)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(sanitizeNumber(-0), 0)).toBe(true);
    expect(Object.is(sanitizeNumber('-0'), 0)).toBe(true);
  });
});

describe('scenarioRows', () => {
  it('has one row per preset target', () => {
    expect(PRESET_TARGETS).toEqual([1, 2, 5, 10, 25, 50, 100]);
    const rows = scenarioRows({ qty: 100, buy: 215, feePct: 0.1, flatFee: 0, taxPct: 20 });
    expect(rows.map((row) => row.target)).toEqual([1, 2, 5, 10, 25, 50, 100]);
  });

  it('uses the same formulas as the result cards', () => {
    // Page defaults (costBasis 21521.5). Target 1: sellNotional 100, sellFee 0.1, netProceedsPreTax 99.9,
    // profitPreTax = 99.9 - 21521.5 = -21421.6 -> tax 0; netProceeds 99.9; profit -21421.6;
    // roi = -21421.6 / 21521.5 * 100 = -99.5358...
    // Target 100: sellNotional 10000, sellFee 10, netProceeds 9990, profit = 9990 - 21521.5 = -11531.5
    const rows = scenarioRows({ qty: 100, buy: 215, feePct: 0.1, flatFee: 0, taxPct: 20 });
    expect(rows[0]!.netProceeds).toBeCloseTo(99.9, 9);
    expect(rows[0]!.profit).toBeCloseTo(-21421.6, 9);
    expect(rows[0]!.roi).toBeCloseTo((-21421.6 / 21521.5) * 100, 9);
    expect(rows[6]!.netProceeds).toBeCloseTo(9990, 9);
    expect(rows[6]!.profit).toBeCloseTo(-11531.5, 9);
    expect(rows[6]!.roi).toBeCloseTo((-11531.5 / 21521.5) * 100, 9);
  });

  it('taxes a profitable scenario', () => {
    // XRP 1000 @ 0.5, fee 0.2 %, flat 2, tax 10 %. costBasis = 500 + 1 + 1 = 502.
    // Target 2: sellNotional 2000, sellFee 4, netProceedsPreTax = 2000 - 4 - 1 = 1995,
    // profitPreTax = 1995 - 502 = 1493, tax 149.3, netProceeds 1845.7, profit 1343.7,
    // roi = 1343.7 / 502 * 100 = 267.6693...
    const row = scenarioRows({ qty: 1000, buy: 0.5, feePct: 0.2, flatFee: 2, taxPct: 10 })[1]!;
    expect(row.target).toBe(2);
    expect(row.netProceeds).toBeCloseTo(1845.7, 9);
    expect(row.profit).toBeCloseTo(1343.7, 9);
    expect(row.roi).toBeCloseTo((1343.7 / 502) * 100, 9);
  });
});

describe('relativeScenarioRows (DESIGN.md deviation 11)', () => {
  it('sells at +10 %, +25 %, +50 % and +100 % of the buy price, with the same formulas', () => {
    expect(RELATIVE_SCENARIO_PERCENTS).toEqual([10, 25, 50, 100]);
    const rows = relativeScenarioRows({ qty: 100, buy: 215, feePct: 0.1, flatFee: 0, taxPct: 20 });
    expect(rows.map((row) => [row.changePercent, row.target])).toEqual([
      [10, 236.5],
      [25, 268.75],
      [50, 322.5],
      [100, 430],
    ]);
    // +10 %: costBasis 21521.5; sellNotional 23650, sellFee 23.65, netProceedsPreTax 23626.35,
    // profitPreTax 2104.85, tax 420.97, netProceeds 23205.38, profit 1683.88.
    expect(rows[0]!.netProceeds).toBeCloseTo(23205.38, 9);
    expect(rows[0]!.profit).toBeCloseTo(1683.88, 9);
    expect(rows[0]!.roi).toBeCloseTo((1683.88 / 21521.5) * 100, 9);
    // +100 %: sellNotional 43000, sellFee 43, netProceedsPreTax 42957, profitPreTax 21435.5, tax 4287.1,
    // netProceeds 38669.9, profit 17148.4.
    expect(rows[3]!.profit).toBeCloseTo(17148.4, 9);
  });

  it('rounds targets under $1 to 8 decimals and others to the cent', () => {
    const xrp = relativeScenarioRows({ qty: 1000, buy: 0.123456789, feePct: 0, flatFee: 0, taxPct: 0 });
    expect(xrp[0]!.target).toBe(0.13580247);
    expect(roundPrice(1.005)).toBe(1);
    expect(roundPrice(60000 * 1.25)).toBe(75000);
    expect(roundPrice(0.999999999)).toBe(1);
  });
});

describe('targetForNewBuyPrice', () => {
  it('keeps the gain over the buy price when the asset changes', () => {
    // AAPL 215 -> 250 is +16.2790697...%; at BTC's 60,000 that is 69,767.44186... -> 69,767.44.
    expect(targetForNewBuyPrice({ buy: 215, target: 250 }, 60000)).toBe(69767.44);
    expect(targetForNewBuyPrice({ buy: '60000', target: '30000' }, 0.5)).toBe(0.25);
    expect(targetForNewBuyPrice({ buy: 150, target: 150 }, 3000)).toBe(3000);
  });

  it('starts from the new buy price when there was none', () => {
    expect(targetForNewBuyPrice({ buy: 0, target: 250 }, 0.4)).toBe(0.4);
    expect(targetForNewBuyPrice({ buy: '', target: 250 }, 215)).toBe(215);
  });
});

describe('validateTradeInputs', () => {
  const valid = { qty: '100', buy: '215', target: '250', feePct: '0.1', flatFee: '0', taxPct: '20' };

  it('accepts the defaults, blanks and a fee just under 100 %', () => {
    expect(validateTradeInputs(valid)).toEqual({});
    expect(validateTradeInputs({ ...valid, qty: '', flatFee: ' ' })).toEqual({});
    expect(validateTradeInputs({ ...valid, feePct: '99.99', taxPct: '100' })).toEqual({});
  });

  it('flags negative quantities and prices, fees of 100 % or more, tax above 100 %, and text', () => {
    expect(validateTradeInputs({ ...valid, qty: '-5', target: -1 })).toEqual({
      qty: 'Quantity cannot be negative.',
      target: 'Target price cannot be negative.',
    });
    expect(validateTradeInputs({ ...valid, feePct: '100' })).toEqual({
      feePct: CALCULATOR_INPUT_MESSAGES.feeTooHigh,
    });
    expect(validateTradeInputs({ ...valid, feePct: '150', taxPct: '101', flatFee: 'abc' })).toEqual({
      feePct: 'The fee must be below 100% per side.',
      taxPct: 'Tax cannot be more than 100% of the profit.',
      flatFee: 'Enter a number.',
    });
  });
});

describe('input steps', () => {
  it('quantity: 1 / 10^decimals', () => {
    expect(quantityStep(2)).toBe(0.01);
    expect(quantityStep(6)).toBe(0.000001);
    expect(quantityStep(8)).toBe(0.00000001);
    expect(quantityStep(0)).toBe(1);
  });

  it.each([
    [215, 1],
    [250, 1],
    [100, 1],
    [99.99, 0.1],
    [1000, 10],
    [3000, 10],
    [60000, 100],
    [150, 1],
    [1, 0.01],
    [1.5, 0.01],
    [0.5, 0.001],
    [0.4, 0.001],
    [0.001, 0.00001],
    [1e-12, 1e-8],
    [0, 0.0001],
    [-5, 0.0001],
    [Number.NaN, 0.0001],
    [Number.POSITIVE_INFINITY, 0.0001],
  ])('price %j -> step %j', (price, step) => {
    expect(priceStep(price)).toBe(step);
  });

  it('price step is exact at every power of ten', () => {
    for (let e = -6; e <= 9; e++)
      expect(priceStep(Number(`1e${e}`))).toBe(Number(`1e${Math.max(e - 2, -8)}`));
  });
});

describe('restoreCalculatorState', () => {
  const store = (entries: Record<string, string>) => (key: string) => entries[key] ?? null;

  it('uses the page defaults on an empty store', () => {
    expect(restoreCalculatorState(store({}))).toEqual({
      asset: 'AAPL',
      qty: 100,
      buy: 215,
      target: 250,
      feePct: 0.1,
      flatFee: 0,
      taxPct: 20,
    });
    expect(CALCULATOR_DEFAULTS).toEqual(restoreCalculatorState(store({})));
  });

  it('reads the pc_* keys', () => {
    expect(Object.values(CALCULATOR_STORAGE_KEYS)).toEqual([
      'pc_asset',
      'pc_qty',
      'pc_buy',
      'pc_target',
      'pc_feePct',
      'pc_flatFee',
      'pc_taxPct',
    ]);
    expect(
      restoreCalculatorState(
        store({
          pc_asset: 'ETH',
          pc_qty: '1.5',
          pc_buy: '2999.99',
          pc_target: '4000',
          pc_feePct: '0.25',
          pc_flatFee: '3',
          pc_taxPct: '15',
        }),
      ),
    ).toEqual({ asset: 'ETH', qty: 1.5, buy: 2999.99, target: 4000, feePct: 0.25, flatFee: 3, taxPct: 15 });
  });

  it('falls back per key when a stored value is not a finite number', () => {
    expect(
      restoreCalculatorState(
        store({
          pc_qty: 'abc',
          pc_buy: 'NaN',
          pc_target: 'Infinity',
          pc_feePct: '',
          pc_flatFee: '-Infinity',
          pc_taxPct: '1e3',
        }),
      ),
    ).toEqual({ asset: 'AAPL', qty: 100, buy: 215, target: 250, feePct: 0.1, flatFee: 0, taxPct: 1000 });
  });

  it('brings a stored negative number up to 0 (minimum 0 everywhere)', () => {
    expect(restoreCalculatorState(store({ pc_qty: '-5', pc_target: '-0.5' }))).toMatchObject({
      qty: 0,
      target: 0,
    });
  });

  it("falls back to AAPL for an unknown asset; the buy price defaults to the asset's default buy", () => {
    expect(restoreCalculatorState(store({ pc_asset: 'DOGE' }))).toMatchObject({ asset: 'AAPL', buy: 215 });
    expect(restoreCalculatorState(store({ pc_asset: 'BTC' }))).toMatchObject({ asset: 'BTC', buy: 60000 });
    expect(restoreCalculatorState(store({ pc_asset: 'xrp', pc_buy: 'x' }))).toMatchObject({
      asset: 'XRP',
      buy: 0.5,
    });
    expect(restoreCalculatorState(store({ pc_asset: 'SOL', pc_buy: '0' }))).toMatchObject({
      asset: 'SOL',
      buy: 0,
    });
  });

  it('treats a store that throws as empty', () => {
    expect(
      restoreCalculatorState(() => {
        throw new Error('SecurityError: storage disabled');
      }),
    ).toEqual(CALCULATOR_DEFAULTS);
  });
});
