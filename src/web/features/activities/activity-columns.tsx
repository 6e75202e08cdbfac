import type { ImportRow } from '../../../contracts/activity-imports';
import { ACTIVITY_TYPE_LABELS } from '../../../domain/activities/activity';
import { displaySymbol } from '../../../domain/symbol-kind';
import { formatDay, formatMoney, formatPrice, formatQuantity } from './format';

/** The fields a row shows of an activity, saved or still in an import's preview (an import row adds its line). */
type ActivityFigures = Omit<ImportRow, 'line'>;

export const HEAD = 'px-3 py-2 font-medium';
export const CELL = 'px-3 py-2 align-top';
const NUMBER_HEAD = `${HEAD} text-right`;
const NUMBER_CELL = `${CELL} text-right tabular-nums whitespace-nowrap`;

/** The columns of an activity, which the history and an import's preview both show in this order. */
const COLUMNS: readonly { label: string; isNumber?: boolean }[] = [
  { label: 'Date' },
  { label: 'Type' },
  { label: 'Symbol' },
  { label: 'Quantity', isNumber: true },
  { label: 'Price', isNumber: true },
  { label: 'Fee', isNumber: true },
  { label: 'Amount', isNumber: true },
  { label: 'Note' },
];

/** The header cells of `COLUMNS`: a row reads the same in an import's preview as once it is saved. */
export function ActivityColumnHeads() {
  return (
    <>
      {COLUMNS.map(({ label, isNumber }) => (
        <th key={label} scope="col" className={isNumber ? NUMBER_HEAD : HEAD}>
          {label}
        </th>
      ))}
    </>
  );
}

/**
 * An activity's cells, in the order of `COLUMNS`: a cell its type does not use stays empty. `origin` is written
 * under the type (where a saved activity came from).
 */
export function ActivityColumnCells({
  activity,
  origin,
}: {
  activity: ActivityFigures;
  origin?: string | null;
}) {
  return (
    <>
      <td className={`${CELL} whitespace-nowrap`}>{formatDay(activity.date)}</td>
      <td className={CELL}>
        <span className="font-medium">{ACTIVITY_TYPE_LABELS[activity.type]}</span>
        {origin ? <span className="block text-xs text-muted-foreground">{origin}</span> : null}
      </td>
      <td className={`${CELL} max-w-40 font-medium break-all`}>
        {activity.symbol ? displaySymbol(activity.symbol) : ''}
      </td>
      <td className={NUMBER_CELL}>{activity.quantity === null ? '' : formatQuantity(activity.quantity)}</td>
      <td className={NUMBER_CELL}>
        {activity.price === null ? '' : formatPrice(activity.price, activity.currency)}
      </td>
      <td className={NUMBER_CELL}>
        {activity.fee === null ? '' : formatMoney(activity.fee, activity.currency)}
      </td>
      <td className={NUMBER_CELL}>
        {activity.amount === null ? '' : formatMoney(activity.amount, activity.currency)}
      </td>
      <td className={`${CELL} min-w-48 max-w-64 break-words text-muted-foreground`}>{activity.note ?? ''}</td>
    </>
  );
}
