// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaperPortfolio } from '../../../contracts/paper-trading';
import { renderAt, watchToasts } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { TradePanel } from './trade-form';

const USER_ID = '6f1c2b9e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const PORTFOLIO: PaperPortfolio = {
  id: '0b3f4c1e-2d3a-4b5c-8d6e-7f8091a2b3c4',
  userId: USER_ID,
  name: 'Practice',
  description: null,
  initialBalance: '10000.00',
  currentBalance: '10000.00',
  totalValue: '10000.00',
  totalReturn: '0.00',
  totalReturnPercent: '0.00',
  holdings: {},
  hasStalePrices: false,
  createdAt: '2026-11-24T10:00:00.000Z',
};
const BITCOIN = {
  symbol: 'CRYPTO:BTC',
  name: 'Bitcoin',
  currentPrice: 60_000,
  change: 600,
  changePercent: 1,
  previousClose: 59_400,
  currency: 'USD',
  source: 'simulated',
  asOf: '2026-11-24T10:00:00.000Z',
};
const notFound = (symbol: string) => ({
  status: 404,
  body: { error: { code: 'NOT_FOUND', message: `Unknown symbol ${symbol}` } },
});

// The quote waits until typing stops (a debounce): the test moves the clock on instead of waiting for it.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const settleTyping = () => act(() => vi.advanceTimersByTimeAsync(500));

describe('TradePanel (issue 25: stock or crypto is asked, as on the alert form)', () => {
  it('says BTC as a stock is a coin, trades it as Crypto, and never shows the key CRYPTO:BTC', async () => {
    const api = stubApi({
      'GET /api/market-data/BTC': notFound('BTC'),
      'GET /api/market-data/CRYPTO%3ABTC': { status: 200, body: BITCOIN },
      'POST /api/paper-trading/trade': (body) => ({
        status: 201,
        body: {
          message: 'Bought 2 BTC at $60,000.00.',
          trade: {
            id: '1b3f4c1e-2d3a-4b5c-8d6e-7f8091a2b3c4',
            portfolioId: PORTFOLIO.id,
            userId: USER_ID,
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
    const toasts = watchToasts();
    renderAt('/paper-trading', <TradePanel userId={USER_ID} portfolio={PORTFOLIO} />);
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
      userId: USER_ID,
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
    const api = stubApi({
      'GET /api/market-data/ZZZQ': notFound('ZZZQ'),
      'GET /api/market-data/CRYPTO%3AZZZQ': notFound('CRYPTO:ZZZQ'),
    });
    renderAt('/paper-trading', <TradePanel userId={USER_ID} portfolio={PORTFOLIO} />);
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
