// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Switch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { dismissToast } from '../../components/ui/use-toast';
import { renderAt, watchToasts } from '../../testing/render-page';
import { SIGNED_OUT, stubApi } from '../../testing/stub-api';
import { LOAD_SAMPLE_EVENT, usePortfolioImport } from './use-portfolio-import';
import { usePortfolioStore } from './use-portfolio-store';

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

const WAIT = { timeout: 5_000 };
const UPDATED = 'Portfolio Updated: Displaying 2 imported holdings';

/** The analyzer's share of this: its portfolio and imports, and its link to the Activity page. */
function Analyzer() {
  usePortfolioImport(usePortfolioStore());
  return <Link href="/activity">Activity and gains</Link>;
}

function renderAnalyzer() {
  stubApi({ 'GET /api/auth/me': SIGNED_OUT });
  const toasts = watchToasts();
  renderAt(
    '/app',
    <Switch>
      <Route path="/app">
        <Analyzer />
      </Route>
      <Route path="/activity">
        <h1>Activity</h1>
      </Route>
    </Switch>,
  );
  act(() => {
    window.dispatchEvent(new CustomEvent(LOAD_SAMPLE_EVENT, { detail: { VTI: 20, BND: 5 } }));
  });
  return toasts;
}

describe("usePortfolioImport's 'Portfolio Updated' toast, with its Undo", () => {
  it('closes when the person follows a link to another page (it would cover that page)', async () => {
    const toasts = renderAnalyzer();
    expect(toasts.current()).toEqual([UPDATED]);

    fireEvent.click(screen.getByRole('link', { name: 'Activity and gains' }));
    expect(await screen.findByRole('heading', { name: 'Activity' }, WAIT)).toBeTruthy();
    expect(toasts.current()).toEqual([]);
  });

  it("closes when the analyzer switches to another portfolio (a client's), whose rows Undo would overwrite", () => {
    const toasts = renderAnalyzer();
    expect(toasts.current()).toEqual([UPDATED]);

    act(() => navigate('/app?client=5d0e6a43-0000-4000-8000-000000000001', { replace: true }));
    expect(screen.getByRole('link', { name: 'Activity and gains' })).toBeTruthy();
    expect(toasts.current()).toEqual([]);
  });
});
