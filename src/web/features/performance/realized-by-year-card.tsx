import type { RealizedByYearResponse, RealizedFigures, RealizedYear } from '../../../contracts/income';
import { displaySymbol } from '../../../domain/symbol-kind';
import { Known, QueryCard, ScrollingTable } from '../../components/query-card';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';
import { cn } from '../../lib/cn';
import { toneTextClass } from '../../lib/format';
import {
  formatSignedMoney,
  simulatedRateCurrencies,
  simulatedRatesNote,
} from '../../../contracts/performance-text';
import { useRealizedByYear } from './get-realized-by-year';

const UNKNOWN_COST = 'unknown cost';
const METHOD_WORDS = { fifo: 'first in, first out (FIFO)', average: 'average cost' } as const;
type Gain = keyof Pick<RealizedFigures, 'shortTerm' | 'longTerm' | 'total'>;
const cellClass = 'px-2 py-2 sm:px-3 text-right tabular-nums whitespace-nowrap';

function GainCell({ value, currency }: { value: number | null; currency: string }) {
  return (
    <td className={cn(cellClass, toneTextClass(value))}>
      <Known value={value} why={UNKNOWN_COST}>
        {(gain) => formatSignedMoney(gain, currency)}
      </Known>
    </td>
  );
}

/** A year without a base figure (a rate is missing): each currency's gain on its own line. */
function GainByCurrencyCell({ year, gain }: { year: RealizedYear; gain: Gain }) {
  return (
    <td className={cellClass}>
      {year.byCurrency.map((group) => (
        <span key={group.currency} className={cn('block', toneTextClass(group[gain]))}>
          <Known value={group[gain]} why={UNKNOWN_COST}>
            {(value) => formatSignedMoney(value, group.currency)}
          </Known>
        </span>
      ))}
    </td>
  );
}

const GAINS: readonly Gain[] = ['shortTerm', 'longTerm', 'total'];

function YearRow({ year, currency }: { year: RealizedYear; currency: string }) {
  const { inBase } = year;
  return (
    <tr className="border-t border-border">
      <th scope="row" className="px-2 py-2 sm:px-3 text-left font-medium">
        {year.year}
        <span className="block text-xs font-normal text-muted-foreground">
          {year.holdings.map((holding) => displaySymbol(holding.symbol)).join(', ')}
        </span>
      </th>
      {GAINS.map((gain) =>
        inBase ? (
          <GainCell key={gain} value={inBase[gain]} currency={currency} />
        ) : (
          <GainByCurrencyCell key={gain} year={year} gain={gain} />
        ),
      )}
    </tr>
  );
}

function RealizedNotes({ data }: { data: RealizedByYearResponse }) {
  const figures = data.years.flatMap((year) => [...(year.inBase ? [year.inBase] : []), ...year.byCurrency]);
  const inOtherCurrencies = data.years.some((year) =>
    year.holdings.some((holding) => holding.currency !== data.currency),
  );
  const simulated = simulatedRateCurrencies(data.sources.fx);
  const notes = [
    `Matched by ${METHOD_WORDS[data.costBasisMethod]}${data.costBasisMethod === 'average' ? ', the shares sold dated first in, first out' : ''}. Short term: held one year or less; long term: more than one year.`,
    ...(inOtherCurrencies
      ? [
          `In ${data.currency}: each purchase at its day's exchange rate and each sale at its own, so a gain includes what the currency did while the shares were held.`,
        ]
      : []),
    ...(data.missingRates.length > 0
      ? [
          `Sales in ${data.missingRates.join(', ')} have no exchange rate to ${data.currency} on a trade's day: their years are shown in each currency.`,
        ]
      : []),
    ...(simulated.length > 0 ? [simulatedRatesNote(simulated)] : []),
    ...(figures.some((figure) => figure.total === null)
      ? ['— Unknown cost: some shares sold came in without a price, so that gain is not known.']
      : []),
  ];
  return (
    <ul className="flex flex-col gap-1 text-xs text-muted-foreground">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
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
  return (
    <div className="flex flex-col gap-3">
      <ScrollingTable label="Short and long term gains by year">
        <table className="w-full text-xs sm:text-sm">
          <caption className="sr-only">
            Realized gains by year, short and long term, in {data.currency}
          </caption>
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
              <YearRow key={year.year} year={year} currency={data.currency} />
            ))}
          </tbody>
        </table>
      </ScrollingTable>
      <RealizedNotes data={data} />
    </div>
  );
}

/**
 * Realised gains by calendar year, short and long term (GET /api/holdings/realized-by-year), in the person's base
 * currency: each purchase at its day's exchange rate, each sale at its own.
 */
export function RealizedByYearCard({ portfolio }: { portfolio: string }) {
  const query = useRealizedByYear(portfolio);
  const { data } = query;
  const hasSimulatedRates =
    data !== undefined && data.years.length > 0 && simulatedRateCurrencies(data.sources.fx).length > 0;
  return (
    <QueryCard
      title="Realized gains by year"
      description={`What each year's sales gained or lost in ${data ? data.currency : 'your base currency'}, split by how long the shares were held.`}
      badge={hasSimulatedRates ? <SimulatedPricesBadge of="rates" /> : null}
      query={query}
      what="the realized gains"
      isEmptyWithoutHistory={(answer) => !answer.hasHistory && answer.years.length === 0}
    >
      {(answer) => <RealizedBody data={answer} />}
    </QueryCard>
  );
}
