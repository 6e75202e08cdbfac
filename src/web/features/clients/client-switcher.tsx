import { useId } from 'react';
import { Link } from 'wouter';
import { Label } from '../../components/ui/label';
import { useClients } from './get-clients';

/**
 * The analyzer's portfolio picker for a Professional user: 'My portfolio' or one of the active clients (the
 * selected one is listed even when archived). `onChange(null)` is 'My portfolio'.
 */
export function ClientSwitcher({
  userId,
  clientId,
  onChange,
}: {
  userId: string;
  clientId: string | null;
  onChange: (clientId: string | null) => void;
}) {
  const clients = useClients(userId, true);
  const id = useId();
  const options = (clients.data?.clients ?? [])
    .filter((client) => client.archivedAt === null || client.id === clientId)
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }));
  const isUnknown =
    clientId !== null && clients.data !== undefined && !options.some((c) => c.id === clientId);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor={id}>Portfolio</Label>
        <Link href="/clients" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Manage clients
        </Link>
      </div>
      <select
        id={id}
        value={clientId ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        disabled={clients.isPending}
        className="h-10 w-full min-w-0 truncate rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <option value="">My portfolio</option>
        {options.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name}
            {client.archivedAt ? ' (archived)' : ''}
          </option>
        ))}
      </select>
      {isUnknown ? (
        <p role="alert" className="text-sm text-destructive">
          This client was not found. Choose another portfolio.
        </p>
      ) : null}
    </div>
  );
}
