import { useId } from 'react';
import { AlertCircle } from 'lucide-react';
import type { Holding, HoldingsResponse } from '../../../contracts/activities';
import { COST_BASIS_METHODS, type CostBasisMethod } from '../../../domain/activities/ledger';
import { displaySymbol } from '../../../domain/symbol-kind';
import { Known } from '../../components/query-card';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { serverMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatSignedPercent, toneTextClass } from '../../lib/format';
import { formatMoney, formatPrice, formatQuantity, formatSignedMoney } from './format';
import { useHoldings, useSetCostBasisMethod } from './get-holdings';

const METHOD_LABELS: Record<CostBasisMethod, string> = { fifo: 'FIFO', average: 'Average cost' };

/** What '—' means in each column where it stands for an unknown. */
const UNKNOWN_COST = 'unknown cost';
const NO_PRICE = 'no price today';

function GainCell({ holding }: { holding: Holding }) {
  const why =
    holding.quantity === 0 ? 'position closed' : holding.costBasis === null ? UNKNOWN_COST : NO_PRICE;
  return (
    <>
      <td className={cn('px-3 py-2 text-right tabular-nums', toneTextClass(holding.unrealizedGain))}>
        <Known value={holding.unrealizedGain} why={why}>
          {(gain) => formatSignedMoney(gain, holding.currency)}
        </Known>
      </td>
      <td className={cn('px-3 py-2 text-right tabular-nums', toneTextClass(holding.unrealizedGainPercent))}>
        <Known value={holding.unrealizedGainPercent} why={why}>
          {(percent) => formatSignedPercent(percent)}
        </Known>
      </td>
    </>
  );
}

function MethodSwitch({ portfolio, method }: { portfolio: string; method: CostBasisMethod }) {
  const setMethod = useSetCostBasisMethod(portfolio);
  const labelId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="text-sm font-medium">
        Cost basis method
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        className="inline-flex rounded-md border border-input p-0.5"
      >
        {COST_BASIS_METHODS.map((value) => (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={value === method ? 'default' : 'ghost'}
            aria-pressed={value === method}
            disabled={setMethod.isPending}
            onClick={() => (value === method ? undefined : setMethod.mutate(value))}
          >
            {METHOD_LABELS[value]}
          </Button>
        ))}
      </div>
    </div>
  );
}

function HoldingsBody({
  portfolio,
  data,
  readOnly,
}: {
  portfolio: string;
  data: HoldingsResponse;
  readOnly: boolean;
}) {
  const { holdings } = data;
  const hasUnknownCost = holdings.some((h) => h.costBasis === null || h.realizedGain.thisYear === null);
  const hasNoPrice = holdings.some((h) => h.costBasis !== null && h.price === null && h.quantity > 0);
  return (
    <div className="flex flex-col gap-4">
      {readOnly || holdings.length === 0 ? null : (
        <MethodSwitch portfolio={portfolio} method={data.costBasisMethod} />
      )}
      {!data.hasHistory && holdings.length > 0 ? (
        <Alert variant="info">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>
            This portfolio has no history yet: its holdings are opening positions of unknown cost. Add the
            buys that made them to see their cost and gains.
          </AlertDescription>
        </Alert>
      ) : null}
      {holdings.length === 0 ? (
        <p className="text-sm text-muted-foreground">No holdings yet. Add a buy to see it here.</p>
      ) : (
        <div
          className="relative overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
          role="region"
          aria-label="Cost basis and gains by holding"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be keyboard-reachable (narrow screens)
          tabIndex={0}
        >
          <table className="w-full min-w-[44rem] text-sm">
            <caption className="sr-only">Holdings, with cost basis and gains</caption>
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Symbol
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Quantity
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Cost basis
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Average cost
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Unrealized gain
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Unrealized gain %
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Realized gain this year
                </th>
              </tr>
            </thead>
            <tbody>
              {holdings.map((holding) => (
                <tr key={`${holding.symbol}:${holding.currency}`} className="border-t border-border">
                  <th scope="row" className="max-w-48 px-3 py-2 text-left font-medium break-all">
                    {displaySymbol(holding.symbol)}
                    {holding.quantity === 0 ? (
                      <Badge variant="outline" className="ml-2">
                        Closed
                      </Badge>
                    ) : null}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatQuantity(holding.quantity)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    <Known value={holding.costBasis} why={UNKNOWN_COST}>
                      {(cost) => formatMoney(cost, holding.currency)}
                    </Known>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    <Known value={holding.averageCost} why={UNKNOWN_COST}>
                      {(cost) => formatPrice(cost, holding.currency)}
                    </Known>
                  </td>
                  <GainCell holding={holding} />
                  <td
                    className={cn(
                      'px-3 py-2 text-right tabular-nums',
                      toneTextClass(holding.realizedGain.thisYear),
                    )}
                  >
                    <Known value={holding.realizedGain.thisYear} why={UNKNOWN_COST}>
                      {(gain) => formatSignedMoney(gain, holding.currency)}
                    </Known>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasUnknownCost ? (
        <p className="text-xs text-muted-foreground">
          — Unknown cost: some shares came in without a price (an opening position or a transfer in), so their
          cost and the gains that depend on it are not known. Foliowise shows no figure rather than a wrong
          one; edit the transfer to give its cost, or record the buys instead.
        </p>
      ) : null}
      {hasNoPrice ? (
        <p className="text-xs text-muted-foreground">
          — No price today: no price source answered for that symbol, so its unrealized gain is not shown.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The holdings the history adds up to (GET /api/holdings): quantity, cost basis and average cost by the
 * portfolio's method (FIFO or average, switched here), the unrealized gain at today's price and the realized
 * gain of this year's sales. An unknown cost is '—' with the reason, never 0.
 */
export function HoldingsCard({ portfolio, readOnly }: { portfolio: string; readOnly: boolean }) {
  const holdings = useHoldings(portfolio);
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          Holdings
        </h2>
        <CardDescription>What the history below adds up to, valued at today&apos;s prices.</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {holdings.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <span className="sr-only">Loading the holdings…</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : holdings.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertCircle aria-hidden="true" />
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {serverMessage(holdings.error, 'The holdings could not be loaded.')}
              <Button size="sm" variant="outline" onClick={() => void holdings.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <HoldingsBody portfolio={portfolio} data={holdings.data} readOnly={readOnly} />
        )}
      </CardContent>
    </Card>
  );
}
