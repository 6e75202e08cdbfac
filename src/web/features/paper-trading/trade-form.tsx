import { useId, type ChangeEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRightLeft } from 'lucide-react';
import { ZPaperTradeRequest, type PaperPortfolio } from '../../../contracts/paper-trading';
import { otherKindKey, symbolKeyOf, symbolNotFoundMessage } from '../../../domain/symbol-kind';
import { SymbolKindField } from '../../components/symbol-kind-field';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { FieldError } from '../../components/ui/field-error';
import { LiveQuote } from './live-quote';
import { newIdempotencyKey, usePlaceTrade, type PlaceTradeVariables } from './place-trade';
import { PortfolioInfoCard } from './portfolio-info-card';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { errorCode } from '../../lib/api-client';
import type { QuoteQuery } from '../../lib/quote';

/**
 * The contract's own rules and messages (spec 001 §5) for the fields a person fills in: the ticker as typed
 * (ZTickerSymbol), and stock or crypto asked as the alert form asks it.
 */
const ZTradeForm = ZPaperTradeRequest.pick({ symbol: true, kind: true, side: true, quantity: true });

type TradeFormValues = PlaceTradeVariables['order'];
type TradeFormInput = z.input<typeof ZTradeForm>;

const DEFAULT_VALUES: TradeFormValues = { symbol: '', kind: 'stock', side: 'buy', quantity: 1 };
const QUOTE_DEBOUNCE_MS = 400;
const QUOTABLE = /^[A-Z0-9.\-^=:/]{1,10}$/;

/** Quantity is read as an integer; empty (or not a number) becomes 0 (spec 001 §5). */
function readQuantity(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value !== 'string') return 0;
  const parsed = Number.parseInt(value, 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** Upper-cases the symbol as it is typed, keeping the caret where it was. */
function upperCaseInPlace(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

function NoPortfolioSelected() {
  return (
    <Card>
      <CardContent className="px-4 py-10 text-center sm:px-6">
        <p className="text-muted-foreground">
          Please select a portfolio from the Dashboard tab before trading.
        </p>
      </CardContent>
    </Card>
  );
}

/** Spec 001 "Trade": symbol, order type and quantity, a live quote, and the Portfolio Info card. */
export function TradePanel({
  userId,
  portfolio,
  quoteQuery,
}: {
  userId: string;
  portfolio: PaperPortfolio | undefined;
  /** Market data's quote query, passed in by the page. */
  quoteQuery: QuoteQuery;
}) {
  if (!portfolio) return <NoPortfolioSelected />;
  return (
    <div className="grid gap-4 sm:gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <h2 className="sr-only">Trade</h2>
      <TradeForm userId={userId} portfolio={portfolio} quoteQuery={quoteQuery} />
      <div className="flex flex-col gap-4">
        <PortfolioInfoCard portfolio={portfolio} />
      </div>
    </div>
  );
}

function TradeForm({
  userId,
  portfolio,
  quoteQuery,
}: {
  userId: string;
  portfolio: PaperPortfolio;
  quoteQuery: QuoteQuery;
}) {
  const id = useId();
  const headingId = `${id}-heading`;
  const placeTrade = usePlaceTrade(userId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TradeFormInput, unknown, TradeFormValues>({
    resolver: zodResolver(ZTradeForm),
    defaultValues: DEFAULT_VALUES,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const typedSymbol = useWatch({ control, name: 'symbol' });
  const kind = useWatch({ control, name: 'kind' }) ?? 'stock';
  const typedQuantity = useWatch({ control, name: 'quantity' });
  const typedKey = QUOTABLE.test(typedSymbol.trim()) ? symbolKeyOf(kind, typedSymbol) : '';
  // The key ('CRYPTO:BTC' for the coin BTC) is what is quoted and traded; the ticker typed is what is checked.
  const quoteSymbol = useDebouncedValue(typedKey, QUOTE_DEBOUNCE_MS);
  // The live quote shows it; a symbol nobody can price is explained before the order is sent.
  const quote = useQuery(quoteQuery(quoteSymbol));
  const unknownSymbol =
    quoteSymbol !== '' && quoteSymbol === typedKey && errorCode(quote.error) === 'NOT_FOUND'
      ? quoteSymbol
      : null;
  // Asked only for a symbol not found: is it the other kind ('BTC' typed as a stock is a coin)?
  const otherKind = useQuery(quoteQuery(unknownSymbol === null ? '' : otherKindKey(unknownSymbol)));
  const unknownSymbolMessage =
    unknownSymbol === null || otherKind.isPending
      ? null
      : symbolNotFoundMessage(unknownSymbol, otherKind.isSuccess);
  const unknownSymbolId = `${id}-unknown-symbol`;

  const onSubmit = handleSubmit((values) => {
    placeTrade.mutate(
      {
        portfolioId: portfolio.id,
        order: { ...values, symbol: values.symbol.toUpperCase() },
        idempotencyKey: newIdempotencyKey(),
      },
      // The toasts come from the mutation itself, so they show even if this tab is left while pending. The
      // market chosen stays: a person trading coins trades the next one as a coin too.
      { onSuccess: () => reset({ ...DEFAULT_VALUES, kind: values.kind }) },
    );
  });

  const symbolField = register('symbol');
  const describedBy = (field: keyof TradeFormValues) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h3 id={headingId} className="text-lg leading-tight font-semibold">
          Place a Trade
        </h3>
        <CardDescription>Orders fill at once at the current quote, with virtual money.</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Controller
                control={control}
                name="kind"
                render={({ field }) => (
                  <SymbolKindField
                    name={`${id}-kind`}
                    value={field.value ?? 'stock'}
                    onChange={field.onChange}
                  />
                )}
              />
            </div>
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor={`${id}-symbol`}>{kind === 'crypto' ? 'Crypto Symbol' : 'Stock Symbol'}</Label>
              <Input
                id={`${id}-symbol`}
                placeholder={kind === 'crypto' ? 'e.g. BTC' : 'e.g. AAPL'}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                aria-invalid={errors.symbol ? true : undefined}
                aria-describedby={describedBy('symbol')}
                {...symbolField}
                onChange={(event) => {
                  upperCaseInPlace(event);
                  return symbolField.onChange(event);
                }}
              />
              <FieldError id={`${id}-symbol-error`} message={errors.symbol?.message} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-side`}>Order Type</Label>
              <Controller
                control={control}
                name="side"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger
                      id={`${id}-side`}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      aria-invalid={errors.side ? true : undefined}
                      aria-describedby={describedBy('side')}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="buy">Buy</SelectItem>
                      <SelectItem value="sell">Sell</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
              <FieldError id={`${id}-side-error`} message={errors.side?.message} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-quantity`}>Quantity</Label>
              <Input
                id={`${id}-quantity`}
                type="number"
                inputMode="numeric"
                min={1}
                max={10000}
                step={1}
                aria-invalid={errors.quantity ? true : undefined}
                aria-describedby={describedBy('quantity')}
                {...register('quantity', { setValueAs: readQuantity })}
              />
              <FieldError id={`${id}-quantity-error`} message={errors.quantity?.message} />
            </div>
          </div>
          <div
            className="rounded-lg border border-border bg-surface p-3 sm:p-4"
            role="region"
            aria-label="Live quote"
            aria-live="polite"
          >
            <LiveQuote symbol={quoteSymbol} quantity={readQuantity(typedQuantity)} quote={quote} />
          </div>
          <div className="flex flex-col gap-2">
            <Button
              type="submit"
              size="lg"
              disabled={placeTrade.isPending || unknownSymbol !== null}
              aria-describedby={unknownSymbolMessage !== null ? unknownSymbolId : undefined}
              className="w-full sm:w-auto sm:self-start"
            >
              <ArrowRightLeft aria-hidden="true" />
              {placeTrade.isPending ? 'Executing Trade...' : 'Execute Trade'}
            </Button>
            {unknownSymbolMessage !== null ? (
              <p id={unknownSymbolId} className="text-sm text-destructive" data-testid="trade-symbol-unknown">
                {unknownSymbolMessage}
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
