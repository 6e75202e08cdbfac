import { useId, type ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { serverMessage } from '../lib/api-client';
import { Alert, AlertDescription } from './ui/alert';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card';
import { Skeleton } from './ui/skeleton';

/** A query that failed: the server's message (else '`What` could not be loaded.') and 'Try again'. */
function QueryError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle aria-hidden="true" />
      <AlertDescription className="flex flex-wrap items-center gap-3">
        {serverMessage(error, `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} could not be loaded.`)}
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** What a query shows: `loading` while it loads, the server's message and 'Try again' if it fails, else its answer. */
export function QueryBody<T>({
  query,
  what,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  /** For the message: 'the returns'. */
  what: string;
  loading: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError)
    return <QueryError error={query.error} what={what} onRetry={() => void query.refetch()} />;
  return children(query.data);
}

/**
 * A card of a portfolio's view that shows one query: a region named by its heading, skeleton rows while it loads,
 * the server's message with 'Try again' when it fails, else `children` with the answer. A portfolio without a
 * history (only its holdings' map) has nothing such a card could show but 'nothing yet': it is left out.
 */
export function QueryCard<T>({
  title,
  description,
  badge,
  query,
  what,
  isEmptyWithoutHistory,
  children,
}: {
  title: string;
  description: ReactNode;
  /** Beside the heading once loaded (a 'Simulated prices' label). */
  badge?: ReactNode;
  query: UseQueryResult<T>;
  /** For the messages: 'the dividend income'. */
  what: string;
  /** True for an answer of a portfolio without a history, with nothing in it: the card is not shown. */
  isEmptyWithoutHistory: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const headingId = useId();
  if (query.isSuccess && isEmptyWithoutHistory(query.data)) return null;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            {title}
          </h2>
          {badge}
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <QueryBody
          query={query}
          what={what}
          loading={
            <div className="flex flex-col gap-2" aria-busy="true">
              <span className="sr-only">Loading {what}…</span>
              {[0, 1].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          }
        >
          {children}
        </QueryBody>
      </CardContent>
    </Card>
  );
}

/** A figure, or '—' read out as why it is missing. */
export function Known({
  value,
  why,
  children,
}: {
  value: number | null;
  why: string;
  children: (value: number) => string;
}) {
  if (value === null) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{why}</span>
      </span>
    );
  }
  return <>{children(value)}</>;
}

/** A table that scrolls sideways on a narrow screen, reachable by keyboard, named for screen readers. */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="relative overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be keyboard-reachable (narrow screens)
      tabIndex={0}
    >
      {children}
    </div>
  );
}
