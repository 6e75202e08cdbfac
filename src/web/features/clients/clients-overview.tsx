import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  Archive,
  ArchiveRestore,
  ArrowDown,
  ArrowUp,
  BarChart3,
  Check,
  Pencil,
  Plus,
  Search,
} from 'lucide-react';
import { ZClientName, type ClientSummary } from '../../../contracts/clients';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { activityPathOf, performancePathOf } from '../../lib/portfolio-views';
import { cn } from '../../lib/cn';
import { formatSignedPercent, formatSignedUsd, formatUsd, toneTextClass } from '../../lib/format';
import { useCreateClient } from './create-client';
import { useClients } from './get-clients';
import {
  CLIENT_SORT_KEYS,
  CLIENT_SORT_LABELS,
  searchAndSortClients,
  type ClientSortKey,
  type SortDirection,
} from './sort-clients';
import { useUpdateClient } from './update-client';
import { onFirstUse } from '../../lib/on-first-use';

const RISK_BADGES: Readonly<Record<'low' | 'medium' | 'high', { label: string; variant: BadgeVariant }>> = {
  low: { label: 'Low', variant: 'success' },
  medium: { label: 'Medium', variant: 'warning' },
  high: { label: 'High', variant: 'destructive' },
};

const reviewDate = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
);

function lastReviewText(iso: string | null): string {
  return iso === null ? 'Never' : reviewDate().format(new Date(iso));
}

/** Where the analyzer opens a client (decision 032: `/app?client=<id>`). */
export function analyzerPathOf(clientId: string): string {
  return `/app?client=${encodeURIComponent(clientId)}`;
}

function RiskBadge({ level }: { level: ClientSummary['riskLevel'] }) {
  if (level === null) return <span className="text-muted-foreground">—</span>;
  const { label, variant } = RISK_BADGES[level];
  return <Badge variant={variant}>{label}</Badge>;
}

function DayChange({ client }: { client: ClientSummary }) {
  if (client.dayChangePercent === null) return <span className="text-muted-foreground">—</span>;
  return (
    <span className={toneTextClass(client.dayChangePercent)}>
      {formatSignedUsd(client.dayChange)} ({formatSignedPercent(client.dayChangePercent)})
    </span>
  );
}

/**
 * A client-name field checked by the contract's rule: the input's props, its error (shown under it and named
 * by the input), and `parsed()`, the name to send or null (the error shown).
 */
function useClientNameField(initial: string) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const parsed = (): string | null => {
    const result = ZClientName.safeParse(name);
    setError(result.success ? null : (result.error.issues[0]?.message ?? 'Check the name'));
    return result.success ? result.data : null;
  };
  return {
    parsed,
    clear: () => setName(''),
    inputProps: {
      value: name,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setName(event.target.value),
      'aria-invalid': error !== null,
      'aria-describedby': error ? errorId : undefined,
    },
    errorMessage: error ? (
      <p id={errorId} role="alert" className="text-sm text-destructive">
        {error}
      </p>
    ) : null,
  };
}

function NewClientForm({ userId }: { userId: string }) {
  const create = useCreateClient(userId);
  const field = useClientNameField('');
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = field.parsed();
    if (name !== null) create.mutate({ name }, { onSuccess: field.clear });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Label htmlFor={inputId}>New client</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          {...field.inputProps}
          placeholder="Client name, e.g. The Smith Family Trust"
          className="sm:max-w-md"
        />
        <Button type="submit" disabled={create.isPending} className="shrink-0">
          <Plus aria-hidden="true" />
          {create.isPending ? 'Adding…' : 'Add client'}
        </Button>
      </div>
      {field.errorMessage}
    </form>
  );
}

function RenameForm({
  client,
  userId,
  onDone,
}: {
  client: ClientSummary;
  userId: string;
  onDone: () => void;
}) {
  const update = useUpdateClient(userId);
  const field = useClientNameField(client.name);
  const inputRef = useRef<HTMLInputElement>(null);
  // The field that replaced the name takes the focus (the one visible at this width).
  useEffect(() => inputRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = field.parsed();
    if (name !== null) update.mutate({ id: client.id, changes: { name } }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-1">
      <div className="flex min-w-0 gap-2">
        <Input
          aria-label={`New name for ${client.name}`}
          {...field.inputProps}
          ref={inputRef}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          className="h-9 min-w-0"
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {field.errorMessage}
    </form>
  );
}

function ClientActions({
  client,
  userId,
  onRename,
  className,
}: {
  client: ClientSummary;
  userId: string;
  onRename: () => void;
  className?: string;
}) {
  const update = useUpdateClient(userId);
  const isArchived = client.archivedAt !== null;
  return (
    <div className={cn('flex flex-wrap gap-1', className)}>
      <Button size="sm" variant="ghost" onClick={onRename} aria-label={`Rename ${client.name}`}>
        <Pencil aria-hidden="true" />
        Rename
      </Button>
      {isArchived ? null : (
        <Button
          size="sm"
          variant="ghost"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: client.id, changes: { reviewed: true } })}
          aria-label={`Mark reviewed: ${client.name}`}
        >
          <Check aria-hidden="true" />
          Mark reviewed
        </Button>
      )}
      <Button
        size="sm"
        variant="ghost"
        disabled={update.isPending}
        onClick={() => update.mutate({ id: client.id, changes: { archived: !isArchived } })}
        aria-label={`${isArchived ? 'Unarchive' : 'Archive'} ${client.name}`}
      >
        {isArchived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
        {isArchived ? 'Unarchive' : 'Archive'}
      </Button>
    </div>
  );
}

function ClientName({ client }: { client: ClientSummary }) {
  return (
    <div className="flex min-w-0 flex-col">
      <Link
        href={analyzerPathOf(client.id)}
        className="font-medium break-words text-primary underline-offset-4 hover:underline"
      >
        {client.name}
        <span className="sr-only"> — open in the analyzer</span>
      </Link>
      <span className="text-xs text-muted-foreground">
        {client.holdingsCount === 1 ? '1 holding' : `${client.holdingsCount} holdings`}
        {client.archivedAt ? ' · Archived' : ''}
      </span>
      <span className="flex flex-wrap gap-x-3">
        <Link
          href={activityPathOf(`client:${client.id}`)}
          className="text-xs font-medium text-primary underline-offset-4 hover:underline"
        >
          Activity<span className="sr-only"> of {client.name}</span>
        </Link>
        <Link
          href={performancePathOf(`client:${client.id}`)}
          className="text-xs font-medium text-primary underline-offset-4 hover:underline"
        >
          Performance<span className="sr-only"> of {client.name}</span>
        </Link>
      </span>
    </div>
  );
}

function SortHeader({
  sortKey,
  sort,
  onSort,
  className,
}: {
  sortKey: ClientSortKey;
  sort: { key: ClientSortKey; direction: SortDirection };
  onSort: (key: ClientSortKey) => void;
  className?: string;
}) {
  const isActive = sort.key === sortKey;
  const Icon = sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isActive ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2 font-medium', className)}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {CLIENT_SORT_LABELS[sortKey]}
        {isActive ? <Icon className="size-3.5" aria-hidden="true" /> : null}
      </button>
    </th>
  );
}

function LoadingRows() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading your clients…</span>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

/**
 * The clients overview (issue #16 item 1): every client with value, day change, risk level and last review,
 * searchable and sortable (column headers on wide screens, the sort control on any), with create, rename,
 * mark-reviewed and archive. Archived clients are hidden unless asked for. Mounted only for the Professional plan.
 */
export function ClientsOverview({ userId }: { userId: string }) {
  const clients = useClients(userId, true);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: ClientSortKey; direction: SortDirection }>({
    key: 'name',
    direction: 'asc',
  });
  const [showArchived, setShowArchived] = useState(false);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const searchId = useId();
  const sortId = useId();
  const archivedId = useId();

  const onSort = (key: ClientSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'name' ? 'asc' : 'desc' },
    );

  const all = clients.data?.clients ?? [];
  const archivedCount = all.filter((c) => c.archivedAt !== null).length;
  const shown = searchAndSortClients(showArchived ? all : all.filter((c) => c.archivedAt === null), {
    query,
    ...sort,
  });

  const nameCell = (client: ClientSummary) =>
    renamingId === client.id ? (
      <RenameForm client={client} userId={userId} onDone={() => setRenamingId(null)} />
    ) : (
      <ClientName client={client} />
    );

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg leading-tight font-semibold">Your clients</h2>
            {clients.data?.isSimulated ? <SimulatedPricesBadge /> : null}
          </div>
          <CardDescription>
            Each client keeps their own holdings. Open one in the analyzer to edit, import and analyse it.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6 p-4 pt-0 sm:p-6 sm:pt-0">
          <NewClientForm userId={userId} />

          <div className="flex flex-col gap-3 md:flex-row md:items-end">
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <Label htmlFor={searchId}>Search clients</Label>
              <div className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  id={searchId}
                  type="search"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder="Search by name"
                  className="pl-9"
                />
              </div>
            </div>
            <div className="flex items-end gap-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor={sortId}>Sort by</Label>
                <select
                  id={sortId}
                  value={sort.key}
                  onChange={(event) =>
                    setSort((current) => ({ ...current, key: event.target.value as ClientSortKey }))
                  }
                  className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {CLIENT_SORT_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {CLIENT_SORT_LABELS[key]}
                    </option>
                  ))}
                </select>
              </div>
              <Button
                variant="outline"
                onClick={() =>
                  setSort((current) => ({
                    ...current,
                    direction: current.direction === 'asc' ? 'desc' : 'asc',
                  }))
                }
              >
                {sort.direction === 'asc' ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
                {sort.direction === 'asc' ? 'Ascending' : 'Descending'}
              </Button>
            </div>
            <label htmlFor={archivedId} className="flex h-10 items-center gap-2 text-sm">
              <input
                id={archivedId}
                type="checkbox"
                checked={showArchived}
                onChange={(event) => setShowArchived(event.target.checked)}
                className="size-4 accent-primary"
              />
              Show archived ({archivedCount})
            </label>
          </div>

          {clients.isPending ? (
            <LoadingRows />
          ) : clients.error ? (
            <div role="alert" className="flex flex-col items-start gap-3 text-sm">
              <p className="text-destructive">
                {errorMessage(clients.error, 'Your clients could not be loaded.')}
              </p>
              <Button variant="outline" size="sm" onClick={() => void clients.refetch()}>
                Try again
              </Button>
            </div>
          ) : all.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
              <BarChart3 className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">No clients yet</p>
              <p className="max-w-md text-sm text-muted-foreground">
                Add your first client above, then open it in the analyzer to enter or import their holdings.
              </p>
            </div>
          ) : shown.length === 0 ? (
            <p className="text-sm text-muted-foreground" role="status">
              {query.trim() ? `No client matches “${query.trim()}”.` : 'Every client is archived.'}
            </p>
          ) : (
            <>
              <p className="sr-only" role="status">
                {shown.length === 1 ? '1 client shown' : `${shown.length} clients shown`}
              </p>
              <div className="hidden overflow-x-auto md:block">
                <table className="w-full text-sm">
                  <thead className="border-b text-left text-muted-foreground">
                    <tr>
                      <SortHeader sortKey="name" sort={sort} onSort={onSort} />
                      <SortHeader sortKey="value" sort={sort} onSort={onSort} className="text-right" />
                      <SortHeader sortKey="dayChange" sort={sort} onSort={onSort} className="text-right" />
                      <SortHeader sortKey="riskLevel" sort={sort} onSort={onSort} />
                      <SortHeader sortKey="lastReviewedAt" sort={sort} onSort={onSort} />
                      <th scope="col" className="px-3 py-2 font-medium">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((client) => (
                      <tr
                        key={client.id}
                        className={cn('border-b last:border-0', client.archivedAt && 'bg-muted/40')}
                      >
                        <td className="max-w-xs px-3 py-2 align-middle">{nameCell(client)}</td>
                        <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                          {formatUsd(client.value)}
                        </td>
                        <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                          <DayChange client={client} />
                        </td>
                        <td className="px-3 py-2">
                          <RiskBadge level={client.riskLevel} />
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">
                          {lastReviewText(client.lastReviewedAt)}
                        </td>
                        <td className="px-3 py-2">
                          <ClientActions
                            client={client}
                            userId={userId}
                            onRename={() => setRenamingId(client.id)}
                            className="flex-nowrap justify-end"
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="flex flex-col gap-3 md:hidden">
                {shown.map((client) => (
                  <li
                    key={client.id}
                    className={cn(
                      'flex flex-col gap-2 rounded-lg border p-3',
                      client.archivedAt && 'bg-muted/40',
                    )}
                  >
                    {nameCell(client)}
                    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-muted-foreground">Value</dt>
                      <dd className="text-right tabular-nums">{formatUsd(client.value)}</dd>
                      <dt className="text-muted-foreground">Day change</dt>
                      <dd className="text-right tabular-nums">
                        <DayChange client={client} />
                      </dd>
                      <dt className="text-muted-foreground">Risk level</dt>
                      <dd className="text-right">
                        <RiskBadge level={client.riskLevel} />
                      </dd>
                      <dt className="text-muted-foreground">Last review</dt>
                      <dd className="text-right">{lastReviewText(client.lastReviewedAt)}</dd>
                    </dl>
                    <ClientActions
                      client={client}
                      userId={userId}
                      onRename={() => setRenamingId(client.id)}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
