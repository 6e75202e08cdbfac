import { useRef, useState, type FormEvent } from 'react';
import { Plus, Upload, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Tooltip } from '../../components/ui/tooltip';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import {
  BROKER_IMPORT_MESSAGES,
  HOLDINGS_IMPORT_LIMITS,
  HOLDING_TYPES,
  type HoldingType,
  type HoldingsBroker,
  type HoldingsImportRequest,
} from '../../../contracts/brokers';
import { HOLDINGS_BROKERS, HOLDING_TYPE_LABELS, type QuickAddItem } from './brokers';
import { CsvImport } from './csv-import';
import { useHoldingsImport } from './import-api';
import type { ImportHandler } from './types';

interface HoldingEntry {
  id: string;
  symbol: string;
  /** Numeric string as typed (spec 000 §3). */
  shares: string;
  type: HoldingType;
}

let entryCounter = 0;
function newEntry(symbol = '', type: HoldingType = 'stock'): HoldingEntry {
  entryCounter += 1;
  return { id: `holding-${entryCounter}`, symbol, shares: '', type };
}

/** Rows with a non-blank symbol and numeric shares, as the import sends them (spec 000 §5). */
export function validHoldings(entries: readonly HoldingEntry[]): HoldingsImportRequest['holdings'] {
  const valid: HoldingsImportRequest['holdings'] = [];
  for (const entry of entries) {
    const symbol = entry.symbol.trim().toUpperCase();
    const text = entry.shares.trim();
    const shares = Number(text);
    if (symbol === '' || text === '' || !Number.isFinite(shares)) continue;
    valid.push({ symbol, shares, type: entry.type });
  }
  return valid;
}

/**
 * Brokerage B (Fidelity) and C (E*TRADE): holdings typed by hand with quick-add funds or ETFs, imported
 * through the broker's endpoint; or the broker's positions CSV export.
 */
export function HoldingsEntryCard({
  broker,
  onImport,
  historyPortfolio,
}: {
  broker: HoldingsBroker;
  onImport: ImportHandler;
  /** Signed in: the portfolio whose history a CSV import records (CsvImport). */
  historyPortfolio: string | null;
}) {
  const info = HOLDINGS_BROKERS[broker];
  const [entries, setEntries] = useState<HoldingEntry[]>(() => [newEntry()]);
  const listRef = useRef<HTMLOListElement>(null);
  const holdingsImport = useHoldingsImport(broker);
  const [imported, setImported] = useState<string | null>(null);

  const update = (id: string, patch: Partial<HoldingEntry>) =>
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));

  const quickAdd = (item: QuickAddItem) => {
    const blank = entries.find((entry) => entry.symbol.trim() === '');
    const target = blank ?? newEntry();
    setEntries((current) =>
      blank
        ? current.map((entry) =>
            entry.id === blank.id ? { ...entry, symbol: item.symbol, type: item.type } : entry,
          )
        : [...current, { ...target, symbol: item.symbol, type: item.type }],
    );
    toast({
      title: info.quickAddToast,
      description: `${item.symbol} added. Enter how many shares you hold.`,
    });
    window.setTimeout(() => {
      listRef.current
        ?.querySelector<HTMLInputElement>(`[data-entry="${target.id}"] input[data-field="shares"]`)
        ?.focus();
    }, 0);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const holdings = validHoldings(entries);
    setImported(null);
    if (holdings.length === 0) {
      toast({
        title: 'No Valid Holdings',
        description: BROKER_IMPORT_MESSAGES.noValidHoldings,
        variant: 'destructive',
      });
      return;
    }
    holdingsImport.mutate(holdings, {
      onSuccess: (body) => {
        const { portfolio } = body;
        if (!body.success) {
          toast({
            title: 'Import Failed',
            description: body.error ?? info.failureMessage,
            variant: 'destructive',
          });
          return;
        }
        const count = Object.keys(portfolio).length;
        // The page's own toast ('Portfolio Updated', with Undo) follows every import; the broker's wording
        // stays here, beside the form.
        setImported(
          broker === 'etrade'
            ? `E*TRADE Portfolio Imported! Successfully imported ${count} holdings from your E*TRADE account`
            : (body.message ?? `Imported ${count} holdings from Fidelity.`),
        );
        onImport(portfolio, 'brokerage');
      },
      onError: (error) =>
        toast({
          title: 'Import Failed',
          description: serverMessage(error, info.failureMessage),
          variant: 'destructive',
        }),
    });
  };

  const columns = info.hasTypeSelector
    ? 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_2.5rem]'
    : 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.5rem]';

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{info.quickAddTitle}</h3>
          <ul className="flex flex-wrap gap-2">
            {info.quickAdd.slice(0, info.quickAddShown).map((item) => (
              <li key={item.symbol}>
                <Tooltip content={item.name}>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Add ${item.symbol} (${item.name})`}
                    onClick={() => quickAdd(item)}
                  >
                    <Plus aria-hidden="true" />
                    {item.symbol}
                  </Button>
                </Tooltip>
              </li>
            ))}
          </ul>
        </div>

        <div className="flex flex-col gap-2">
          <div
            aria-hidden="true"
            className={`grid ${columns} gap-2 text-xs font-medium text-muted-foreground`}
          >
            <span>Symbol</span>
            <span>Shares</span>
            {info.hasTypeSelector ? <span>Type</span> : null}
            <span />
          </div>
          <ol ref={listRef} className="flex flex-col gap-2" aria-label={`${info.name} holdings`}>
            {entries.map((entry, index) => (
              <li key={entry.id} data-entry={entry.id} className={`grid ${columns} items-center gap-2`}>
                <Input
                  aria-label={`${info.name} holding ${index + 1} symbol`}
                  placeholder="Symbol"
                  autoComplete="off"
                  spellCheck={false}
                  value={entry.symbol}
                  className="min-w-0 uppercase placeholder:normal-case"
                  onChange={(event) => update(entry.id, { symbol: event.target.value.toUpperCase() })}
                />
                <Input
                  data-field="shares"
                  aria-label={`${info.name} holding ${index + 1} shares`}
                  placeholder="Shares"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={HOLDINGS_IMPORT_LIMITS.sharesStep}
                  value={entry.shares}
                  className="min-w-0 tabular-nums"
                  onChange={(event) => update(entry.id, { shares: event.target.value })}
                />
                {info.hasTypeSelector ? (
                  <Select
                    value={entry.type}
                    onValueChange={(value) => update(entry.id, { type: value as HoldingType })}
                  >
                    <SelectTrigger aria-label={`${info.name} holding ${index + 1} type`} className="min-w-0">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {HOLDING_TYPES.map((type) => (
                        <SelectItem key={type} value={type}>
                          {HOLDING_TYPE_LABELS[type]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : null}
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={entries.length <= 1}
                  aria-label={`Remove ${info.name} holding ${index + 1}`}
                  onClick={() => setEntries((current) => current.filter((e) => e.id !== entry.id))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
        </div>

        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setEntries((current) => [...current, newEntry()])}>
            <Plus aria-hidden="true" />
            Add Holding
          </Button>
          <Button type="submit" disabled={holdingsImport.isPending}>
            {holdingsImport.isPending ? (
              <Spinner className="size-4 text-current" />
            ) : (
              <Upload aria-hidden="true" />
            )}
            {holdingsImport.isPending ? 'Importing...' : `Import ${info.name} Portfolio`}
          </Button>
        </div>
        <p role="status" className="text-sm font-medium text-success empty:hidden">
          {imported}
        </p>
      </form>

      <section
        aria-label={`${info.name} CSV export`}
        className="flex flex-col gap-3 border-t border-border pt-5"
      >
        <div>
          <h3 className="text-sm font-semibold">Or upload your {info.name} positions export</h3>
          <p className="text-sm text-muted-foreground">
            Download your positions as CSV from {info.name} (or another broker) and upload the file here.
          </p>
        </div>
        <CsvImport defaultBroker={broker} onImport={onImport} historyPortfolio={historyPortfolio} />
      </section>
    </div>
  );
}
