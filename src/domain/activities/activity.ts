/**
 * An activity of a portfolio's history (issue 27): what a person did or received, as the ledger replays it and
 * as every import produces it. Pure types and rules, no I/O. Numbers are decimal strings (exact, as the paper
 * ledger keeps money); dates are the trade date, `YYYY-MM-DD`.
 */

export const ACTIVITY_TYPES = [
  'buy',
  'sell',
  'dividend',
  'interest',
  'fee',
  'tax',
  'split',
  'deposit',
  'withdrawal',
  'transfer_in',
  'transfer_out',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** How an activity's own words name it on screens and in messages. */
export const ACTIVITY_TYPE_LABELS: Readonly<Record<ActivityType, string>> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  interest: 'Interest',
  fee: 'Fee',
  tax: 'Tax',
  split: 'Split',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
};

/**
 * One activity before it is stored. A reinvested dividend is two activities: the dividend and a buy.
 *
 * - `symbol`: the security master's key (`AAPL`, `CRYPTO:BTC`, `VOD.L`) where the activity concerns one.
 * - `quantity`: shares (buy, sell, transfer in and out; a dividend may say the shares it was paid on). For a
 *   split, the ratio: shares after per share before (`2` for 2-for-1, `0.1` for 1-for-10).
 * - `price`: per share, in `currency`. For a transfer in, the cost per share; `null` is an unknown cost.
 * - `fee`: commission and fees of a trade, positive.
 * - `amount`: the cash of a dividend, interest, fee, tax, deposit or withdrawal, positive (the type says the
 *   direction).
 * - `currency`: ISO 4217 code of price, fee and amount.
 */
export interface ActivityDraft {
  type: ActivityType;
  date: string;
  symbol: string | null;
  quantity: string | null;
  price: string | null;
  fee: string | null;
  amount: string | null;
  currency: string;
  note: string | null;
}

/** Whether a field must be given, may be given, or must be empty, for each type. */
export type FieldRule = 'required' | 'optional' | 'none';

export const ACTIVITY_FIELD_RULES: Readonly<
  Record<ActivityType, Readonly<Record<'symbol' | 'quantity' | 'price' | 'fee' | 'amount', FieldRule>>>
> = {
  buy: { symbol: 'required', quantity: 'required', price: 'required', fee: 'optional', amount: 'none' },
  sell: { symbol: 'required', quantity: 'required', price: 'required', fee: 'optional', amount: 'none' },
  dividend: { symbol: 'required', quantity: 'optional', price: 'optional', fee: 'none', amount: 'required' },
  interest: { symbol: 'optional', quantity: 'none', price: 'none', fee: 'none', amount: 'required' },
  fee: { symbol: 'optional', quantity: 'none', price: 'none', fee: 'none', amount: 'required' },
  tax: { symbol: 'optional', quantity: 'none', price: 'none', fee: 'none', amount: 'required' },
  split: { symbol: 'required', quantity: 'required', price: 'none', fee: 'none', amount: 'none' },
  deposit: { symbol: 'none', quantity: 'none', price: 'none', fee: 'none', amount: 'required' },
  withdrawal: { symbol: 'none', quantity: 'none', price: 'none', fee: 'none', amount: 'required' },
  transfer_in: {
    symbol: 'required',
    quantity: 'required',
    price: 'optional',
    fee: 'optional',
    amount: 'none',
  },
  transfer_out: { symbol: 'required', quantity: 'required', price: 'none', fee: 'optional', amount: 'none' },
};

/** A transfer of unknown cost: an opening position, or a change of the map made on another screen. */
export const unknownCostTransfer = (
  type: 'transfer_in' | 'transfer_out',
  date: string,
  symbol: string,
  quantity: string,
  currency: string,
): ActivityDraft => ({
  type,
  date,
  symbol,
  quantity,
  price: null,
  fee: null,
  amount: null,
  currency,
  note: null,
});
