import { Archive, BellRing } from 'lucide-react';
import { Link } from 'wouter';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { SignInRequired } from '../../components/layout/sign-in-required';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session';
import { AlertBanners } from './alert-banners';
import { AlertConditionsCard } from './alert-conditions-card';
import { SnapshotCard } from './snapshot-card';

/**
 * The 'Daily Snapshots & Alerts' result tab (spec 000 §2): active alert banners, the daily snapshot and the
 * custom conditions, for any signed-in user (§6 gates neither); visitors are asked to sign in. With `client`
 * (a Professional user's client open in the analyzer) they are the client's own (decision 032).
 */
export function AlertsPanel({
  client,
}: {
  /** The open client; its name and archived state once loaded. */
  client: { id: string; name?: string; isArchived?: boolean } | null;
}) {
  const session = useSession();
  const userId = session.user?.id;
  if (session.isLoading) return <Skeleton className="h-40 w-full" />;
  if (!userId) {
    return (
      <SignInRequired
        icon={<BellRing />}
        message="Sign in to get alerts on prices and on your portfolio, and a snapshot of it after every market close."
        returnPath="/app"
      />
    );
  }
  const portfolio = { userId, clientId: client?.id ?? null };
  const clientName = client === null ? null : (client.name ?? 'this client');
  const restingNote = client?.isArchived ? (
    <Alert variant="info" data-testid="archived-client-alerts">
      <Archive aria-hidden="true" />
      <AlertDescription>
        {clientName} is archived: its alerts are not checked and no daily snapshot is taken until you
        unarchive it on the{' '}
        <Link href="/clients" className="font-medium underline underline-offset-4">
          Clients page
        </Link>
        .
      </AlertDescription>
    </Alert>
  ) : null;
  return (
    <div className="flex flex-col gap-4" data-testid="alerts-panel">
      {restingNote}
      <AlertBanners portfolio={portfolio} />
      <SnapshotCard portfolio={portfolio} clientName={clientName} />
      <AlertConditionsCard portfolio={portfolio} clientName={clientName} />
    </div>
  );
}
