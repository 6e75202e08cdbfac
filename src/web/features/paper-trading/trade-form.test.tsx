// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaperPortfolio } from '../../../contracts/paper-trading';
import { fakeQuoteQuery, quoteOf } from '../../testing/fake-quote-query';
import { renderAt } from '../../testing/render-page';
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
    await waitFor(() => expect(executeButton()).toHaveProperty('disabled', true), QUOTE_WAIT);
    const why = document.getElementById(executeButton().getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toMatch(/^No price source knows ZZZZ, so it cannot be traded\./);
    expect(liveQuote().textContent).toBe('No quote for ZZZZ: No price source knows ZZZZ');
  });
});

describe('placing a trade', () => {
  it('posts the order once under an idempotency key, and clears the form', async () => {
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
    renderAt('/paper-trading', <TradePanel userId={ADA.id} portfolio={PORTFOLIO} quoteQuery={quoteQuery} />);
    fireEvent.change(symbolInput(), { target: { value: 'AAPL' } });
    fireEvent.change(quantityInput(), { target: { value: '2' } });
    fireEvent.click(executeButton());
    await waitFor(() => expect(symbolInput().value).toBe(''));
    expect(api.requests.map(({ route }) => route)).toEqual(['POST /api/paper-trading/trade']);
    const [trade] = api.requests;
    expect(trade?.body).toEqual({
      portfolioId: PORTFOLIO.id,
      userId: ADA.id,
      symbol: 'AAPL',
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
