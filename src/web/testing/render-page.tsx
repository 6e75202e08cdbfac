import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook } from '@testing-library/react';
import { Router } from 'wouter';
import { dismissToast, useToast } from '../components/ui/use-toast';
import { createQueryClient } from '../lib/query-client';
import type { StubReply } from './stub-api';

/** GET /api/config as the server answers it, with the given publishable key and demo features. */
export function configReply(
  overrides: {
    stripePublishableKey?: string | null;
    demoFeatures?: boolean;
    hasLanguageModel?: boolean;
  } = {},
): StubReply {
  return {
    status: 200,
    body: {
      version: 'test',
      stripePublishableKey: null,
      analyticsId: null,
      demoFeatures: false,
      marketDataSource: 'simulated',
      mailInServerLog: false,
      hasLanguageModel: false,
      ...overrides,
    },
  };
}

/** Renders `ui` at `path` (address bar included) with its own query client, as the app does. */
export function renderAt(path: string, ui: ReactNode) {
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <Router>{ui}</Router>
    </QueryClientProvider>,
  );
  return { ...rendered, queryClient };
}

/** The toasts shown so far (one at a time, spec 000 §9), as `title: description`. */
export function watchToasts() {
  const hook = renderHook(() => useToast());
  return {
    current: () => hook.result.current.toasts.map((t) => `${t.title}: ${t.description ?? ''}`),
    clear: () => act(() => dismissToast()),
  };
}
