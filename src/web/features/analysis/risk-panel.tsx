import { useId, type ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { Analysis } from '../../../contracts/analysis';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { formatUsd } from '../../lib/format';
import { formatFraction } from '../../lib/format';
import { assetClassLabel } from '../../../domain/analytics/format';
import { formatRatio } from './format';
import { Amount, MaskedText } from '../../components/hide-values';
import { displaySymbol } from '../../../domain/symbol-kind';

const RISK_VARIANTS: Readonly<Record<string, BadgeVariant>> = {
  low: 'success',
  medium: 'warning',
  high: 'destructive',
};

const RISK_LABELS: Readonly<Record<string, string>> = { low: 'Low', medium: 'Medium', high: 'High' };

function NotAvailable() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">not available</span>
    </>
  );
}

function Metric({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg bg-surface p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{children}</dd>
      <dd className="text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
}

function Bars({ title, buckets }: { title: string; buckets: Analysis['metrics']['exposure']['assetClass'] }) {
  const shown = buckets.filter((b) => b.weight > 0).slice(0, 6);
  if (shown.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">{title}</h4>
      <ul className="flex flex-col gap-2">
        {shown.map((bucket) => (
          <li key={bucket.name} className="flex flex-col gap-1 text-sm">
            <div className="flex justify-between gap-2">
              <span className="truncate">
                {title === 'Asset class' ? assetClassLabel(bucket.name) : bucket.name}
              </span>
              <span className="tabular-nums">{formatFraction(bucket.weight)}</span>
            </div>
            <div aria-hidden="true" className="h-1.5 w-full rounded-full bg-muted">
              <div
                className="h-full rounded-full bg-primary"
                style={{ width: `${Math.min(100, Math.max(0, bucket.weight * 100))}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Risk level (compared case-insensitively), the risk figures and exposure, all from the analytics engine. */
export function RiskPanel({ analysis }: { analysis: Analysis }) {
  const headingId = useId();
  const m = analysis.metrics;
  const level = analysis.riskLevel.toLowerCase();
  const history = m.history;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 p-4 sm:p-6">
        <h3 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <ShieldAlert className="size-5 text-primary" aria-hidden="true" />
          Risk &amp; Allocation
        </h3>
        <Badge variant={RISK_VARIANTS[level] ?? 'outline'} className="px-3 py-1 text-sm">
          Risk level: {RISK_LABELS[level] ?? analysis.riskLevel}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 p-4 pt-0 sm:p-6 sm:pt-0">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Metric label="Volatility" hint="1 year, annualised">
            {m.volatility === null ? <NotAvailable /> : formatFraction(m.volatility)}
          </Metric>
          <Metric label="Beta" hint={`to ${history.benchmarkSymbol}`}>
            {m.beta === null ? <NotAvailable /> : formatRatio(m.beta)}
          </Metric>
          <Metric label="Max drawdown" hint="largest fall from a peak">
            {m.maxDrawdown === null ? <NotAvailable /> : `-${formatFraction(m.maxDrawdown.value)}`}
          </Metric>
          <Metric label="Sharpe ratio" hint={`risk-free ${formatFraction(m.riskFreeRate)}`}>
            {m.sharpe === null ? <NotAvailable /> : formatRatio(m.sharpe)}
          </Metric>
          <Metric label="Sortino ratio" hint="downside risk only">
            {m.sortino === null ? <NotAvailable /> : formatRatio(m.sortino)}
          </Metric>
          <Metric
            label={`Value at risk (${m.valueAtRisk ? Math.round(m.valueAtRisk.confidence * 100) : 95}%)`}
            hint="1 day, historical"
          >
            {m.valueAtRisk === null ? (
              <NotAvailable />
            ) : (
              <>
                {formatFraction(m.valueAtRisk.var)}
                {m.valueAtRisk.amount === null ? null : (
                  <span className="block text-xs font-normal text-muted-foreground">
                    <Amount>{formatUsd(m.valueAtRisk.amount)}</Amount>
                  </span>
                )}
              </>
            )}
          </Metric>
          <Metric label="Effective holdings" hint="1 ÷ HHI of weights">
            {m.concentration.effectiveHoldings === null ? (
              <NotAvailable />
            ) : (
              formatRatio(m.concentration.effectiveHoldings)
            )}
          </Metric>
          <Metric
            label="Largest holding"
            hint={m.concentration.largest ? displaySymbol(m.concentration.largest.symbol) : 'by value'}
          >
            {m.concentration.largest === null ? (
              <NotAvailable />
            ) : (
              formatFraction(m.concentration.largest.weight)
            )}
          </Metric>
        </dl>

        {analysis.metrics.riskReasons.length > 0 ? (
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold">Why this risk level</h4>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {analysis.metrics.riskReasons.map((reason) => (
                <li key={reason}>
                  <MaskedText text={reason} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="grid gap-6 md:grid-cols-3">
          <Bars title="Asset class" buckets={m.exposure.assetClass} />
          <Bars title="Sector" buckets={m.exposure.sector} />
          <Bars title="Region" buckets={m.exposure.region} />
        </div>

        <p className="text-xs text-muted-foreground">
          {history.tradingDays > 0 && history.firstDate && history.lastDate
            ? `Based on ${history.tradingDays} trading days of prices from ${history.firstDate} to ${history.lastDate}, covering ${formatFraction(history.coverageWeight)} of the portfolio's value.`
            : 'Not enough price history to measure volatility, beta or drawdown.'}
          {history.withoutHistory.length > 0
            ? ` No history for ${history.withoutHistory.map(displaySymbol).join(', ')}.`
            : ''}
        </p>
      </CardContent>
    </Card>
  );
}
