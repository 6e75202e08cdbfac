import { useEffect, useId, useRef, useState, useTransition, type KeyboardEvent } from 'react';
import { isGlobalListing } from '../../../domain/listings';
import { useEntitlement } from '../../lib/entitlement';
import { ChevronDown, CircleCheck, ClipboardCopy, Plus, Sparkles, Trash2, X } from 'lucide-react';
import { EDITOR_SAMPLE_PORTFOLIO } from '../../../domain/sample-portfolios';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import {
  CRYPTO_AMOUNT_STEP,
  MIN_CRYPTO_AMOUNT,
  MIN_SHARES,
  SHARES_STEP,
  STOCK_SYMBOL_MAX_LENGTH,
  countHoldings,
  portfolioKeyOfRow,
  sanitiseQuantity,
  type EditorAction,
  type EditorRows,
  type PortfolioMap,
  type RowKind,
} from './portfolio-rows';

export interface PortfolioEditorProps {
  rows: EditorRows;
  portfolio: PortfolioMap;
  onEdit: (action: EditorAction) => void;
  onLoadSample: () => void;
  onClearAll: () => void;
  /** Symbols the last valuation found no source for: their rows are marked, and they are not counted. */
  unknownSymbols?: readonly string[];
  /** Every symbol the last valuation left out (the unknown ones and any without a price). */
  unpricedSymbols?: readonly string[];
}

function quantityText(value: number): string {
  return value === 0 ? '' : String(value);
}

/** A quantity field: keeps what is being typed, passes up only accepted numbers (spec 000 §5). */
function QuantityInput({
  value,
  onValue,
  kind,
  label,
}: {
  value: number;
  onValue: (value: number) => void;
  kind: RowKind;
  label: string;
}) {
  const [text, setText] = useState(() => quantityText(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Changed from outside (sample, import): show the new number.
    setShown(value);
    if (sanitiseQuantity(text) !== value) setText(quantityText(value));
  }
  return (
    <Input
      type="number"
      inputMode="decimal"
      min={kind === 'stock' ? MIN_SHARES : MIN_CRYPTO_AMOUNT}
      step={kind === 'stock' ? SHARES_STEP : CRYPTO_AMOUNT_STEP}
      placeholder={kind === 'stock' ? 'Shares' : 'Amount'}
      aria-label={label}
      value={text}
      className="min-w-0 tabular-nums"
      onChange={(event) => {
        const next = sanitiseQuantity(event.target.value);
        if (next === null) return;
        setText(event.target.value);
        setShown(next);
        onValue(next);
      }}
    />
  );
}

interface RowListProps {
  kind: RowKind;
  rows: { id: string; symbol: string; quantity: number }[];
  onEdit: (action: EditorAction) => void;
  unknownSymbols: readonly string[];
}

/**
 * Numbered rows of one tab. Enter in a symbol field moves on to the next row; Enter in the last row's symbol
 * field, once it has a symbol, adds a row and moves to its symbol (spec 000 §2). Tab does the same only once the
 * row has a quantity: from a symbol whose quantity is empty it goes to the quantity, so 'AAPL, Tab, 10' keeps
 * the 10 (README deviation 23).
 */
function RowList({ kind, rows, onEdit, unknownSymbols }: RowListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const focusIndex = useRef<number | null>(null);
  const noun = kind === 'stock' ? 'Stock' : 'Crypto';
  const allowsGlobal = useEntitlement('global-market-coverage');
  const needsProfessional = (symbol: string) => kind === 'stock' && !allowsGlobal && isGlobalListing(symbol);
  const isUnknown = (symbol: string) =>
    symbol.trim() !== '' && unknownSymbols.includes(portfolioKeyOfRow(kind, symbol));
  const describedBy = (row: { id: string; symbol: string }) =>
    [
      needsProfessional(row.symbol) ? `${row.id}-coverage` : null,
      isUnknown(row.symbol) ? `${row.id}-unknown` : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  useEffect(() => {
    if (focusIndex.current === null) return;
    const input = listRef.current?.querySelector<HTMLInputElement>(
      `[data-row-index="${focusIndex.current}"] input[data-field="symbol"]`,
    );
    if (input) {
      focusIndex.current = null;
      input.focus();
    }
  }, [rows]);

  const onSymbolKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    const isEnter = event.key === 'Enter';
    const isTab = event.key === 'Tab' && !event.shiftKey;
    if (!isEnter && !isTab) return;
    const row = rows[index];
    if (!row) return;
    const isLast = index === rows.length - 1;
    // Tab on any other row, or to a quantity still empty, moves on as usual (to the row's quantity).
    if (isTab && (!isLast || row.quantity === 0)) return;
    if (isLast && row.symbol.trim() === '') return;
    event.preventDefault();
    focusIndex.current = index + 1;
    if (isLast) onEdit({ type: 'addRow', kind });
    else
      listRef.current
        ?.querySelector<HTMLInputElement>(`[data-row-index="${index + 1}"] input[data-field="symbol"]`)
        ?.focus();
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        aria-hidden="true"
        className="grid grid-cols-[2rem_minmax(0,1fr)_minmax(0,1fr)_2.5rem] gap-2 px-1 text-xs font-medium text-muted-foreground"
      >
        <span>#</span>
        <span>Symbol</span>
        <span>{kind === 'stock' ? 'Shares' : 'Amount (coins)'}</span>
        <span />
      </div>
      <ol ref={listRef} className="flex flex-col gap-2" aria-label={kind === 'stock' ? 'Stocks' : 'Crypto'}>
        {rows.map((row, index) => (
          <li
            key={row.id}
            data-row-index={index}
            className="grid grid-cols-[2rem_minmax(0,1fr)_minmax(0,1fr)_2.5rem] items-center gap-2"
          >
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground"
            >
              {index + 1}
            </span>
            <Input
              data-field="symbol"
              aria-label={`${noun} ${index + 1} symbol`}
              placeholder={kind === 'stock' ? 'e.g. AAPL' : 'e.g. BTC'}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              value={row.symbol}
              maxLength={kind === 'stock' ? STOCK_SYMBOL_MAX_LENGTH : undefined}
              aria-describedby={describedBy(row)}
              aria-invalid={isUnknown(row.symbol) || undefined}
              className="min-w-0 font-medium uppercase placeholder:normal-case"
              onChange={(event) => onEdit({ type: 'setSymbol', kind, id: row.id, value: event.target.value })}
              onKeyDown={(event) => onSymbolKeyDown(event, index)}
            />
            <QuantityInput
              kind={kind}
              value={row.quantity}
              label={`${noun} ${index + 1} ${kind === 'stock' ? 'shares' : 'amount'}`}
              onValue={(value) => onEdit({ type: 'setQuantity', kind, id: row.id, value })}
            />
            {rows.length > 1 ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${noun.toLowerCase()} ${index + 1}${row.symbol ? ` (${row.symbol})` : ''}`}
                onClick={() => {
                  focusIndex.current = Math.max(0, index - 1);
                  onEdit({ type: 'removeRow', kind, id: row.id });
                }}
              >
                <X aria-hidden="true" />
              </Button>
            ) : (
              <span />
            )}
            {needsProfessional(row.symbol) ? (
              <p id={`${row.id}-coverage`} className="col-start-2 col-end-5 text-sm text-warning-foreground">
                {row.symbol} is listed outside the US: holding it needs the Professional plan.
              </p>
            ) : null}
            {isUnknown(row.symbol) ? (
              <p
                id={`${row.id}-unknown`}
                data-testid="unknown-symbol"
                className="col-start-2 col-end-5 text-sm break-words text-destructive"
              >
                We could not find {row.symbol.trim().toUpperCase()}. Check the spelling: it is left out of the
                totals and checks.
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <Button
        variant="outline"
        className="self-start"
        onClick={() => {
          focusIndex.current = rows.length;
          onEdit({ type: 'addRow', kind });
        }}
      >
        <Plus aria-hidden="true" />
        {kind === 'stock' ? 'Add Another Stock' : 'Add Another Crypto'}
      </Button>
    </div>
  );
}

/** Spec 000 §2 "Portfolio editor": stock and crypto tabs, numbered rows, sample, copy, clear. */
export function PortfolioEditor({
  rows,
  portfolio,
  onEdit,
  onLoadSample,
  onClearAll,
  unknownSymbols = [],
  unpricedSymbols = [],
}: PortfolioEditorProps) {
  const [isLoadingSample, startLoadingSample] = useTransition();
  const [showAdvanced, setShowAdvanced] = useState(false);
  const advancedId = useId();
  const counts = countHoldings(portfolio);
  const total = counts.stocks + counts.crypto;
  const isEmpty = total === 0;
  // 'Ready for analysis' counts only what the analysis will include.
  const ready = countHoldings(portfolio, unpricedSymbols);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(portfolio, null, 2));
      toast({ title: 'Copied to Clipboard', description: 'Your portfolio is on the clipboard as JSON.' });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Your browser did not allow access to the clipboard.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Type your holdings; the analysis uses every complete row.
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={isLoadingSample}
            onClick={() =>
              startLoadingSample(() => {
                onLoadSample();
                toast({
                  title: 'Sample Portfolio Loaded',
                  description: `${Object.keys(EDITOR_SAMPLE_PORTFOLIO).length} sample stocks and crypto holdings are ready to analyze.`,
                });
              })
            }
          >
            <Sparkles aria-hidden="true" />
            Load Sample
          </Button>
          <Button variant="outline" size="sm" disabled={isEmpty} onClick={() => void copy()}>
            <ClipboardCopy aria-hidden="true" />
            Copy
          </Button>
        </div>
      </div>

      <Tabs defaultValue="stocks">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="stocks">Stocks ({counts.stocks})</TabsTrigger>
          <TabsTrigger value="crypto">Crypto ({counts.crypto})</TabsTrigger>
        </TabsList>
        <TabsContent value="stocks">
          <RowList
            kind="stock"
            rows={rows.stocks.map((row) => ({ id: row.id, symbol: row.symbol, quantity: row.shares }))}
            onEdit={onEdit}
            unknownSymbols={unknownSymbols}
          />
        </TabsContent>
        <TabsContent value="crypto">
          <RowList
            kind="crypto"
            rows={rows.crypto.map((row) => ({ id: row.id, symbol: row.symbol, quantity: row.amount }))}
            onEdit={onEdit}
            unknownSymbols={unknownSymbols}
          />
        </TabsContent>
      </Tabs>

      <div role="status" aria-live="polite">
        {isEmpty ? null : (
          <div className="flex items-start gap-3 rounded-lg border border-success/30 bg-success-soft px-4 py-3 text-sm text-success">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <span className="font-semibold">Portfolio Ready</span>
              <span className="text-foreground">
                {' '}
                — {ready.stocks} {ready.stocks === 1 ? 'stock' : 'stocks'} and {ready.crypto} crypto{' '}
                {ready.crypto === 1 ? 'holding' : 'holdings'} ready for analysis.
              </span>
            </p>
          </div>
        )}
      </div>

      <div className="rounded-lg border border-border">
        <button
          type="button"
          aria-expanded={showAdvanced}
          aria-controls={advancedId}
          onClick={() => setShowAdvanced((open) => !open)}
          className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          Advanced Options
          <ChevronDown
            className={cn('size-4 transition-transform', showAdvanced && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
        <div id={advancedId} hidden={!showAdvanced} className="border-t border-border px-4 py-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">Remove every row from both tabs.</p>
            <Button variant="outline" size="sm" onClick={onClearAll}>
              <Trash2 aria-hidden="true" />
              Clear All
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
