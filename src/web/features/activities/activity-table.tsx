import { Pencil, Trash2 } from 'lucide-react';
import type { Activity } from '../../../contracts/activities';
import { ACTIVITY_TYPE_LABELS } from '../../../domain/activities/activity';
import { displaySymbol } from '../../../domain/symbol-kind';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { formatDay, formatMoney, formatPrice, formatQuantity, sourceLabel } from './format';

/** `Buy AAPL on Mar 5, 2026`: how a row's controls name it to a screen reader. */
export function describeActivity(activity: Activity): string {
  const symbol = activity.symbol ? ` ${displaySymbol(activity.symbol)}` : '';
  return `${ACTIVITY_TYPE_LABELS[activity.type]}${symbol} on ${formatDay(activity.date)}`;
}

const HEAD = 'px-3 py-2 font-medium';
const NUMBER_HEAD = `${HEAD} text-right`;
const CELL = 'px-3 py-2 align-top';
const NUMBER_CELL = `${CELL} text-right tabular-nums whitespace-nowrap`;

/**
 * The activities, newest first: one row each with its own figures (a cell a type does not use stays empty), its
 * note and where it came from. Editable lists have a checkbox per row (and one for every row shown) and an edit
 * and a delete button; a read-only list (a paper portfolio's fills) has neither.
 */
export function ActivityTable({
  activities,
  selected,
  onSelect,
  onEdit,
  onDelete,
  readOnly,
}: {
  activities: readonly Activity[];
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], isSelected: boolean) => void;
  onEdit: (activity: Activity) => void;
  onDelete: (activity: Activity) => void;
  readOnly: boolean;
}) {
  const selectedShown = activities.filter((a) => selected.has(a.id)).length;
  const allShown = activities.length > 0 && selectedShown === activities.length;
  return (
    <div className="relative overflow-x-auto rounded-md border border-border">
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">Activities, newest first</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            {readOnly ? null : (
              <th scope="col" className="w-10 px-3 py-2">
                <Checkbox
                  aria-label="Select every activity shown"
                  checked={allShown ? true : selectedShown > 0 ? 'indeterminate' : false}
                  onCheckedChange={() =>
                    onSelect(
                      activities.map((a) => a.id),
                      !allShown,
                    )
                  }
                />
              </th>
            )}
            <th scope="col" className={HEAD}>
              Date
            </th>
            <th scope="col" className={HEAD}>
              Type
            </th>
            <th scope="col" className={HEAD}>
              Symbol
            </th>
            <th scope="col" className={NUMBER_HEAD}>
              Quantity
            </th>
            <th scope="col" className={NUMBER_HEAD}>
              Price
            </th>
            <th scope="col" className={NUMBER_HEAD}>
              Fee
            </th>
            <th scope="col" className={NUMBER_HEAD}>
              Amount
            </th>
            <th scope="col" className={HEAD}>
              Note
            </th>
            {readOnly ? null : (
              <th scope="col" className={HEAD}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {activities.map((activity) => {
            const name = describeActivity(activity);
            const source = sourceLabel(activity.source);
            return (
              <tr key={activity.id} className="border-t border-border">
                {readOnly ? null : (
                  <td className={CELL}>
                    <Checkbox
                      aria-label={`Select ${name}`}
                      checked={selected.has(activity.id)}
                      onCheckedChange={(checked) => onSelect([activity.id], checked === true)}
                    />
                  </td>
                )}
                <td className={`${CELL} whitespace-nowrap`}>{formatDay(activity.date)}</td>
                <td className={CELL}>
                  <span className="font-medium">{ACTIVITY_TYPE_LABELS[activity.type]}</span>
                  {source ? <span className="block text-xs text-muted-foreground">{source}</span> : null}
                </td>
                <td className={`${CELL} max-w-40 font-medium break-all`}>
                  {activity.symbol ? displaySymbol(activity.symbol) : ''}
                </td>
                <td className={NUMBER_CELL}>
                  {activity.quantity === null ? '' : formatQuantity(activity.quantity)}
                </td>
                <td className={NUMBER_CELL}>
                  {activity.price === null ? '' : formatPrice(activity.price, activity.currency)}
                </td>
                <td className={NUMBER_CELL}>
                  {activity.fee === null ? '' : formatMoney(activity.fee, activity.currency)}
                </td>
                <td className={NUMBER_CELL}>
                  {activity.amount === null ? '' : formatMoney(activity.amount, activity.currency)}
                </td>
                <td className={`${CELL} min-w-48 max-w-64 break-words text-muted-foreground`}>
                  {activity.note ?? ''}
                </td>
                {readOnly ? null : (
                  <td className={`${CELL} whitespace-nowrap`}>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${name}`}
                      onClick={() => onEdit(activity)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-muted-foreground hover:text-destructive"
                      aria-label={`Delete ${name}`}
                      onClick={() => onDelete(activity)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
