import { AlertOctagon, AlertTriangle, Info } from 'lucide-react';
import type { TriggeredAlert } from '../../../contracts/alerts';
import { Alert, AlertDescription, AlertTitle, type AlertVariant } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useAcknowledgeAlert } from './acknowledge-alert';
import { useAlerts } from './get-alerts';
import type { AlertsPortfolio } from './query-keys';

const SEVERITY: Record<
  TriggeredAlert['severity'],
  { title: string; variant: AlertVariant; icon: typeof Info }
> = {
  critical: { title: 'Critical', variant: 'destructive', icon: AlertOctagon },
  warning: { title: 'Warning', variant: 'default', icon: AlertTriangle },
  info: { title: 'Info', variant: 'info', icon: Info },
};
const ORDER: Record<TriggeredAlert['severity'], number> = { critical: 0, warning: 1, info: 2 };

/** The active (unacknowledged) alerts as banners, most severe first, each with 'Acknowledge'. */
export function AlertBanners({ portfolio }: { portfolio: AlertsPortfolio }) {
  const alerts = useAlerts(portfolio);
  const acknowledge = useAcknowledgeAlert(portfolio);

  if (alerts.isPending) return <Skeleton className="h-16 w-full" />;
  if (alerts.isError) {
    return (
      <p className="text-sm text-muted-foreground">
        {errorMessage(alerts.error, 'Your alerts are not available right now.')}
      </p>
    );
  }
  const sorted = [...alerts.data.alerts].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  if (sorted.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="no-active-alerts">
        No active alerts. Your conditions are checked every minute while the market is open (crypto around the
        clock).
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Active alerts">
      {sorted.map((alert) => {
        const { title, variant, icon: Icon } = SEVERITY[alert.severity];
        return (
          <li key={alert.id}>
            <Alert
              variant={variant}
              // On a phone the button wraps under the message, which keeps the full width.
              className={cn(
                'flex-wrap sm:flex-nowrap',
                alert.severity === 'warning' && 'border-[#f0c36d] bg-warning-soft text-warning-foreground',
              )}
            >
              <Icon aria-hidden="true" />
              <div className="flex min-w-0 flex-1 basis-[calc(100%-1.75rem)] flex-col gap-1 sm:basis-auto">
                <AlertTitle>{title}</AlertTitle>
                <AlertDescription className="break-words">{alert.message}</AlertDescription>
                <p className="text-xs">
                  {formatDateTime(alert.triggeredAt)}
                  {alert.isSimulated ? ' · simulated price' : ''}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="ml-7 shrink-0 self-start bg-background sm:ml-0"
                disabled={acknowledge.isPending}
                onClick={() => acknowledge.mutate(alert.id)}
              >
                Acknowledge
              </Button>
            </Alert>
          </li>
        );
      })}
    </ul>
  );
}
