/**
 * A positions file as activities of a portfolio's history (issue 27 item 7, decision 038). The file says what is
 * held today and, for most brokers, what each position (or E*TRADE tax lot) cost; its holdings replace the
 * portfolio's, as the analyzer's import replaces its editor, and the history explains them:
 *
 * - a symbol the history has never traded gets the file's lots as opening transfers in, each at its cost per share
 *   (its cost over its quantity, to an activity's 10 decimals; unknown where the file gives none) and dated its
 *   acquisition date where the file gives one, else the import's day;
 * - a symbol the history has traded is brought to the file's quantity by a transfer of unknown cost, and one the
 *   file does not hold is transferred out, dated the import's day and never before the history's last day (as a
 *   map edit is, decision 036): lots put before existing activities would change past sales.
 */
import type { PositionLot } from '../broker-csv/brokers';
import { Decimal } from '../paper-trading';
import { unknownCostTransfer, type ActivityDraft } from './activity';
import { validateActivity } from './validate';

export interface PositionsFileInput {
  /** The file's holdings (symbol -> quantity) and, where it has a cost column, its lots. */
  holdings: Readonly<Record<string, number>>;
  lots: readonly PositionLot[] | undefined;
  /** The history before the file, and what its replay holds. */
  history: readonly Pick<ActivityDraft, 'symbol' | 'date'>[];
  held: readonly { symbol: string; quantity: Decimal; currency: string }[];
  /** The import's day, and the latest day an activity may have. */
  today: string;
  latestToday: string;
  /** Names the file in each opening lot's note: 'E*TRADE positions file'. */
  source: string;
}

export type PositionsFilePlan =
  | { ok: true; opening: ActivityDraft[]; transfers: ActivityDraft[]; withCost: number; message: string }
  | { ok: false; message: string };

const quantityText = (value: number | Decimal) => new Decimal(value).toDecimalPlaces(10).toFixed();

/** A lot's cost per share: its cost over its quantity, to 10 decimals; null when unknown (or too small to write). */
function pricePerShare(lot: PositionLot): string | null {
  if (lot.cost === null) return null;
  const price = new Decimal(lot.cost).div(lot.quantity).toDecimalPlaces(10);
  return price.gt(0) ? price.toFixed() : null;
}

/** 'Recorded 7 opening lots in your history, 6 with their cost.' and the holdings brought to the file's quantity. */
function planMessage(recorded: number, withCost: number, reconciled: number): string {
  const lots = `${recorded} opening ${recorded === 1 ? 'lot' : 'lots'}`;
  const message = `Recorded ${lots} in your history, ${withCost} with ${withCost === 1 ? 'its' : 'their'} cost.`;
  if (reconciled === 0) return message;
  const holdings =
    reconciled === 1
      ? '1 holding already in your history was'
      : `${reconciled} holdings already in your history were`;
  return `${message} ${holdings} brought to the file's quantity at unknown cost.`;
}

/** The activities that make a history hold what a positions file holds; refused, naming the line, if one is invalid. */
export function planPositionsFile(input: PositionsFileInput): PositionsFilePlan {
  const traded = new Set(input.history.flatMap((activity) => (activity.symbol ? [activity.symbol] : [])));
  const lots =
    input.lots ??
    Object.entries(input.holdings).map(([symbol, quantity]): PositionLot => ({
      symbol,
      quantity: quantityText(quantity),
      cost: null,
      acquired: null,
      line: 0,
    }));

  const opening: ActivityDraft[] = [];
  let withCost = 0;
  for (const lot of lots) {
    if (traded.has(lot.symbol)) continue;
    const checked = validateActivity(
      {
        ...unknownCostTransfer('transfer_in', lot.acquired ?? input.today, lot.symbol, lot.quantity, 'USD'),
        price: pricePerShare(lot),
        note: lot.line > 0 ? `${input.source}, line ${lot.line}` : input.source,
      },
      { today: input.latestToday },
    );
    if (!checked.ok) return { ok: false, message: `Line ${lot.line} (${lot.symbol}): ${checked.message}` };
    if (checked.activity.price !== null) withCost += 1;
    opening.push(checked.activity);
  }

  const lastDay = input.history.reduce((last, activity) => (activity.date > last ? activity.date : last), '');
  const date = input.today < lastDay ? lastDay : input.today;
  const held = new Map(input.held.map((holding) => [holding.symbol, holding]));
  const transfers: ActivityDraft[] = [];
  let reconciled = 0;
  for (const symbol of traded) {
    const holding = held.get(symbol);
    const difference = new Decimal(quantityText(input.holdings[symbol] ?? 0)).minus(holding?.quantity ?? 0);
    if (difference.isZero()) continue;
    const type = difference.gt(0) ? 'transfer_in' : 'transfer_out';
    transfers.push(
      unknownCostTransfer(type, date, symbol, quantityText(difference.abs()), holding?.currency ?? 'USD'),
    );
    if (symbol in input.holdings) reconciled += 1;
  }
  return {
    ok: true,
    opening,
    transfers,
    withCost,
    message: planMessage(opening.length, withCost, reconciled),
  };
}
