// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, watchToasts } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { HoldingsEntryCard, validHoldings } from './holdings-entry-card';
import type { ImportHandler } from './types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('validHoldings', () => {
  it('keeps rows with a symbol and a number of shares, the symbol trimmed and upper-cased', () => {
    expect(
      validHoldings([
        { id: 'a', symbol: ' vti ', shares: '12.5', type: 'etf' },
        { id: 'b', symbol: '', shares: '3', type: 'stock' },
        { id: 'c', symbol: 'BND', shares: '  ', type: 'etf' },
        { id: 'd', symbol: 'QQQ', shares: 'abc', type: 'etf' },
        { id: 'e', symbol: 'fxaix', shares: '0', type: 'fund' },
      ]),
    ).toEqual([
      { symbol: 'VTI', shares: 12.5, type: 'etf' },
      { symbol: 'FXAIX', shares: 0, type: 'fund' },
    ]);
  });
});

const symbol = (row: number) => screen.getByLabelText<HTMLInputElement>(`E*TRADE holding ${row} symbol`);
const shares = (row: number) => screen.getByLabelText<HTMLInputElement>(`E*TRADE holding ${row} shares`);

describe('the E*TRADE holdings card', () => {
  it('quick-adds into the blank row first, then a new one, and imports what is valid', async () => {
    const api = stubApi({
      'POST /api/etrade/import-portfolio': {
        status: 200,
        body: { success: true, portfolio: { VTI: 10, BND: 4 } },
      },
    });
    const toasts = watchToasts();
    const imported: Parameters<ImportHandler>[] = [];
    renderAt(
      '/app',
      <HoldingsEntryCard
        broker="etrade"
        onImport={(...args) => imported.push(args)}
        historyPortfolio={null}
      />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add VTI (Vanguard Total Stock Market ETF)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add BND (Vanguard Total Bond Market ETF)' }));
    expect(symbol(1).value).toBe('VTI');
    expect(symbol(2).value).toBe('BND');
    expect(toasts.current().at(-1)).toBe('ETF Added: BND added. Enter how many shares you hold.');
    fireEvent.change(shares(1), { target: { value: '10' } });
    fireEvent.change(shares(2), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Holding' }));
    fireEvent.change(symbol(3), { target: { value: 'spy' } });
    expect(symbol(3).value).toBe('SPY');

    fireEvent.click(screen.getByRole('button', { name: 'Import E*TRADE Portfolio' }));
    await waitFor(() => expect(imported).toHaveLength(1));
    expect(api.requests[0]?.body).toEqual({
      holdings: [
        { symbol: 'VTI', shares: 10, type: 'etf' },
        { symbol: 'BND', shares: 4, type: 'etf' },
      ],
    });
    expect(imported[0]).toEqual([{ VTI: 10, BND: 4 }, 'brokerage']);
    expect(screen.getByRole('status').textContent).toBe(
      'E*TRADE Portfolio Imported! Successfully imported 2 holdings from your E*TRADE account',
    );
  });

  it('sends nothing and says so when no row is valid', () => {
    const api = stubApi({});
    const toasts = watchToasts();
    renderAt(
      '/app',
      <HoldingsEntryCard broker="etrade" onImport={() => undefined} historyPortfolio={null} />,
    );
    fireEvent.change(symbol(1), { target: { value: 'VTI' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import E*TRADE Portfolio' }));
    expect(toasts.current()).toEqual([
      'No Valid Holdings: Please enter at least one valid holding with symbol and shares',
    ]);
    expect(api.requests).toEqual([]);
  });

  it('passes nothing on when the broker refuses, and shows why', async () => {
    stubApi({
      'POST /api/etrade/import-portfolio': {
        status: 200,
        body: { success: false, portfolio: {}, error: 'E*TRADE is not answering right now.' },
      },
    });
    const toasts = watchToasts();
    const onImport = vi.fn<ImportHandler>();
    renderAt('/app', <HoldingsEntryCard broker="etrade" onImport={onImport} historyPortfolio={null} />);
    fireEvent.change(symbol(1), { target: { value: 'VTI' } });
    fireEvent.change(shares(1), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import E*TRADE Portfolio' }));
    await waitFor(() =>
      expect(toasts.current()).toEqual(['Import Failed: E*TRADE is not answering right now.']),
    );
    expect(onImport).not.toHaveBeenCalled();
  });
});
