/**
 * Investment profit calculator: pure rules, no I/O.
 *
 * Formulas follow the spec (§9 "Calculator formulas") with DESIGN.md deviation 8: every fee is
 * counted once. The buy fee and half of the flat fee are part of the cost basis; the sell fee and the
 * other half of the flat fee come out of the proceeds. So the pre-tax profit is
 * `sellNotional - buyNotional - totalFees`, and at `breakEven` it is exactly 0.
 */

export interface CalculatorAsset {
  readonly ticker: string;
  readonly name: string;
  /** Fraction digits a quantity of this asset can have (quantity step = 1 / 10^decimals). */
  readonly decimals: number;
  /** The buy price the calculator starts from when this asset is chosen. */
  readonly defaultBuy: number;
  readonly kind: 'stock' | 'crypto';
}

export const CALCULATOR_ASSETS: readonly CalculatorAsset[] = [
  { ticker: 'AAPL', name: 'Apple', decimals: 2, defaultBuy: 215, kind: 'stock' },
  { ticker: 'TSLA', name: 'Tesla', decimals: 2, defaultBuy: 318, kind: 'stock' },
  { ticker: 'NVDA', name: 'NVIDIA', decimals: 2, defaultBuy: 178, kind: 'stock' },
  { ticker: 'MSFT', name: 'Microsoft', decimals: 2, defaultBuy: 350, kind: 'stock' },
  { ticker: 'AMZN', name: 'Amazon', decimals: 2, defaultBuy: 219, kind: 'stock' },
  { ticker: 'GOOGL', name: 'Google', decimals: 2, defaultBuy: 150, kind: 'stock' },
  { ticker: 'META', name: 'Meta', decimals: 2, defaultBuy: 380, kind: 'stock' },
  { ticker: 'BTC', name: 'Bitcoin', decimals: 8, defaultBuy: 60000, kind: 'crypto' },
  { ticker: 'ETH', name: 'Ethereum', decimals: 8, defaultBuy: 3000, kind: 'crypto' },
  { ticker: 'XRP', name: 'XRP', decimals: 6, defaultBuy: 0.5, kind: 'crypto' },
  { ticker: 'ADA', name: 'Cardano', decimals: 6, defaultBuy: 0.4, kind: 'crypto' },
  { ticker: 'SOL', name: 'Solana', decimals: 6, defaultBuy: 150, kind: 'crypto' },
];

export const DEFAULT_ASSET_TICKER = 'AAPL';

/** The asset for a ticker (case-insensitive), or undefined when it is not one of the twelve. */
export function findCalculatorAsset(ticker: string): CalculatorAsset | undefined {
  const key = ticker.trim().toUpperCase();
  return CALCULATOR_ASSETS.find((asset) => asset.ticker === key);
}

/** The asset for a ticker; AAPL when the ticker is unknown. */
export function calculatorAssetOrDefault(ticker: string): CalculatorAsset {
  return findCalculatorAsset(ticker) ?? (findCalculatorAsset(DEFAULT_ASSET_TICKER) as CalculatorAsset);
}

/** The symbol the market-data service knows the asset by: crypto as `CRYPTO:BTC`, stocks as is. */
export function marketDataSymbol(asset: CalculatorAsset): string {
  return asset.kind === 'crypto' ? `CRYPTO:${asset.ticker}` : asset.ticker;
}

/** How an asset reads in the asset dropdown: `AAPL • Apple`. */
export function assetLabel(asset: CalculatorAsset): string {
  return `${asset.ticker} • ${asset.name}`;
}

/** A numeric input as typed (string) or held (number). */
export type NumericInput = number | string | null | undefined;

/**
 * Spec §5: numeric inputs are coerced to numbers; non-finite becomes 0; the minimum is 0 everywhere.
 * A blank string is 0. Anything else that is not a number (`'12abc'`, `NaN`, `Infinity`) is 0.
 */
export function sanitizeNumber(value: NumericInput): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(n) || n < 0) return 0;
  // -0 reads as 0.
  return n === 0 ? 0 : n;
}

export interface TradeInputs {
  /** Quantity bought and later sold. */
  readonly qty: NumericInput;
  /** Buy price per unit, $. */
  readonly buy: NumericInput;
  /** Target (sell) price per unit, $. */
  readonly target: NumericInput;
  /** Fee per side, percent of that side's notional (0.1 = 0.1 %). */
  readonly feePct: NumericInput;
  /** Flat fees, $ total for the round trip; half is charged on each side. */
  readonly flatFee: NumericInput;
  /** Tax on a positive pre-tax profit, percent. */
  readonly taxPct: NumericInput;
}

export interface TradeResult {
  readonly buyNotional: number;
  readonly sellNotional: number;
  readonly buyFee: number;
  readonly sellFee: number;
  /** buyFee + sellFee + flat fee. */
  readonly totalFees: number;
  /** What the position cost: buyNotional + buyFee + half the flat fee. */
  readonly costBasis: number;
  /** sellNotional: the position's value at the target price. */
  readonly grossValue: number;
  /** sellNotional - sellFee - half the flat fee. */
  readonly netProceedsPreTax: number;
  /** netProceedsPreTax - costBasis = sellNotional - buyNotional - totalFees. */
  readonly profitPreTax: number;
  /** taxPct of profitPreTax when that is positive, else 0. */
  readonly tax: number;
  /** netProceedsPreTax - tax. */
  readonly netProceeds: number;
  /** Profit after tax: netProceeds - costBasis. */
  readonly profit: number;
  /** profit / costBasis * 100; 0 when costBasis is 0. */
  readonly roi: number;
  /** Target price at which profitPreTax is 0; NaN when qty <= 0 or the fee is 100 % or more. */
  readonly breakEven: number;
}

export function computeTradeResult(inputs: TradeInputs): TradeResult {
  const qty = sanitizeNumber(inputs.qty);
  const buy = sanitizeNumber(inputs.buy);
  const target = sanitizeNumber(inputs.target);
  const fee = sanitizeNumber(inputs.feePct) / 100;
  const flat = sanitizeNumber(inputs.flatFee);
  const taxRate = sanitizeNumber(inputs.taxPct) / 100;

  const buyNotional = qty * buy;
  const sellNotional = qty * target;
  const buyFee = buyNotional * fee;
  const sellFee = sellNotional * fee;
  const totalFees = buyFee + sellFee + flat;
  const costBasis = buyNotional + buyFee + flat / 2;
  const grossValue = sellNotional;
  const netProceedsPreTax = sellNotional - sellFee - flat / 2;
  const profitPreTax = netProceedsPreTax - costBasis;
  const tax = profitPreTax > 0 ? profitPreTax * taxRate : 0;
  const netProceeds = netProceedsPreTax - tax;
  const profit = netProceeds - costBasis;
  const roi = costBasis === 0 ? 0 : (profit / costBasis) * 100;
  const breakEven = qty <= 0 || fee >= 1 ? Number.NaN : (qty * buy * (1 + fee) + flat) / (qty * (1 - fee));

  return {
    buyNotional,
    sellNotional,
    buyFee,
    sellFee,
    totalFees,
    costBasis,
    grossValue,
    netProceedsPreTax,
    profitPreTax,
    tax,
    netProceeds,
    profit,
    roi,
    breakEven,
  };
}

/** The target prices of the preset buttons and of the 'Quick Target Scenarios' rows. */
export const PRESET_TARGETS: readonly number[] = [1, 2, 5, 10, 25, 50, 100];

export interface ScenarioRow {
  readonly target: number;
  readonly netProceeds: number;
  readonly profit: number;
  readonly roi: number;
}

/** One row per preset target, with the same formulas as the result cards. */
export function scenarioRows(inputs: Omit<TradeInputs, 'target'>): ScenarioRow[] {
  return PRESET_TARGETS.map((target) => {
    const result = computeTradeResult({ ...inputs, target });
    return { target, netProceeds: result.netProceeds, profit: result.profit, roi: result.roi };
  });
}

/** DESIGN.md deviation 11: scenario rows at these percentages above the buy price, under the fixed presets. */
export const RELATIVE_SCENARIO_PERCENTS: readonly number[] = [10, 25, 50, 100];

/** Prices of $1 or more are kept to the cent; smaller ones (XRP, ADA) to 8 decimals. */
export function roundPrice(price: number): number {
  const scale = Math.abs(price) < 1 ? 1e8 : 100;
  return Math.round(price * scale) / scale;
}

export interface RelativeScenarioRow extends ScenarioRow {
  /** Percent above the buy price (10 = +10 %). */
  readonly changePercent: number;
}

/** One row per relative step: target = buy × (1 + step), rounded as a price, with the same formulas. */
export function relativeScenarioRows(inputs: Omit<TradeInputs, 'target'>): RelativeScenarioRow[] {
  const buy = sanitizeNumber(inputs.buy);
  return RELATIVE_SCENARIO_PERCENTS.map((changePercent) => {
    const target = roundPrice(buy * (1 + changePercent / 100));
    const result = computeTradeResult({ ...inputs, target });
    return { changePercent, target, netProceeds: result.netProceeds, profit: result.profit, roi: result.roi };
  });
}

/**
 * The target kept when the asset changes (spec 000 §4: the buy price becomes the new asset's default buy):
 * the same gain over the buy price as before, so $250 over AAPL's $215 becomes about 16.28 % over BTC's
 * $60,000 rather than a $250 bitcoin. Without a previous buy price the target is the new buy price.
 */
export function targetForNewBuyPrice(
  previous: { buy: NumericInput; target: NumericInput },
  buy: number,
): number {
  const oldBuy = sanitizeNumber(previous.buy);
  const oldTarget = sanitizeNumber(previous.target);
  if (oldBuy === 0) return roundPrice(buy);
  return roundPrice((buy * oldTarget) / oldBuy);
}

/** Fields with a value the formulas must not be given; each with the message shown beside it. */
export type CalculatorInputErrors = Partial<Record<keyof TradeInputs, string>>;

export const CALCULATOR_INPUT_MESSAGES = {
  negative: (label: string) => `${label} cannot be negative.`,
  feeTooHigh: 'The fee must be below 100% per side.',
  taxTooHigh: 'Tax cannot be more than 100% of the profit.',
  notANumber: 'Enter a number.',
} as const;

const FIELD_LABELS: Readonly<Record<keyof TradeInputs, string>> = {
  qty: 'Quantity',
  buy: 'Buy price',
  target: 'Target price',
  feePct: 'Fee',
  flatFee: 'Flat fees',
  taxPct: 'Tax',
};

/**
 * DESIGN.md deviation 11: inputs the formulas would silently turn into nonsense (sanitizeNumber makes a
 * negative 0) are flagged instead: negative values, text that is not a number, a fee of 100 % or more per
 * side, a tax above 100 %. A blank field is 0, as the spec has it.
 */
export function validateTradeInputs(inputs: TradeInputs): CalculatorInputErrors {
  const errors: CalculatorInputErrors = {};
  for (const field of Object.keys(FIELD_LABELS) as (keyof TradeInputs)[]) {
    const raw = inputs[field];
    if (raw === null || raw === undefined) continue;
    const text = typeof raw === 'number' ? String(raw) : raw.trim();
    if (text === '') continue;
    const n = Number(text);
    if (!Number.isFinite(n)) errors[field] = CALCULATOR_INPUT_MESSAGES.notANumber;
    else if (n < 0) errors[field] = CALCULATOR_INPUT_MESSAGES.negative(FIELD_LABELS[field]);
    else if (field === 'feePct' && n >= 100) errors[field] = CALCULATOR_INPUT_MESSAGES.feeTooHigh;
    else if (field === 'taxPct' && n > 100) errors[field] = CALCULATOR_INPUT_MESSAGES.taxTooHigh;
  }
  return errors;
}

/** `10^exponent` as the double nearest to it (`10 ** -4` gives 0.00009999999999999999; `1e-4` gives 0.0001). */
function powerOfTen(exponent: number): number {
  return Number(`1e${exponent}`);
}

/** Quantity input step: 1 / 10^decimals (0.01 for stocks, 0.00000001 for BTC and ETH). */
export function quantityStep(decimals: number): number {
  return powerOfTen(-Math.max(0, Math.trunc(decimals)));
}

export const FEE_STEP = 0.01;
export const FLAT_FEE_STEP = 0.01;
export const TAX_STEP = 0.1;

export const MIN_PRICE_STEP = 1e-8;
export const ZERO_PRICE_STEP = 0.0001;

/**
 * Price input step, scaled to the magnitude of the price: one hundredth of the price's leading power
 * of ten, `10^(floor(log10(price)) - 2)`, so the spinner moves the third significant digit
 * (215 -> 1, 60000 -> 100, 3000 -> 10, 150 -> 1, 0.5 -> 0.001, 0.4 -> 0.001, 1.5 -> 0.01).
 * 0.0001 when the price is 0, negative or not finite; never below 1e-8 (the finest digit displayed).
 */
export function priceStep(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return ZERO_PRICE_STEP;
  let exponent = Math.floor(Math.log10(price));
  // Math.log10 can land a hair off at exact powers of ten; correct with exact comparisons.
  if (powerOfTen(exponent) > price) exponent -= 1;
  else if (powerOfTen(exponent + 1) <= price) exponent += 1;
  return Math.max(MIN_PRICE_STEP, powerOfTen(exponent - 2));
}

/** Everything the calculator page keeps between visits. */
export interface CalculatorState {
  readonly asset: string;
  readonly qty: number;
  readonly buy: number;
  readonly target: number;
  readonly feePct: number;
  readonly flatFee: number;
  readonly taxPct: number;
}

export type CalculatorField = keyof CalculatorState;

/** Local storage keys, spec §4. */
export const CALCULATOR_STORAGE_KEYS: Readonly<Record<CalculatorField, string>> = {
  asset: 'pc_asset',
  qty: 'pc_qty',
  buy: 'pc_buy',
  target: 'pc_target',
  feePct: 'pc_feePct',
  flatFee: 'pc_flatFee',
  taxPct: 'pc_taxPct',
};

/** Page defaults, spec §4 (the buy price is the asset's default buy). */
export const CALCULATOR_DEFAULTS: CalculatorState = {
  asset: DEFAULT_ASSET_TICKER,
  qty: 100,
  buy: calculatorAssetOrDefault(DEFAULT_ASSET_TICKER).defaultBuy,
  target: 250,
  feePct: 0.1,
  flatFee: 0,
  taxPct: 20,
};

/**
 * The state saved under the pc_* keys. A key that is missing, blank or holds something that is not a
 * finite number falls back to its default (the buy price to the restored asset's default buy); a finite
 * negative number is brought up to 0. An unknown asset falls back to AAPL. A `read` that throws is
 * treated as an empty store.
 */
export function restoreCalculatorState(read: (key: string) => string | null): CalculatorState {
  const safeRead = (key: string): string | null => {
    try {
      return read(key);
    } catch {
      return null;
    }
  };
  const storedAsset = safeRead(CALCULATOR_STORAGE_KEYS.asset);
  const asset = calculatorAssetOrDefault(storedAsset ?? DEFAULT_ASSET_TICKER);
  const number = (field: Exclude<CalculatorField, 'asset'>, fallback: number): number => {
    const raw = safeRead(CALCULATOR_STORAGE_KEYS[field]);
    if (raw === null || raw.trim() === '') return fallback;
    const n = Number(raw.trim());
    return Number.isFinite(n) ? sanitizeNumber(n) : fallback;
  };
  return {
    asset: asset.ticker,
    qty: number('qty', CALCULATOR_DEFAULTS.qty),
    buy: number('buy', asset.defaultBuy),
    target: number('target', CALCULATOR_DEFAULTS.target),
    feePct: number('feePct', CALCULATOR_DEFAULTS.feePct),
    flatFee: number('flatFee', CALCULATOR_DEFAULTS.flatFee),
    taxPct: number('taxPct', CALCULATOR_DEFAULTS.taxPct),
  };
}
