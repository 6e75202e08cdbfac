import { AlertCircle } from 'lucide-react';
import { MARKET_DATA_VENDOR_LABELS, type MarketDataStatusResponse } from '../../../contracts/market-data';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useMarketDataStatus } from './get-market-data-status';

type VendorStatus = MarketDataStatusResponse['vendors'][number];

const VENDOR_NAMES: Record<VendorStatus['name'], string> = MARKET_DATA_VENDOR_LABELS;

function describeMode(provider: string): string {
  if (provider === 'auto') {
    return 'Automatic: real sources are tried first (keyed vendors, then Yahoo Finance and CoinGecko); simulated prices answer only when none of them does.';
  }
  if (provider === 'simulated') {
    return 'Simulated prices only: this server is set to use the built-in simulator, so every price is labelled as simulated.';
  }
  const name = VENDOR_NAMES[provider as VendorStatus['name']] ?? provider;
  return `${name} only, then simulated prices when it does not answer.`;
}

function StatusBadge({ variant, children }: { variant: BadgeVariant; children: string }) {
  return <Badge variant={variant}>{children}</Badge>;
}

const KEYLESS: ReadonlySet<VendorStatus['name']> = new Set(['yahoo', 'coingecko']);

function configuredLabel(vendor: VendorStatus): string {
  if (KEYLESS.has(vendor.name)) return vendor.configured ? 'Yes (no key needed)' : 'No';
  return vendor.configured ? 'Yes (server key)' : 'No key';
}

/** Whether the provider mode lets the server call this vendor at all. */
function isUsedInMode(vendor: VendorStatus, provider: string): boolean {
  return vendor.configured && (provider === 'auto' || provider === vendor.name);
}

function healthOf(vendor: VendorStatus, provider: string): { label: string; variant: BadgeVariant } {
  if (!vendor.configured) return { label: 'Not in use', variant: 'outline' };
  if (!isUsedInMode(vendor, provider)) return { label: 'Not used in this mode', variant: 'outline' };
  return vendor.healthy
    ? { label: 'Healthy', variant: 'success' }
    : { label: 'Failing', variant: 'destructive' };
}

/** The circuit breaker's state, in what it means for requests: sent, paused after failures, or being retried. */
function requestsOf(vendor: VendorStatus): { label: string; variant: BadgeVariant } {
  if (vendor.circuitState === 'open') return { label: 'Paused after failures', variant: 'destructive' };
  if (vendor.circuitState === 'half-open') return { label: 'Trying again', variant: 'warning' };
  return { label: 'Sent as usual', variant: 'outline' };
}

/** The 'Data Sources' tab: where prices come from, as the server reports it (GET /api/market-data/status). */
export function DataSourcesPanel() {
  const status = useMarketDataStatus();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Data sources</CardTitle>
        <CardDescription className="max-w-3xl">
          Without any keys, Foliowise gets prices from Yahoo Finance and CoinGecko, which need none. When no
          source answers, it falls back to simulated prices, which are always clearly labelled as simulated.
          The table shows this server&rsquo;s own vendor keys; keys you save under API Setup are used for your
          requests only and are not counted here.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <span className="sr-only" role="status">
              Loading data source status
            </span>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-8" />
            ))}
          </div>
        ) : status.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertCircle aria-hidden="true" />
            <div className="flex flex-col gap-2">
              <AlertTitle>Could not load the data source status</AlertTitle>
              <AlertDescription>{errorMessage(status.error, 'Please try again.')}</AlertDescription>
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                onClick={() => void status.refetch()}
              >
                Try again
              </Button>
            </div>
          </Alert>
        ) : (
          <>
            <p className="text-sm">
              <span className="font-medium">Provider mode: </span>
              <Badge variant="secondary">{status.data.provider}</Badge>{' '}
              <span className="text-muted-foreground">{describeMode(status.data.provider)}</span>
            </p>
            <div
              className="overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
              role="region"
              aria-label="Data source status table"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be keyboard-reachable (narrow screens)
              tabIndex={0}
            >
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">
                  Each market data vendor: whether this server can use it, its health, whether requests to it
                  are paused and the calls left in its current quota window
                </caption>
                <thead className="bg-muted text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Vendor
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Configured
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Health
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Requests
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Quota left
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {status.data.vendors.map((vendor) => {
                    const health = healthOf(vendor, status.data.provider);
                    const requests = requestsOf(vendor);
                    return (
                      <tr key={vendor.name} className="border-t border-border">
                        <th scope="row" className="px-3 py-2 font-medium">
                          {VENDOR_NAMES[vendor.name]}
                        </th>
                        <td className="px-3 py-2">{configuredLabel(vendor)}</td>
                        <td className="px-3 py-2">
                          <StatusBadge variant={health.variant}>{health.label}</StatusBadge>
                        </td>
                        <td className="px-3 py-2">
                          <StatusBadge variant={requests.variant}>{requests.label}</StatusBadge>
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                          {vendor.quotaLeft} of {vendor.quota} per {vendor.quotaWindow}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p className="text-xs text-muted-foreground">
              Quota counts are this server&rsquo;s own, since it last started. After three failed requests in
              a row, a timeout or a &lsquo;rate limited&rsquo; answer, Foliowise stops asking that vendor for
              a minute (&lsquo;Paused after failures&rsquo;), then tries one request (&lsquo;Trying
              again&rsquo;) and, if it answers, sends requests as usual.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
