import { Calculator } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { CalculatorCard } from '../features/calculator/calculator-card';
import { quoteQueryOptions } from '../features/market-data/get-quote';
import { ScenariosTable } from '../features/calculator/scenarios-table';
import { useCalculatorState } from '../features/calculator/use-calculator-state';

const META = {
  title: 'Investment Profit Calculator — Foliowise',
  description:
    'Work out the profit, ROI, taxes and break-even price of a stock or crypto trade, with fees per side and flat fees counted once.',
  keywords:
    'profit calculator, ROI calculator, break-even price, trading fees, capital gains tax, stock, crypto',
};

/** /profit-calculator: open to every visitor, inputs kept in local storage. */
export default function ProfitCalculatorPage() {
  const calculator = useCalculatorState();
  return (
    <PageLayout variant="app" meta={META}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <header className="flex items-start gap-4">
          <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary sm:flex">
            <Calculator className="size-6" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Investment Profit Calculator</h1>
            <p className="max-w-2xl text-muted-foreground">
              Enter a trade to see your profit after fees and tax, your return on cost, and the price you need
              to break even.
            </p>
          </div>
        </header>
        <CalculatorCard calculator={calculator} quoteQuery={quoteQueryOptions} />
        {calculator.hasErrors ? null : <ScenariosTable inputs={calculator.inputs} />}
        <p className="text-center text-sm text-muted-foreground">Educational tool • Not financial advice</p>
      </div>
    </PageLayout>
  );
}
