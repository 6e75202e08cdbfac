// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { SIGNED_OUT, stubApi, testUser } from '../../testing/stub-api';
import { LOAD_SAMPLE_EVENT, usePortfolioImport } from './use-portfolio-import';
import {
  PORTFOLIO_ORIGIN_STORAGE_KEY,
  PORTFOLIO_STORAGE_KEY,
  readPortfolioMap,
  usePortfolioStore,
  type PortfolioSource,
} from './use-portfolio-store';

const ADA = testUser();
const SIGNED_IN = { status: 200, body: { user: ADA } };
/** The store saves 800 ms after the last change; this leaves room for a loaded machine. */
const SAVE_WAIT = { timeout: 5_000 };

function renderStore(initialSource: PortfolioSource | null = null) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(({ source }) => usePortfolioStore(source), {
    wrapper,
    initialProps: { source: initialSource },
  });
}

/** A client's portfolio as the clients feature gives it to the analyzer (decision 032), in memory. */
function memorySource(key: string, holdings: Record<string, number>) {
  const saved: Record<string, number>[] = [];
  const source: PortfolioSource = {
    key,
    load: () => Promise.resolve(holdings),
    save: (portfolio) => {
      saved.push(portfolio);
      return Promise.resolve();
    },
  };
  return { source, saved };
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  // Without Vitest globals, Testing Library does not unmount by itself.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('readPortfolioMap', () => {
  it('accepts a map of symbols to positive finite numbers, and nothing else', () => {
    expect(readPortfolioMap({ AAPL: 10, 'CRYPTO:BTC': 0.5 })).toEqual({ AAPL: 10, 'CRYPTO:BTC': 0.5 });
    expect(readPortfolioMap({})).toEqual({});
    expect(readPortfolioMap({ AAPL: 0 })).toBeNull();
    expect(readPortfolioMap({ AAPL: -1 })).toBeNull();
    expect(readPortfolioMap({ AAPL: '10' })).toBeNull();
    expect(readPortfolioMap({ AAPL: Number.POSITIVE_INFINITY })).toBeNull();
    expect(readPortfolioMap({ ' ': 1 })).toBeNull();
    expect(readPortfolioMap([10])).toBeNull();
    expect(readPortfolioMap(null)).toBeNull();
  });
});

describe('usePortfolioStore, signed out', () => {
  it("starts from this browser's saved portfolio and origin", async () => {
    const api = stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    window.localStorage.setItem(PORTFOLIO_STORAGE_KEY, JSON.stringify({ AAPL: 10, 'CRYPTO:BTC': 0.5 }));
    window.localStorage.setItem(PORTFOLIO_ORIGIN_STORAGE_KEY, 'csv');
    const { result } = renderStore();
    expect(result.current.portfolio).toEqual({ AAPL: 10, 'CRYPTO:BTC': 0.5 });
    expect(result.current.rows.stocks.map((row) => [row.symbol, row.shares])).toEqual([['AAPL', 10]]);
    expect(result.current.rows.crypto.map((row) => [row.symbol, row.amount])).toEqual([['BTC', 0.5]]);
    expect(result.current.origin).toBe('csv');
    expect(result.current.storage).toBe('browser');
    await waitFor(() => expect(api.requests.map((r) => r.route)).toEqual(['GET /api/auth/me']));
    expect(api.unexpected).toEqual([]);
  });

  it('starts empty, as manual, from an unreadable saved copy or origin', () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    window.localStorage.setItem(PORTFOLIO_STORAGE_KEY, '{not json');
    window.localStorage.setItem(PORTFOLIO_ORIGIN_STORAGE_KEY, 'somewhere');
    const { result } = renderStore();
    expect(result.current.portfolio).toEqual({});
    expect(result.current.origin).toBe('manual');
  });

  it('keeps every change in this browser, and forgets it when cleared', async () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    const { result } = renderStore();
    await waitFor(() => expect(result.current.storage).toBe('browser'));

    act(() => result.current.replace({ MSFT: 3 }, 'brokerage-demo'));
    await waitFor(() => expect(window.localStorage.getItem(PORTFOLIO_STORAGE_KEY)).toBe('{"MSFT":3}'));
    expect(window.localStorage.getItem(PORTFOLIO_ORIGIN_STORAGE_KEY)).toBe('brokerage-demo');

    const [row] = result.current.rows.stocks;
    act(() => result.current.edit({ type: 'setQuantity', kind: 'stock', id: row!.id, value: 4.5 }));
    await waitFor(() => expect(window.localStorage.getItem(PORTFOLIO_STORAGE_KEY)).toBe('{"MSFT":4.5}'));

    act(() => result.current.clear());
    await waitFor(() => expect(window.localStorage.getItem(PORTFOLIO_STORAGE_KEY)).toBeNull());
    expect(window.localStorage.getItem(PORTFOLIO_ORIGIN_STORAGE_KEY)).toBeNull();
    expect(result.current.portfolio).toEqual({});
    expect(result.current.origin).toBe('manual');
  });

  it(`loads the map of a '${LOAD_SAMPLE_EVENT}' window event as a sample, and ignores one that is not a map`, () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        const store = usePortfolioStore();
        usePortfolioImport(store);
        return store;
      },
      { wrapper },
    );
    act(() => {
      window.dispatchEvent(new CustomEvent(LOAD_SAMPLE_EVENT, { detail: { VTI: 20, BND: 5 } }));
    });
    expect(result.current.portfolio).toEqual({ VTI: 20, BND: 5 });
    expect(result.current.origin).toBe('sample');

    act(() => {
      window.dispatchEvent(new CustomEvent(LOAD_SAMPLE_EVENT, { detail: { VTI: 'many' } }));
    });
    expect(result.current.portfolio).toEqual({ VTI: 20, BND: 5 });
  });
});

describe('usePortfolioStore, signed in', () => {
  it('replaces the rows with the saved portfolio, then saves each change to the account', async () => {
    const api = stubApi({
      'GET /api/auth/me': SIGNED_IN,
      'GET /api/portfolio': {
        status: 200,
        body: { portfolio: { NVDA: 2 }, updatedAt: '2026-11-20T10:00:00.000Z' },
      },
      'PUT /api/portfolio': (body) => ({
        status: 200,
        body: { ...(body as object), updatedAt: '2026-11-23T12:00:00.000Z' },
      }),
    });
    window.localStorage.setItem(PORTFOLIO_STORAGE_KEY, JSON.stringify({ AAPL: 10 }));
    const { result } = renderStore();

    await waitFor(() => expect(result.current.portfolio).toEqual({ NVDA: 2 }));
    expect(result.current.storage).toBe('account');
    expect(result.current.isLoadingSaved).toBe(false);
    expect(result.current.origin).toBe('manual');

    act(() => result.current.replace({ NVDA: 2, AMD: 7 }, 'sample'));
    await waitFor(
      () =>
        expect(api.requests.filter((r) => r.route === 'PUT /api/portfolio').map((r) => r.body)).toEqual([
          { portfolio: { NVDA: 2, AMD: 7 } },
        ]),
      SAVE_WAIT,
    );
    // The browser's copy belongs to the signed-out visitor: it is left as it was.
    expect(window.localStorage.getItem(PORTFOLIO_STORAGE_KEY)).toBe('{"AAPL":10}');
    expect(api.unexpected).toEqual([]);
  });

  it('keeps what is on screen, and saves it, when the account has nothing saved', async () => {
    const api = stubApi({
      'GET /api/auth/me': SIGNED_IN,
      'GET /api/portfolio': { status: 200, body: { portfolio: {}, updatedAt: null } },
      'PUT /api/portfolio': (body) => ({
        status: 200,
        body: { ...(body as object), updatedAt: '2026-11-23T12:00:00.000Z' },
      }),
    });
    window.localStorage.setItem(PORTFOLIO_STORAGE_KEY, JSON.stringify({ AAPL: 10 }));
    const { result } = renderStore();

    await waitFor(
      () =>
        expect(api.requests.filter((r) => r.route === 'PUT /api/portfolio').map((r) => r.body)).toEqual([
          { portfolio: { AAPL: 10 } },
        ]),
      SAVE_WAIT,
    );
    expect(result.current.portfolio).toEqual({ AAPL: 10 });
  });

  it('saves nothing while the saved portfolio could not be read, so it is never overwritten', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = stubApi({
      'GET /api/auth/me': SIGNED_IN,
      'GET /api/portfolio': {
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not available.' } },
      },
    });
    const { result } = renderStore();

    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Reading the saved portfolio failed', expect.anything()),
    );
    act(() => result.current.replace({ TSLA: 1 }, 'manual'));
    // Saving starts only once the saved copy has been applied, which never happens here.
    expect(result.current.isLoadingSaved).toBe(true);
    expect(api.requests.map((r) => r.route)).not.toContain('PUT /api/portfolio');
  });
  it('saves a change still waiting for its debounce when the analyzer is left', async () => {
    const api = stubApi({
      'GET /api/auth/me': SIGNED_IN,
      'GET /api/portfolio': { status: 200, body: { portfolio: { NVDA: 2 }, updatedAt: null } },
      'PUT /api/portfolio': (body) => ({
        status: 200,
        body: { ...(body as object), updatedAt: '2026-11-23T12:00:00.000Z' },
      }),
    });
    const { result, unmount } = renderStore();
    await waitFor(() => expect(result.current.portfolio).toEqual({ NVDA: 2 }));

    act(() => result.current.replace({ NVDA: 2, AMD: 7 }, 'sample'));
    // Leaving at once, well within the 800 ms debounce: the change is sent now, not dropped with the timer.
    unmount();
    await waitFor(() =>
      expect(api.requests.filter((r) => r.route === 'PUT /api/portfolio').map((r) => r.body)).toEqual([
        { portfolio: { NVDA: 2, AMD: 7 } },
      ]),
    );
  });
});

describe('usePortfolioStore, with a client portfolio source', () => {
  it("loads the client's holdings and saves edits to the client, never to the saved portfolio; switching back reloads it", async () => {
    const api = stubApi({
      'GET /api/auth/me': SIGNED_IN,
      'GET /api/portfolio': { status: 200, body: { portfolio: {}, updatedAt: null } },
    });
    const ada = memorySource('client:ada', { BND: 30 });
    const { result, rerender } = renderStore(ada.source);

    await waitFor(() => expect(result.current.portfolio).toEqual({ BND: 30 }));
    act(() => result.current.replace({ BND: 31 }, 'manual'));
    await waitFor(() => expect(ada.saved).toEqual([{ BND: 31 }]), SAVE_WAIT);

    // An edit, then at once another client: the edit is saved to the client it was made on.
    const bea = memorySource('client:bea', { VTI: 4 });
    act(() => result.current.replace({ BND: 32 }, 'manual'));
    rerender({ source: bea.source });
    await waitFor(() => expect(result.current.portfolio).toEqual({ VTI: 4 }));
    expect(ada.saved).toEqual([{ BND: 31 }, { BND: 32 }]);
    expect(bea.saved).toEqual([]);

    // Back to My portfolio, which is empty: the client's rows are not kept (nor saved to the account).
    rerender({ source: null });
    await waitFor(() => expect(result.current.portfolio).toEqual({}));
    expect(api.requests.map((r) => r.route)).not.toContain('PUT /api/portfolio');
    expect(api.unexpected).toEqual([]);
  });
});
