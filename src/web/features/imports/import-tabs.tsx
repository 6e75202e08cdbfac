import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { HoldingsEntryCard } from './holdings-entry-card';
import { RobinhoodImportCard } from './robinhood-import-card';
import { SamplePortfoliosPanel } from './sample-portfolios-panel';
import type { ImportHandler } from './types';

/** Every tab stays mounted (a connection or a sample in progress survives a tab switch); inactive ones are hidden. */
const KEEP = 'data-[state=inactive]:hidden';

export type ImportTab = 'robinhood' | 'fidelity' | 'etrade' | 'sample' | 'manual';

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
  /** 'Clear Sample': back to an empty portfolio. */
  onClearSample: () => void;
  /** The Manual tab: the portfolio editor. */
  manual: ReactNode;
}

/** The five import tabs of the analyzer (spec 000 §2): brokerages A, B, C, Sample, Manual. */
export function ImportTabs({ value, onValueChange, onImport, onClearSample, manual }: ImportTabsProps) {
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
      <TabsContent value="robinhood" forceMount className={KEEP}>
        <RobinhoodImportCard onImport={onImport} />
      </TabsContent>
      <TabsContent value="fidelity" forceMount className={KEEP}>
        <HoldingsEntryCard broker="fidelity" onImport={onImport} />
      </TabsContent>
      <TabsContent value="etrade" forceMount className={KEEP}>
        <HoldingsEntryCard broker="etrade" onImport={onImport} />
      </TabsContent>
      <TabsContent value="sample" forceMount className={KEEP}>
        <SamplePortfoliosPanel onImport={onImport} onClear={onClearSample} />
      </TabsContent>
      <TabsContent value="manual" forceMount className={KEEP}>
        {manual}
      </TabsContent>
    </Tabs>
  );
}
