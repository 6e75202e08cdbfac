import type { RealizedByYearResponse, RealizedYear } from '../../../contracts/income';
import { cn } from '../../lib/cn';
import { toneTextClass } from '../../lib/format';
import { formatSignedMoney } from './format';
import { useRealizedByYear } from './get-realized-by-year';
import { Known, QueryCard, ScrollingTable } from './query-card';

const UNKNOWN_COST = 'unknown cost';
const METHOD_WORDS = { fifo: 'first in, first out (FIFO)', average: 'average cost' } as const;

function GainCell({ value, currency }: { value: number | null; currency: string }) {
  return (
    <td className={cn('px-2 py-2 sm:px-3 text-right tabular-nums', toneTextClass(value))}>
      <Known value={value} why={UNKNOWN_COST}>
        {(gain) => formatSignedMoney(gain, currency)}
      </Known>
    </td>
  );
}

function YearRow({ year, showCurrency }: { year: RealizedYear; showCurrency: boolean }) {
  return (
    <tr className="border-t border-border">
      <th scope="row" className="px-2 py-2 sm:px-3 text-left font-medium">
        {year.year}
        {showCurrency ? <span className="ml-1 text-muted-foreground">{year.currency}</span> : null}
        <span className="block text-xs font-normal text-muted-foreground">
          {year.holdings.map((holding) => holding.symbol).join(', ')}
        </span>
      </th>
      <GainCell value={year.shortTerm} currency={year.currency} />
      <GainCell value={year.longTerm} currency={year.currency} />
      <GainCell value={year.total} currency={year.currency} />
    </tr>
  );
}

function RealizedBody({ data }: { data: RealizedByYearResponse }) {
  if (data.years.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No sales yet: each year&apos;s gains appear here once you sell.
      </p>
    );
  }
  const showCurrency = data.years.some((year) => year.currency !== 'USD');
  const hasUnknown = data.years.some((year) => year.total === null);
  return (
    <div className="flex flex-col gap-3">
      <ScrollingTable label="Short and long term gains by year">
        <table className="w-full text-xs sm:text-sm">
          <caption className="sr-only">Realized gains by year, short and long term</caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
                Year
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                Short term
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                Long term
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {data.years.map((year) => (
              <YearRow key={`${year.year}:${year.currency}`} year={year} showCurrency={showCurrency} />
            ))}
          </tbody>
        </table>
      </ScrollingTable>
      <p className="text-xs text-muted-foreground">
        Matched by {METHOD_WORDS[data.costBasisMethod]}
        {data.costBasisMethod === 'average' ? ', the shares sold dated first in, first out' : ''}. Short term:
        held one year or less; long term: more than one year.
      </p>
      {hasUnknown ? (
        <p className="text-xs text-muted-foreground">
          — Unknown cost: some shares sold came in without a price, so that gain is not known.
        </p>
      ) : null}
    </div>
  );
}

/** Realised gains by calendar year, short and long term (GET /api/holdings/realized-by-year). */
export function RealizedByYearCard({ portfolio }: { portfolio: string }) {
  const query = useRealizedByYear(portfolio);
  return (
    <QueryCard
      title="Realized gains by year"
      description="What each year's sales gained or lost, split by how long the shares were held."
      query={query}
      what="the realized gains"
      isEmptyWithoutHistory={(data) => !data.hasHistory && data.years.length === 0}
    >
      {(data) => <RealizedBody data={data} />}
    </QueryCard>
  );
}
