import type { ReactNode } from 'react';
import {
  FORWARD_ESTIMATE_NOTE,
  type DividendIncomeResponse,
  type HoldingIncome,
  type IncomePeriod,
} from '../../../contracts/income';
import { displaySymbol } from '../../../domain/symbol-kind';
import { Known, QueryCard, ScrollingTable } from '../../components/query-card';
import { Badge } from '../../components/ui/badge';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';
import { formatPercent } from '../../lib/format';
import {
  formatDay,
  formatMoney,
  simulatedRateCurrencies,
  simulatedRatesNote,
} from '../../../contracts/performance-text';
import { useDividendIncome } from './get-dividend-income';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `2024-05` -> `May 2024`. */
const monthLabel = (period: string) => monthFormat.format(new Date(`${period}-01T00:00:00Z`));

/** A fraction as a percentage: 0.0368 -> `3.68%`. */
const formatYield = (fraction: number) => formatPercent(fraction * 100);

/** A sum in the base currency, or, without a rate to it, each currency's part (`kr30.00 + $4.60`). */
function Amount({
  amount,
  currency,
}: {
  amount: Pick<IncomePeriod, 'amount' | 'byCurrency'>;
  currency: string;
}) {
  if (amount.amount !== null) return <>{formatMoney(amount.amount, currency)}</>;
  return <>{amount.byCurrency.map((part) => formatMoney(part.amount, part.currency)).join(' + ')}</>;
}

/**
 * A holding's figure in the base currency, with its own currency's beneath when that differs; its own alone
 * without a rate.
 */
function HoldingAmount({
  row,
  figure,
  currency,
}: {
  row: HoldingIncome;
  figure: keyof HoldingIncome['inBase'];
  currency: string;
}) {
  const own = figure === 'forward12m' ? row.forward12m.amount : row[figure];
  const inBase = row.inBase[figure];
  if (inBase === null) return <>{formatMoney(own, row.currency)}</>;
  return (
    <>
      {formatMoney(inBase, currency)}
      {row.currency === currency ? null : (
        <span className="block text-xs text-muted-foreground">{formatMoney(own, row.currency)}</span>
      )}
    </>
  );
}

function Figure({ label, children, note }: { label: ReactNode; children: ReactNode; note?: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md border border-border p-3">
      <dt className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{children}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

const NO_YIELD = 'no yield: not held, or its cost or price is unknown';

function HoldingRow({ row, currency }: { row: HoldingIncome; currency: string }) {
  return (
    <tr className="border-t border-border">
      <th scope="row" className="max-w-40 px-3 py-2 text-left font-medium break-all">
        {displaySymbol(row.symbol)}
        {row.quantity === 0 ? (
          <Badge variant="outline" className="ml-2">
            Not held
          </Badge>
        ) : null}
      </th>
      <td className="px-3 py-2 text-right tabular-nums">
        <HoldingAmount row={row} figure="trailing12m" currency={currency} />
      </td>
      <td className="px-3 py-2 text-right tabular-nums">
        <HoldingAmount row={row} figure="total" currency={currency} />
      </td>
      <td className="px-3 py-2 text-right tabular-nums">
        <Known value={row.yieldOnCost} why={NO_YIELD}>
          {formatYield}
        </Known>
      </td>
      <td className="px-3 py-2 text-right tabular-nums">
        <Known value={row.yieldOnValue} why={NO_YIELD}>
          {formatYield}
        </Known>
      </td>
      <td className="px-3 py-2 text-right tabular-nums">
        <HoldingAmount row={row} figure="forward12m" currency={currency} />
      </td>
    </tr>
  );
}

function PeriodTable({
  label,
  heading,
  periods,
  currency,
  name,
}: {
  label: string;
  heading: string;
  periods: IncomePeriod[];
  currency: string;
  name: (period: string) => string;
}) {
  return (
    <ScrollingTable label={label}>
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {heading}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Dividends
            </th>
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => (
            <tr key={period.period} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {name(period.period)}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">
                <Amount amount={period} currency={currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

function IncomeBody({ data }: { data: DividendIncomeResponse }) {
  if (data.holdings.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No dividends recorded yet. Add the dividends you received to see your income and yield here.
      </p>
    );
  }
  const recentMonths = data.byMonth
    .filter((month) => month.period >= data.trailingFrom.slice(0, 7))
    .reverse();
  const years = [...data.byYear].reverse();
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Last 12 months" note={`Since ${formatDay(data.trailingFrom)}`}>
          <Amount amount={data.trailing12m} currency={data.currency} />
        </Figure>
        <Figure label="Yield on cost">
          <Known value={data.yield.onCost} why="unknown: no cost basis known">
            {formatYield}
          </Known>
        </Figure>
        <Figure label="Yield on value">
          <Known value={data.yield.onValue} why="unknown: no price today">
            {formatYield}
          </Known>
        </Figure>
        <Figure
          label={
            <>
              Next 12 months
              <Badge variant="warning">Estimate</Badge>
            </>
          }
        >
          <Amount amount={data.forward12m} currency={data.currency} />
        </Figure>
      </dl>
      <p className="text-xs text-muted-foreground">{FORWARD_ESTIMATE_NOTE}</p>
      <ScrollingTable label="Dividends by holding">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Dividends by holding, with yields and the estimate</caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Symbol
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Last 12 months
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                All time
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Yield on cost
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Yield on value
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Next 12 months (estimate)
              </th>
            </tr>
          </thead>
          <tbody>
            {data.holdings.map((row) => (
              <HoldingRow key={`${row.symbol}:${row.currency}`} row={row} currency={data.currency} />
            ))}
          </tbody>
        </table>
      </ScrollingTable>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:items-start">
        <PeriodTable
          label="Dividends by year"
          heading="Year"
          periods={years}
          currency={data.currency}
          name={(year) => year}
        />
        {recentMonths.length > 0 ? (
          <PeriodTable
            label="Dividends by month, last 12 months"
            heading="Month"
            periods={recentMonths}
            currency={data.currency}
            name={monthLabel}
          />
        ) : null}
      </div>
      <IncomeNotes data={data} />
    </div>
  );
}

function IncomeNotes({ data }: { data: DividendIncomeResponse }) {
  const notes: string[] = [];
  if (data.missingRates.length > 0) {
    notes.push(
      `Payments in ${data.missingRates.join(', ')} have no exchange rate to ${data.currency} on their day: a figure that includes them is shown in each currency.`,
    );
  }
  const simulated = simulatedRateCurrencies(data.sources.fx);
  if (simulated.length > 0) notes.push(simulatedRatesNote(simulated));
  if (data.yield.unknownCost.length > 0) {
    notes.push(
      `The yield on cost leaves out ${data.yield.unknownCost.map(displaySymbol).join(', ')}: cost unknown.`,
    );
  }
  if (data.yield.unpriced.length > 0) {
    notes.push(
      `The yield on value leaves out ${data.yield.unpriced.map(displaySymbol).join(', ')}: no price today.`,
    );
  }
  if (notes.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-xs text-muted-foreground">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

/**
 * The dividends of the history (GET /api/holdings/income) in the person's base currency, each payment at its day's
 * rate: the last 12 months, the yields on cost and on value, the next 12 months labelled an estimate, by holding,
 * year and month.
 */
export function DividendIncomeCard({ portfolio }: { portfolio: string }) {
  const query = useDividendIncome(portfolio);
  const { data } = query;
  const hasPayments = data !== undefined && data.holdings.length > 0;
  const badges = hasPayments ? (
    <>
      {data.sources.prices.includes('simulated') ? <SimulatedPricesBadge /> : null}
      {simulatedRateCurrencies(data.sources.fx).length > 0 ? <SimulatedPricesBadge of="rates" /> : null}
    </>
  ) : null;
  return (
    <QueryCard
      title="Dividend income"
      description={`The dividends recorded in this history, in ${data ? data.currency : 'your base currency'}, each at its day's exchange rate; yields at today's prices.`}
      badge={badges}
      query={query}
      what="the dividend income"
      isEmptyWithoutHistory={(answer) => !answer.hasHistory && answer.holdings.length === 0}
    >
      {(answer) => <IncomeBody data={answer} />}
    </QueryCard>
  );
}
