import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { ApiKeyCard } from './api-key-card';
import { useApiKeys } from './get-api-keys';

/** The 'API Setup' tab for a signed-in user: one card per vendor. */
export function ApiSetupPanel() {
  const keys = useApiKeys();

  if (keys.isPending) {
    return (
      <div className="grid gap-4 lg:grid-cols-3">
        <span className="sr-only">
          <Spinner label="Loading your API keys" />
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-72 rounded-xl" />
        ))}
      </div>
    );
  }

  if (keys.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertCircle aria-hidden="true" />
        <div className="flex flex-col gap-2">
          <AlertTitle>Could not load your API keys</AlertTitle>
          <AlertDescription>{errorMessage(keys.error, 'Please try again.')}</AlertDescription>
          <Button variant="outline" size="sm" className="self-start" onClick={() => void keys.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-3xl text-sm text-muted-foreground">
        Your keys are optional. When you save one and this server uses live data, your own quotes and charts
        are fetched with it first. Keys are stored encrypted on the server; only their last four characters
        are ever shown again.
      </p>
      <div className="grid gap-4 lg:grid-cols-3">
        {keys.data.vendors.map((entry) => (
          <ApiKeyCard key={entry.vendor} entry={entry} />
        ))}
      </div>
    </div>
  );
}
