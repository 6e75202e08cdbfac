import { useId, useRef, useState } from 'react';
import { AlertCircle, Plus, Trash2 } from 'lucide-react';
import type { Activity } from '../../../contracts/activities';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { serverMessage } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ActivityFilters } from './activity-filters';
import { ActivityFormDialog } from './activity-form';
import { ActivityTable } from './activity-table';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { useDeleteActivities } from './delete-activities';
import { ImportWizard, LastImportNotice, type LastImport } from './import-wizard';
import { isFiltered, NO_FILTER, useActivities, type ActivityFilter } from './get-activities';

/** The form's state: closed, a new activity, or one being edited. */
type Editing = { open: false } | { open: true; activity: Activity | null };

function LoadingRows() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <span className="sr-only">Loading the activities…</span>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/**
 * A portfolio's history (GET /api/activities), newest first with 'Load more', filtered by type, symbol and
 * dates; add, edit and delete one activity, or select rows and delete them together after a confirmation. A
 * read-only portfolio (paper trading's fills) shows the list alone.
 */
export function ActivityHistoryCard({ portfolio, readOnly }: { portfolio: string; readOnly: boolean }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [filter, setFilter] = useState<ActivityFilter>(NO_FILTER);
  const settledFilter = useDebouncedValue(filter, 300);
  const list = useActivities(portfolio, settledFilter);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [toDelete, setToDelete] = useState<readonly string[]>([]);
  const deleteActivities = useDeleteActivities(portfolio);
  const [lastImport, setLastImport] = useState<LastImport | null>(null);
  // The dialogs open from plain buttons (no Radix trigger): focus goes back to the one that opened them, or,
  // after a delete took that button away with its row, to the list's heading.
  const opener = useRef<HTMLElement | null>(null);
  const hasDeleted = useRef(false);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected && !hasDeleted.current ? opener.current : headingRef.current;
    hasDeleted.current = false;
    target?.focus();
  };

  const activities = list.data?.pages.flatMap((page) => page.activities) ?? [];
  // Only rows still listed count as selected (a row deleted or filtered away is no longer a choice).
  const selectedIds = activities.filter((a) => selected.has(a.id)).map((a) => a.id);

  const select = (ids: readonly string[], isSelected: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (isSelected) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const confirmDelete = () =>
    deleteActivities.mutate(toDelete, {
      onSuccess: () => {
        hasDeleted.current = true;
        select(toDelete, false);
        setToDelete([]);
      },
      onError: () => setToDelete([]),
    });

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="flex flex-col gap-1.5">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg leading-tight font-semibold">
            Activity
          </h2>
          <CardDescription>
            {readOnly
              ? 'The trades of this paper portfolio, newest first. Trade on the Paper Trading page to add to them.'
              : 'Every buy, sale, dividend and transfer of this portfolio, newest first.'}
          </CardDescription>
        </div>
        {readOnly ? null : (
          <div className="flex shrink-0 flex-wrap gap-2">
            <ImportWizard portfolio={portfolio} onImportChange={setLastImport} />
            <Button
              onClick={() => {
                rememberOpener();
                setEditing({ open: true, activity: null });
              }}
            >
              <Plus aria-hidden="true" />
              Add activity
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {lastImport ? (
          <LastImportNotice
            key={lastImport.importId}
            portfolio={portfolio}
            lastImport={lastImport}
            onDone={() => setLastImport(null)}
          />
        ) : null}
        {/* Nothing to filter in an empty history. */}
        {activities.length > 0 || isFiltered(filter) ? (
          <ActivityFilters filter={filter} onChange={setFilter} />
        ) : null}
        {readOnly || selectedIds.length === 0 ? null : (
          <div className="flex flex-wrap items-center gap-3 rounded-md bg-muted/50 px-3 py-2" role="status">
            <span className="text-sm">
              {selectedIds.length === 1 ? '1 activity selected' : `${selectedIds.length} activities selected`}
            </span>
            <Button
              size="sm"
              variant="destructive"
              onClick={() => {
                rememberOpener();
                setToDelete(selectedIds);
              }}
            >
              <Trash2 aria-hidden="true" />
              Delete selected
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </div>
        )}
        {list.isPending ? (
          <LoadingRows />
        ) : list.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertCircle aria-hidden="true" />
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {serverMessage(list.error, 'The activities could not be loaded.')}
              <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : activities.length === 0 ? (
          <p className="rounded-md border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
            {isFiltered(settledFilter)
              ? 'No activity matches these filters.'
              : readOnly
                ? 'No trades yet.'
                : 'No activity yet. Add the buys, sales and dividends of this portfolio to see its cost basis and gains.'}
          </p>
        ) : (
          <>
            <ActivityTable
              activities={activities}
              selected={selected}
              onSelect={select}
              onEdit={(activity) => {
                rememberOpener();
                setEditing({ open: true, activity });
              }}
              onDelete={(activity) => {
                rememberOpener();
                setToDelete([activity.id]);
              }}
              readOnly={readOnly}
            />
            {list.hasNextPage ? (
              <Button
                variant="outline"
                className="self-center"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
      {readOnly ? null : (
        <>
          <ActivityFormDialog
            portfolio={portfolio}
            activity={editing.open ? editing.activity : null}
            open={editing.open}
            onOpenChange={(open) => (open ? undefined : setEditing({ open: false }))}
            onCloseAutoFocus={returnFocus}
          />
          <ConfirmDeleteDialog
            count={toDelete.length}
            open={toDelete.length > 0}
            isDeleting={deleteActivities.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setToDelete([])}
            onCloseAutoFocus={returnFocus}
          />
        </>
      )}
    </Card>
  );
}
