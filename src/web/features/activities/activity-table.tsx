import { Pencil, Trash2 } from 'lucide-react';
import type { Activity } from '../../../contracts/activities';
import { ACTIVITY_TYPE_LABELS } from '../../../domain/activities/activity';
import { displaySymbol } from '../../../domain/symbol-kind';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { ActivityColumnCells, ActivityColumnHeads, CELL, HEAD } from './activity-columns';
import { formatDay, sourceLabel } from './format';

/** `Buy AAPL on Mar 5, 2026`: how a row's controls name it to a screen reader. */
export function describeActivity(activity: Activity): string {
  const symbol = activity.symbol ? ` ${displaySymbol(activity.symbol)}` : '';
  return `${ACTIVITY_TYPE_LABELS[activity.type]}${symbol} on ${formatDay(activity.date)}`;
}

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
            <ActivityColumnHeads />
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
                <ActivityColumnCells activity={activity} origin={sourceLabel(activity.source)} />
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
