// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Valuation } from '../../../contracts/analysis';
import { renderAt } from '../../testing/render-page';
import { SIGNED_OUT, stubApi } from '../../testing/stub-api';
import { PortfolioEditor } from './portfolio-editor';
import { PortfolioSummaryCard } from './portfolio-summary-card';
import type { EditorRows } from './portfolio-rows';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows: EditorRows = {
  stocks: [
    { id: 'stock-a', symbol: 'AAPL', shares: 10 },
    { id: 'stock-z', symbol: 'ZZZZQ', shares: 5 },
  ],
  crypto: [{ id: 'crypto-b', symbol: 'BTC', amount: 0.5 }],
};
const portfolio = { AAPL: 10, ZZZZQ: 5, 'CRYPTO:BTC': 0.5 };

const holding = (value: number, weight: number) => ({
  quantity: 1,
  price: value,
  currentValue: value,
  change: 0,
  changePercent: 0,
  weight,
  name: 'x',
  assetClass: 'stock',
  sector: 'Technology',
  region: 'US',
  source: 'simulated' as const,
  asOf: '2026-11-20T21:00:00.000Z',
});
const valuation: Valuation = {
  totalCurrentValue: 3000,
  totalChange: 0,
  totalChangePercent: 0,
  holdings: { AAPL: holding(2000, 2 / 3), 'CRYPTO:BTC': holding(1000, 1 / 3) },
  unknownSymbols: ['ZZZZQ'],
  unpricedSymbols: ['ZZZZQ'],
  sources: ['simulated'],
  isSimulated: true,
  allocation: { byHolding: [], byAssetClass: [], bySector: [], byRegion: [] },
  healthCheck: {
    checks: [],
    passed: 0,
    total: 4,
    scorePercent: 0,
    badge: 'red',
    diversificationRating: 'Needs Work',
    warnings: [],
  },
};

describe('an unknown symbol in the analyzer (issue 25 item 3)', () => {
  it('is marked at its row, and the editor counts only what the analysis includes', async () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    renderAt(
      '/app',
      <PortfolioEditor
        rows={rows}
        portfolio={portfolio}
        onEdit={() => {}}
        onLoadSample={() => {}}
        onClearAll={() => {}}
        unknownSymbols={['ZZZZQ']}
        unpricedSymbols={['ZZZZQ']}
      />,
    );
    const mark = await screen.findByTestId('unknown-symbol');
    expect(mark.textContent).toMatch(/^We could not find ZZZZQ\b/);
    const input = screen.getByLabelText('Stock 2 symbol');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(mark.id);
    expect(screen.getByLabelText('Stock 1 symbol').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByTestId('unknown-symbol')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain(
      '1 stock and 1 crypto holding ready for analysis.',
    );
  });

  it('is no holding on the summary card, which says it was left out', () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    renderAt(
      '/app',
      <PortfolioSummaryCard
        portfolio={portfolio}
        origin="manual"
        valuation={valuation}
        isAnalyzing={false}
        onAnalyze={() => {}}
        valuesHidden={false}
        onToggleValues={() => {}}
        onStartImport={() => {}}
      />,
    );
    expect(screen.getByText('2 holdings: 1 stock and funds, 1 crypto.')).toBeTruthy();
    expect(screen.getByTestId('left-out').textContent).toBe('Left out: ZZZZQ (not found)');
    expect(screen.getByText('Not found')).toBeTruthy();
  });
});
