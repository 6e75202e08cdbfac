// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteOf } from '../testing/fake-quote-query';
import { configReply, renderAt } from '../testing/render-page';
import { SIGNED_OUT, stubApi } from '../testing/stub-api';
import ProfitCalculatorPage from './profit-calculator';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/profit-calculator', () => {
  it('fills the buy price from market data’s quote endpoint, crypto by its market-data symbol', async () => {
    localStorage.setItem('pc_asset', 'ETH');
    const api = stubApi({
      'GET /api/auth/me': SIGNED_OUT,
      'GET /api/config': configReply(),
      'GET /api/market-data/CRYPTO%3AETH': {
        status: 200,
        body: quoteOf({ symbol: 'CRYPTO:ETH', name: 'Ethereum', currentPrice: 3120.5, source: 'coingecko' }),
      },
    });
    renderAt('/profit-calculator', <ProfitCalculatorPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Live Price' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Buy Price ($)').value).toBe('3120.5'),
    );
    expect(screen.getByText('Live price from CoinGecko.')).toBeTruthy();
    expect(api.unexpected).toEqual([]);
  });
});
