import { useId } from 'react';
import { CircleCheck, CircleX, HeartPulse, TriangleAlert } from 'lucide-react';
import type { HealthCheck } from '../../../contracts/analysis';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { MaskedText } from '../../components/hide-values';

const BADGE_VARIANTS: Readonly<Record<HealthCheck['badge'], BadgeVariant>> = {
  green: 'success',
  yellow: 'warning',
  red: 'destructive',
};

const RATING_VARIANTS: Readonly<Record<HealthCheck['diversificationRating'], BadgeVariant>> = {
  Good: 'success',
  Fair: 'warning',
  'Needs Work': 'destructive',
};

/**
 * Portfolio Health Check (spec 000 §9): four checks, a score badge (green at 75 % or more, yellow at 50 % or
 * more, red below) and the warning when individual stocks exceed 70 % of holdings. The figures come from the
 * valuation (src/domain/analytics/health-check.ts on the server), so the card shows as soon as a portfolio is valued.
 */
export function HealthCheckCard({ healthCheck }: { healthCheck: HealthCheck }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
            <HeartPulse className="size-5 text-primary" aria-hidden="true" />
            Portfolio Health Check
          </h2>
          <CardDescription>
            Diversification:{' '}
            <Badge variant={RATING_VARIANTS[healthCheck.diversificationRating]}>
              {healthCheck.diversificationRating}
            </Badge>
          </CardDescription>
        </div>
        <Badge
          variant={BADGE_VARIANTS[healthCheck.badge]}
          className="px-3 py-1 text-sm"
          data-badge={healthCheck.badge}
        >
          {healthCheck.passed}/{healthCheck.total} checks passed · {Math.round(healthCheck.scorePercent)}%
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <ul className="grid gap-3 sm:grid-cols-2">
          {healthCheck.checks.map((check) => (
            <li key={check.id} className="flex items-start gap-3 rounded-lg border border-border p-3">
              {check.passed ? (
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <CircleX className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <p className="font-medium">
                  {check.label}
                  <span className="sr-only">{check.passed ? ': passed' : ': not passed'}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  <MaskedText text={check.detail} />
                </p>
              </div>
            </li>
          ))}
        </ul>
        {healthCheck.warnings.map((warning) => (
          <p
            key={warning}
            className="flex items-start gap-2 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-foreground"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <MaskedText text={warning} />
          </p>
        ))}
      </CardContent>
    </Card>
  );
}
