import { useId, useState, type ReactNode } from 'react';
import type { ImportPreview, ImportRow } from '../../../contracts/activity-imports';
import { Button } from '../../components/ui/button';
import { ActivityColumnCells, ActivityColumnHeads, CELL, HEAD } from './activity-columns';
import { onFirstUse } from '../../lib/on-first-use';

/** Rows in the page at once: a file may hold 100,000, and a table that long would stall the browser. */
const PAGE_SIZE = 50;

const count = onFirstUse(() => new Intl.NumberFormat('en-US'));

/** A table of `items` shown a page at a time, with its count and Previous/Next when there is more than a page. */
function PagedTable<T>({
  caption,
  items,
  head,
  row,
}: {
  caption: string;
  items: readonly T[];
  head: ReactNode;
  row: (item: T, index: number) => ReactNode;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const first = page * PAGE_SIZE;
  const shown = items.slice(first, first + PAGE_SIZE);
  const rangeId = useId();
  return (
    <div className="flex flex-col gap-2">
      <div
        role="region"
        aria-label={caption}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard scrolls a table wider than a phone
        tabIndex={0}
        className="overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table className="w-full text-sm" aria-describedby={pages > 1 ? rangeId : undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">{head}</thead>
          <tbody>{shown.map((item, i) => row(item, first + i))}</tbody>
        </table>
      </div>
      {pages > 1 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span id={rangeId} aria-live="polite">
            Rows {count().format(first + 1)}–{count().format(first + shown.length)} of{' '}
            {count().format(items.length)}
          </span>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={page >= pages - 1}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Rows as they will be saved, in the history's columns; the line of the file each came from first. */
function RowsTable({ caption, rows }: { caption: string; rows: readonly ImportRow[] }) {
  return (
    <PagedTable
      caption={caption}
      items={rows}
      head={
        <tr>
          <th scope="col" className={HEAD}>
            Line
          </th>
          <ActivityColumnHeads />
        </tr>
      }
      row={(row, i) => (
        <tr key={i} className="border-t border-border">
          <td className={`${CELL} tabular-nums text-muted-foreground`}>{row.line}</td>
          <ActivityColumnCells activity={row} />
        </tr>
      )}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h4 id={id} className="text-sm font-semibold">
        {title}
      </h4>
      {children}
    </section>
  );
}

const plural = (n: number, one: string, many: string) => `${count().format(n)} ${n === 1 ? one : many}`;

/** What a preview will save, what it cannot use (line and reason), and what is already saved. */
export function ImportPreviewTables({ preview }: { preview: ImportPreview }) {
  const { rows, errors, duplicates } = preview;
  return (
    <div className="flex flex-col gap-5">
      <Section title={`${plural(rows.length, 'activity', 'activities')} to import`}>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No new activity in this file.</p>
        ) : (
          <RowsTable caption="The activities as they will be saved" rows={rows} />
        )}
      </Section>
      {errors.length > 0 ? (
        <Section title={`${plural(errors.length, 'line', 'lines')} not used`}>
          <PagedTable
            caption="The lines not used, with the reason"
            items={errors}
            head={
              <tr>
                <th scope="col" className={HEAD}>
                  Line
                </th>
                <th scope="col" className={HEAD}>
                  Reason
                </th>
              </tr>
            }
            row={(issue, i) => (
              <tr key={i} className="border-t border-border">
                <td className={`${CELL} tabular-nums`}>{issue.line}</td>
                <td className={`${CELL} break-words`}>{issue.message}</td>
              </tr>
            )}
          />
        </Section>
      ) : null}
      {duplicates.length > 0 ? (
        <Section title={`${plural(duplicates.length, 'duplicate', 'duplicates')} skipped (already saved)`}>
          <RowsTable
            caption="The rows already saved in this portfolio, which will not be saved again"
            rows={duplicates}
          />
        </Section>
      ) : null}
    </div>
  );
}
