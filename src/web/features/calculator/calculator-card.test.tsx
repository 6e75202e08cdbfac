// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketDataSourceName } from '../../../contracts/market-data';
import { AppError } from '../../../contracts/errors';
import type { QuoteQuery } from '../../lib/quote';
import { fakeQuoteQuery, quoteOf } from '../../testing/fake-quote-query';
import { renderAt } from '../../testing/render-page';
import { CalculatorCard } from './calculator-card';
import { useCalculatorState } from './use-calculator-state';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const quote = (source: MarketDataSourceName, currentPrice = 187.25) => quoteOf({ source, currentPrice });

function Calculator({ quoteQuery }: { quoteQuery: QuoteQuery }) {
  return <CalculatorCard calculator={useCalculatorState()} quoteQuery={quoteQuery} />;
}

const buyPrice = () => screen.getByLabelText<HTMLInputElement>('Buy Price ($)');

describe('the calculator’s Live Price', () => {
  it('labels a simulated price where it fills the buy price, until the price is changed', async () => {
    const { quoteQuery } = fakeQuoteQuery({ AAPL: [quote('simulated')] });
    renderAt('/profit-calculator', <Calculator quoteQuery={quoteQuery} />);
    fireEvent.click(screen.getByRole('button', { name: 'Live Price' }));
    await waitFor(() => expect(buyPrice().value).toBe('187.25'));
    expect(screen.getByText('Simulated price')).toBeTruthy();
    const hint = document.getElementById(buyPrice().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      "Simulated priceNo market data provider answered: this price is from Foliowise's simulator, not a quote.",
    );
    fireEvent.change(buyPrice(), { target: { value: '190' } });
    expect(screen.queryByText('Simulated price')).toBeNull();
    expect(buyPrice().getAttribute('aria-describedby')).toBeNull();
  });

  it('names the provider of a real quote, with no Simulated label', async () => {
    const { quoteQuery } = fakeQuoteQuery({ AAPL: [quote('yahoo')] });
    renderAt('/profit-calculator', <Calculator quoteQuery={quoteQuery} />);
    fireEvent.click(screen.getByRole('button', { name: 'Live Price' }));
    await waitFor(() => expect(buyPrice().value).toBe('187.25'));
    expect(screen.getByText('Live price from Yahoo Finance.')).toBeTruthy();
    expect(screen.queryByText('Simulated price')).toBeNull();
  });

  it('asks again on each click, though the quote query keeps quotes for 30 s', async () => {
    const { quoteQuery, asked } = fakeQuoteQuery({ AAPL: [quote('yahoo', 187.25), quote('yahoo', 188.5)] });
    renderAt('/profit-calculator', <Calculator quoteQuery={quoteQuery} />);
    fireEvent.click(screen.getByRole('button', { name: 'Live Price' }));
    await waitFor(() => expect(buyPrice().value).toBe('187.25'));
    fireEvent.click(screen.getByRole('button', { name: 'Live Price' }));
    await waitFor(() => expect(buyPrice().value).toBe('188.5'));
    expect(asked).toEqual(['AAPL', 'AAPL']);
  });

  it('asks for a crypto asset by its market-data symbol', async () => {
    const { quoteQuery, asked } = fakeQuoteQuery({
      'CRYPTO:BTC': [quoteOf({ symbol: 'CRYPTO:BTC', source: 'coingecko', currentPrice: 64000 })],
    });
    localStorage.setItem('pc_asset', 'BTC');
    renderAt('/profit-calculator', <Calculator quoteQuery={quoteQuery} />);
    fireEvent.click(screen.getByRole('button', { name: 'Live Price' }));
    await waitFor(() => expect(buyPrice().value).toBe('64000'));
    expect(asked).toEqual(['CRYPTO:BTC']);
    expect(screen.getByText('Live price from CoinGecko.')).toBeTruthy();
  });

  it('leaves the buy price as it was and only warns when no quote comes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { quoteQuery } = fakeQuoteQuery({
      AAPL: [new AppError('SERVICE_UNAVAILABLE', 'No provider answered')],
    });
    renderAt('/profit-calculator', <Calculator quoteQuery={quoteQuery} />);
    const before = buyPrice().value;
    fireEvent.click(screen.getByRole('button', { name: 'Live Price' }));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to fetch live price for AAPL', 'No provider answered'),
    );
    expect(buyPrice().value).toBe(before);
    expect(screen.queryByText(/Live price from/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Live Price' })).toHaveProperty('disabled', false);
  });
});
