import { BellRing } from 'lucide-react';
import { SignInRequired } from '../../components/layout/sign-in-required';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session';
import { AlertBanners } from './alert-banners';
import { AlertConditionsCard } from './alert-conditions-card';
import { SnapshotCard } from './snapshot-card';

/**
 * The 'Daily Snapshots & Alerts' result tab (spec 000 §2): active alert banners, the daily snapshot and the
 * custom conditions, for any signed-in user (§6 gates neither); visitors are asked to sign in.
 */
export function AlertsPanel() {
  const session = useSession();
  if (session.isLoading) return <Skeleton className="h-40 w-full" />;
  if (!session.user) {
    return (
      <SignInRequired
        icon={<BellRing />}
        message="Sign in to get alerts on prices and on your portfolio, and a snapshot of it after every market close."
        returnPath="/app"
      />
    );
  }
  const userId = session.user.id;
  return (
    <div className="flex flex-col gap-4" data-testid="alerts-panel">
      <AlertBanners userId={userId} />
      <SnapshotCard userId={userId} />
      <AlertConditionsCard userId={userId} />
    </div>
  );
}
