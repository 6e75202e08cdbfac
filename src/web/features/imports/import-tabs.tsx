import type { ReactNode } from 'react';
import { FileUp } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { CsvImport } from './csv-import';
import { HoldingsEntryCard } from './holdings-entry-card';
import { RobinhoodImportCard } from './robinhood-import-card';
import { SamplePortfoliosPanel } from './sample-portfolios-panel';
import type { ImportHandler } from './types';

/** Every tab stays mounted (a connection or a sample in progress survives a tab switch); inactive ones are hidden. */
const KEEP = 'data-[state=inactive]:hidden';

/** 'csv' has no tab of its own: the 'Upload a CSV from any broker' button under the tabs opens it. */
export type ImportTab = 'robinhood' | 'fidelity' | 'etrade' | 'sample' | 'manual' | 'csv';

/** Full label, and the compact one shown below 768 px (spec 000 §2, §9). */
const TABS: readonly { value: ImportTab; label: string; compact: string }[] = [
  { value: 'robinhood', label: 'Robinhood', compact: 'RH' },
  { value: 'fidelity', label: 'Fidelity', compact: 'Fid' },
  { value: 'etrade', label: 'E*TRADE', compact: 'E*T' },
  { value: 'sample', label: 'Sample', compact: 'Sample' },
  { value: 'manual', label: 'Manual', compact: 'Manual' },
];

export interface ImportTabsProps {
  value: ImportTab;
  onValueChange: (tab: ImportTab) => void;
  onImport: ImportHandler;
  /** Signed in: the portfolio whose history a CSV import records, with the file's costs; null for a visitor. */
  historyPortfolio: string | null;
  /** 'Clear Sample': back to an empty portfolio. */
  onClearSample: () => void;
  /** The Manual tab: the portfolio editor. */
  manual: ReactNode;
}

/**
 * The five import tabs of the analyzer (spec 000 §2): brokerages A, B, C, Sample, Manual; and under them the
 * way to a CSV export of any broker, so it is found without opening a broker's tab.
 */
export function ImportTabs({
  value,
  onValueChange,
  onImport,
  historyPortfolio,
  onClearSample,
  manual,
}: ImportTabsProps) {
  return (
    <Tabs value={value} onValueChange={(next) => onValueChange(next as ImportTab)}>
      <TabsList aria-label="Ways to bring your portfolio" className="grid h-auto w-full grid-cols-5">
        {TABS.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="px-1 md:px-3">
            <span aria-hidden="true" className="md:hidden">
              {tab.compact}
            </span>
            <span className="max-md:sr-only">{tab.label}</span>
          </TabsTrigger>
        ))}
      </TabsList>
      <Button
        variant="outline"
        size="sm"
        className="mt-3 w-full sm:w-auto"
        aria-pressed={value === 'csv'}
        onClick={() => onValueChange('csv')}
      >
        <FileUp aria-hidden="true" />
        Upload a CSV from any broker
      </Button>
      <TabsContent value="robinhood" forceMount className={KEEP}>
        <RobinhoodImportCard onImport={onImport} />
      </TabsContent>
      <TabsContent value="fidelity" forceMount className={KEEP}>
        <HoldingsEntryCard broker="fidelity" onImport={onImport} historyPortfolio={historyPortfolio} />
      </TabsContent>
      <TabsContent value="etrade" forceMount className={KEEP}>
        <HoldingsEntryCard broker="etrade" onImport={onImport} historyPortfolio={historyPortfolio} />
      </TabsContent>
      <TabsContent value="sample" forceMount className={KEEP}>
        <SamplePortfoliosPanel onImport={onImport} onClear={onClearSample} />
      </TabsContent>
      <TabsContent value="csv" forceMount className={KEEP} aria-label="CSV import">
        <section className="flex flex-col gap-3">
          <div>
            <h3 className="text-sm font-semibold">Upload a CSV from any broker</h3>
            <p className="text-sm text-muted-foreground">
              Export your positions as CSV from Fidelity, E*TRADE, Schwab, Vanguard, Robinhood or any other
              broker, choose where it came from, and upload the file.
            </p>
          </div>
          <CsvImport defaultBroker="generic" onImport={onImport} historyPortfolio={historyPortfolio} />
        </section>
      </TabsContent>
      <TabsContent value="manual" forceMount className={KEEP}>
        {manual}
      </TabsContent>
    </Tabs>
  );
}
