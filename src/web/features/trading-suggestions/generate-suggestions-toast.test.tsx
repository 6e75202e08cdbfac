// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TradingSuggestion } from '../../../contracts/trading-suggestions';
import { createQueryClient } from '../../lib/query-client';
import { watchToasts } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { useGenerateSuggestions } from './generate-suggestions';

const USER = '6f1c2b9e-3d4a-4b5c-8d6e-7f8091a2b3c4';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function suggestion(reasoningSource: TradingSuggestion['reasoningSource']): TradingSuggestion {
  return {
    id: `s-${reasoningSource}`,
    symbol: 'VTI',
    suggestionType: 'buy',
    actionText: 'Buy 3 shares of VTI',
    priority: 'medium',
    riskLevel: 'low',
    confidence: 70,
    currentPrice: 250,
    reasoning: 'Your portfolio has no broad market fund.',
    reasoningSource,
    priceSource: 'simulated',
    isNew: true,
    status: 'open',
    createdAt: '2026-04-09T10:00:00.000Z',
  };
}

async function generateWith(reasoningSource: TradingSuggestion['reasoningSource']) {
  const toasts = watchToasts();
  toasts.clear();
  const suggestions = [suggestion(reasoningSource)];
  stubApi({
    'POST /api/trading-suggestions': { status: 200, body: { suggestions, remainingToday: 19 } },
    'GET /api/trading-suggestions': { status: 200, body: suggestions },
  });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useGenerateSuggestions(USER), { wrapper });
  act(() => result.current.mutate({ portfolio: { AAPL: 10 } }));
  await waitFor(() => expect(toasts.current()).toHaveLength(1));
  return toasts.current();
}

describe('the toast after generating suggestions', () => {
  it("names the rules when no model wrote the reasoning: 'Analysis complete'", async () => {
    expect(await generateWith('rules')).toEqual(['Analysis complete: Generated 1 trading suggestion']);
  });

  it("keeps the spec's 'AI Analysis Complete' when the model wrote it", async () => {
    expect(await generateWith('model')).toEqual(['AI Analysis Complete: Generated 1 trading suggestion']);
  });
});
