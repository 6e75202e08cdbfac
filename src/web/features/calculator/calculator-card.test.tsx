// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketDataSourceName } from '../../../contracts/market-data';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { CalculatorCard } from './calculator-card';
import { useCalculatorState } from './use-calculator-state';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Calculator() {
  return <CalculatorCard calculator={useCalculatorState()} />;
}

const quote = (source: MarketDataSourceName) => ({
  status: 200,
  body: {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    currentPrice: 187.25,
    change: 1.5,
    changePercent: 0.81,
    previousClose: 185.75,
    currency: 'USD',
    source,
    asOf: '2026-04-09T20:00:00.000Z',
  },
});

const buyPrice = () => screen.getByLabelText<HTMLInputElement>('Buy Price ($)');

describe('the calculator’s Live Price', () => {
  it('labels a simulated price where it fills the buy price, until the price is changed', async () => {
    const api = stubApi({ 'GET /api/market-data/AAPL': quote('simulated') });
    renderAt('/profit-calculator', <Calculator />);
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
    expect(api.unexpected).toEqual([]);
  });

  it('names the provider of a real quote, with no Simulated label', async () => {
    stubApi({ 'GET /api/market-data/AAPL': quote('yahoo') });
    renderAt('/profit-calculator', <Calculator />);
    fireEvent.click(screen.getByRole('button', { name: 'Live Price' }));
    await waitFor(() => expect(buyPrice().value).toBe('187.25'));
    expect(screen.getByText('Live price from Yahoo Finance.')).toBeTruthy();
    expect(screen.queryByText('Simulated price')).toBeNull();
  });
});
