import { useId, useMemo, type ReactNode } from 'react';
import {
  relativeScenarioRows,
  scenarioRows,
  type ScenarioRow,
  type TradeInputs,
} from '../../../domain/calculator';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatCalculatorPercent, formatCalculatorUsd, signClass } from './format';

const CELL = 'px-1 py-2 first:pl-1.5 last:pr-1.5 sm:px-3';

/** One scenario: its label (the target, or '+10% · $236.50'), net proceeds, profit and ROI. */
function ScenarioTableRow({ label, row }: { label: ReactNode; row: ScenarioRow }) {
  return (
    <tr className="border-t border-border">
      <th scope="row" className={cn(CELL, 'text-left font-medium')}>
        {label}
      </th>
      <td className={cn(CELL, 'text-right')}>{formatCalculatorUsd(row.netProceeds)}</td>
      <td className={cn(CELL, 'text-right font-medium', signClass(row.profit))}>
        {formatCalculatorUsd(row.profit)}
      </td>
      <td className={cn(CELL, 'text-right font-medium', signClass(row.roi))}>
        {formatCalculatorPercent(row.roi)}
      </td>
    </tr>
  );
}

/**
 * 'Quick Target Scenarios': the spec's preset targets, then (DESIGN.md deviation 11) targets relative to the
 * buy price, which mean something for any asset; all with the same formulas as the result cards.
 */
export function ScenariosTable({ inputs }: { inputs: TradeInputs }) {
  const headingId = useId();
  const rows = useMemo(() => scenarioRows(inputs), [inputs]);
  const relativeRows = useMemo(() => relativeScenarioRows(inputs), [inputs]);
  return (
    <Card>
      <CardHeader className="p-4 pb-3 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          Quick Target Scenarios
        </h2>
        <CardDescription>
          Your position sold at each preset target price, and at 10% to 100% above your buy price, after fees
          and tax.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-3 pt-0 sm:p-6 sm:pt-0">
        {/*
          Fits 375 px at ordinary sizes; scrolls sideways rather than squeezing very long figures. A scrollable region
          must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable), hence the tabIndex.
        */}
        <div
          role="region"
          aria-labelledby={headingId}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- keyboard access to a scrollable region
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-border"
        >
          <table
            aria-labelledby={headingId}
            className="w-full border-collapse text-xs tabular-nums sm:text-sm"
          >
            <thead className="bg-surface text-left">
              <tr>
                <th scope="col" className="px-1 py-2 first:pl-1.5 last:pr-1.5 sm:px-3 font-semibold">
                  Target Price
                </th>
                <th
                  scope="col"
                  className="px-1 py-2 first:pl-1.5 last:pr-1.5 sm:px-3 text-right font-semibold"
                >
                  Net Proceeds
                </th>
                <th
                  scope="col"
                  className="px-1 py-2 first:pl-1.5 last:pr-1.5 sm:px-3 text-right font-semibold"
                >
                  Profit/Loss
                </th>
                <th
                  scope="col"
                  className="px-1 py-2 first:pl-1.5 last:pr-1.5 sm:px-3 text-right font-semibold"
                >
                  ROI
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ScenarioTableRow
                  key={row.target}
                  label={formatCalculatorUsd(row.target, { isPrice: true })}
                  row={row}
                />
              ))}
            </tbody>
            <tbody>
              <tr className="border-t border-border bg-surface">
                <th scope="colgroup" colSpan={4} className={cn(CELL, 'text-left font-semibold')}>
                  Relative to your buy price
                </th>
              </tr>
              {relativeRows.map((row) => (
                <ScenarioTableRow
                  key={row.changePercent}
                  label={
                    <>
                      <span className="whitespace-nowrap">+{row.changePercent}% ·</span>{' '}
                      <span className="whitespace-nowrap">
                        {formatCalculatorUsd(row.target, { isPrice: true })}
                      </span>
                    </>
                  }
                  row={row}
                />
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
