// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaperPortfolio } from '../../../contracts/paper-trading';
import { fakeQuoteQuery, quoteOf } from '../../testing/fake-quote-query';
import { performanceQueryKeyOf } from '../../lib/query-keys';
import { renderAt, watchToasts } from '../../testing/render-page';
import { stubApi, testUser } from '../../testing/stub-api';
import { formatDay, formatMoney, formatPrice } from './format';
import { TradePanel } from './trade-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADA = testUser();
const PORTFOLIO: PaperPortfolio = {
  id: 'b7e0c3a4-1d2e-4f50-9a6b-7c8d9e0f1a2b',
  userId: ADA.id,
  name: 'Practice',
  description: null,
  initialBalance: '10000.00',
  currentBalance: '10000.00',
  totalValue: '10000.00',
  totalReturn: '0.00',
  totalReturnPercent: '0.00',
  holdings: {},
  hasStalePrices: false,
  createdAt: '2026-04-01T12:00:00.000Z',
};
const BITCOIN = quoteOf({
  symbol: 'CRYPTO:BTC',
  name: 'Bitcoin',
  currentPrice: 60_000,
  change: 600,
  changePercent: 1,
  previousClose: 59_400,
  currency: 'USD',
  source: 'simulated',
  asOf: '2026-11-24T10:00:00.000Z',
});
/** The quote waits 400 ms after the last keystroke; this leaves room for a loaded machine. */
const QUOTE_WAIT = { timeout: 5_000 };

const symbolInput = () => screen.getByLabelText<HTMLInputElement>('Stock Symbol');
const quantityInput = () => screen.getByLabelText<HTMLInputElement>('Quantity');
const liveQuote = () => screen.getByRole('region', { name: 'Live quote' });
const executeButton = () => screen.getByRole('button', { name: 'Execute Trade' });

describe('the trade form’s live quote', () => {
  it('quotes the symbol typed (upper-cased) and estimates the order at that price', async () => {
    const { quoteQuery, asked } = fakeQuoteQuery({ AAPL: [quoteOf({ source: 'polygon' })] });
    renderAt('/paper-trading', <TradePanel userId={ADA.id} portfolio={PORTFOLIO} quoteQuery={quoteQuery} />);
    expect(liveQuote().textContent).toBe('Type a symbol to see its current price.');
    fireEvent.change(symbolInput(), { target: { value: 'aapl' } });
    fireEvent.change(quantityInput(), { target: { value: '3' } });
    expect(symbolInput().value).toBe('AAPL');
    await waitFor(() => expect(within(liveQuote()).getByText('$187.25')).toBeTruthy(), QUOTE_WAIT);
    expect(within(liveQuote()).getByText('Polygon')).toBeTruthy();
    expect(within(liveQuote()).getByText('+0.81% today')).toBeTruthy();
    expect(liveQuote().textContent).toContain('Estimated total for 3 shares: $561.75');
    expect(asked).toEqual(['AAPL']);
    expect(executeButton()).toHaveProperty('disabled', false);
  });

  it('labels a simulated quote as such', async () => {
    const { quoteQuery } = fakeQuoteQuery({ AAPL: [quoteOf({ source: 'simulated' })] });
    renderAt('/paper-trading', <TradePanel userId={ADA.id} portfolio={PORTFOLIO} quoteQuery={quoteQuery} />);
    fireEvent.change(symbolInput(), { target: { value: 'AAPL' } });
    await waitFor(() => expect(within(liveQuote()).getByText('Simulated prices')).toBeTruthy(), QUOTE_WAIT);
  });

  it('turns Execute Trade off, and says why, for a symbol no price source knows', async () => {
    const { quoteQuery } = fakeQuoteQuery({});
    renderAt('/paper-trading', <TradePanel userId={ADA.id} portfolio={PORTFOLIO} quoteQuery={quoteQuery} />);
    fireEvent.change(symbolInput(), { target: { value: 'ZZZZ' } });
    await waitFor(() => {
      const why = document.getElementById(executeButton().getAttribute('aria-describedby') ?? '');
      expect(why?.textContent).toBe('We could not find ZZZZ. Check the spelling.');
    }, QUOTE_WAIT);
    expect(executeButton()).toHaveProperty('disabled', true);
    expect(liveQuote().textContent).toBe('No quote for ZZZZ.');
  });
});

describe('placing a trade', () => {
  it('posts the order once under an idempotency key, clears the form, and refreshes that portfolio’s returns', async () => {
    const api = stubApi({
      'POST /api/paper-trading/trade': {
        status: 200,
        body: {
          message: 'Bought 2 shares of AAPL at $187.25',
          trade: {
            id: 't1',
            portfolioId: PORTFOLIO.id,
            userId: ADA.id,
            symbol: 'AAPL',
            side: 'buy',
            quantity: 2,
            price: '187.25',
            totalValue: '374.50',
            realizedPnl: null,
            priceSource: 'yahoo',
            executedAt: '2026-04-09T20:00:00.000Z',
          },
        },
      },
    });
    const { quoteQuery } = fakeQuoteQuery({ AAPL: [quoteOf()] });
    const { queryClient } = renderAt(
      '/paper-trading',
      <TradePanel userId={ADA.id} portfolio={PORTFOLIO} quoteQuery={quoteQuery} />,
    );
    // The dashboard's return against SPY, of this portfolio and of another.
    const returnsOf = (id: string) => [...performanceQueryKeyOf(`paper:${id}`), 'range=MAX'];
    queryClient.setQueryData(returnsOf(PORTFOLIO.id), {});
    queryClient.setQueryData(returnsOf('another'), {});
    fireEvent.change(symbolInput(), { target: { value: 'AAPL' } });
    fireEvent.change(quantityInput(), { target: { value: '2' } });
    fireEvent.click(executeButton());
    await waitFor(() => expect(symbolInput().value).toBe(''));
    expect(queryClient.getQueryState(returnsOf(PORTFOLIO.id))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(returnsOf('another'))?.isInvalidated).toBe(false);
    expect(api.requests.map(({ route }) => route)).toEqual(['POST /api/paper-trading/trade']);
    const [trade] = api.requests;
    expect(trade?.body).toEqual({
      portfolioId: PORTFOLIO.id,
      userId: ADA.id,
      symbol: 'AAPL',
      kind: 'stock',
      side: 'buy',
      quantity: 2,
    });
    expect(trade?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(quantityInput().value).toBe('1');
  });

  it('asks the person to pick a portfolio when none is selected', () => {
    const { quoteQuery } = fakeQuoteQuery({});
    renderAt('/paper-trading', <TradePanel userId={ADA.id} portfolio={undefined} quoteQuery={quoteQuery} />);
    expect(screen.getByText('Please select a portfolio from the Dashboard tab before trading.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Execute Trade' })).toBeNull();
  });
});

describe('paper-trading formats', () => {
  it('shows API money exactly, share prices with 2 to 6 decimals and days as UTC dates', () => {
    expect(formatMoney('10000.00')).toBe('$10,000.00');
    expect(formatMoney('-1234.5')).toBe('-$1,234.50');
    expect(formatPrice('215')).toBe('$215.00');
    expect(formatPrice(0.123456)).toBe('$0.123456');
    expect(formatDay('2026-01-05')).toBe('Jan 5');
    expect(formatDay('not a day')).toBe('not a day');
  });
});

describe('TradePanel (issue 25: stock or crypto is asked, as on the alert form)', () => {
  // The quote waits until typing stops (a debounce): these tests move the clock on instead of waiting for it.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const settleTyping = () => act(() => vi.advanceTimersByTimeAsync(500));

  it('says BTC as a stock is a coin, trades it as Crypto, and never shows the key CRYPTO:BTC', async () => {
    const api = stubApi({
      'POST /api/paper-trading/trade': (body) => ({
        status: 201,
        body: {
          message: 'Bought 2 BTC at $60,000.00.',
          trade: {
            id: '1b3f4c1e-2d3a-4b5c-8d6e-7f8091a2b3c4',
            portfolioId: PORTFOLIO.id,
            userId: ADA.id,
            symbol: 'CRYPTO:BTC',
            side: 'buy',
            quantity: (body as { quantity: number }).quantity,
            price: '60000.000000',
            totalValue: '120000.00',
            realizedPnl: null,
            priceSource: 'simulated',
            executedAt: '2026-11-24T10:00:00.000Z',
          },
        },
      }),
    });
    const { quoteQuery } = fakeQuoteQuery({ 'CRYPTO:BTC': [BITCOIN, BITCOIN] });
    const toasts = watchToasts();
    renderAt('/paper-trading', <TradePanel userId={ADA.id} portfolio={PORTFOLIO} quoteQuery={quoteQuery} />);
    const execute = screen.getByRole('button', { name: 'Execute Trade' });

    expect(screen.getByLabelText<HTMLInputElement>('Stock or fund').checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Stock Symbol'), { target: { value: 'btc' } });
    await settleTyping();
    const reason = await screen.findByTestId('trade-symbol-unknown');
    expect(reason.textContent).toBe(
      'We could not find BTC as a stock or fund. BTC is a crypto: choose Crypto.',
    );
    expect(execute).toHaveProperty('disabled', true);
    expect(execute.getAttribute('aria-describedby')).toBe(reason.id);

    fireEvent.click(screen.getByLabelText('Crypto'));
    // The field keeps what was typed, and is named for what it now holds.
    expect(screen.getByLabelText<HTMLInputElement>('Crypto Symbol').value).toBe('BTC');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await settleTyping();
    await screen.findByText('Bitcoin');
    expect(screen.queryByTestId('trade-symbol-unknown')).toBeNull();
    expect(screen.getByRole('region', { name: 'Live quote' }).textContent).toContain(
      'Estimated total for 2 coins',
    );
    expect(execute).toHaveProperty('disabled', false);
    expect(document.body.textContent).not.toContain('CRYPTO:');

    fireEvent.click(execute);
    await waitFor(() => expect(toasts.current()).toEqual(['Trade Executed!: Bought 2 BTC at $60,000.00.']));
    expect(api.requests.find((r) => r.route === 'POST /api/paper-trading/trade')?.body).toEqual({
      portfolioId: PORTFOLIO.id,
      userId: ADA.id,
      symbol: 'BTC',
      kind: 'crypto',
      side: 'buy',
      quantity: 2,
    });
    // Back to the defaults, with the market chosen kept.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Crypto Symbol').value).toBe(''));
    expect(screen.getByLabelText<HTMLInputElement>('Crypto').checked).toBe(true);
    expect(api.unexpected).toEqual([]);
  });

  it('holds the ticker typed to the contract rules (ZTickerSymbol) and says a typo is one', async () => {
    const api = stubApi({});
    const { quoteQuery } = fakeQuoteQuery({});
    renderAt('/paper-trading', <TradePanel userId={ADA.id} portfolio={PORTFOLIO} quoteQuery={quoteQuery} />);
    fireEvent.click(screen.getByLabelText('Crypto'));
    fireEvent.change(screen.getByLabelText('Crypto Symbol'), { target: { value: 'dogecoinxyz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Execute Trade' }));
    await screen.findByText('Symbol too long');

    fireEvent.click(screen.getByLabelText('Stock or fund'));
    fireEvent.change(screen.getByLabelText('Stock Symbol'), { target: { value: 'zzzq' } });
    await settleTyping();
    expect((await screen.findByTestId('trade-symbol-unknown')).textContent).toBe(
      'We could not find ZZZQ. Check the spelling.',
    );
    expect(api.requests.filter((r) => r.route.startsWith('POST'))).toEqual([]);
    expect(api.unexpected).toEqual([]);
  });
});
