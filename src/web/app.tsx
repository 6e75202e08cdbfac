import { Suspense, lazy, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Router, Switch, useLocation } from 'wouter';
import { RouteErrorBoundary } from './components/layout/error-boundary';
import { PageMetaSink, type ResolvedPageMeta } from './components/layout/page-meta';
import { Toaster } from './components/ui/toaster';
import { TooltipProvider } from './components/ui/tooltip';
import { Spinner } from './components/ui/spinner';
import { initAnalytics } from './lib/analytics';
import { useConfig } from './lib/config';
import { queryClient } from './lib/query-client';

interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
}

/**
 * The route table (spec 001 "Route table"). Each page is its own chunk. To add a route, add one line:
 *   { path: '/profit-calculator', page: lazy(() => import('./pages/profit-calculator')) },
 * where the page file default-exports a component that renders <PageLayout variant=... meta=...>.
 */
export const routes: readonly AppRoute[] = [
  { path: '/', page: lazy(() => import('./pages/landing')) },
  { path: '/app', page: lazy(() => import('./pages/analyzer')) },
  { path: '/terminal', page: lazy(() => import('./pages/terminal')) },
  { path: '/login', page: lazy(() => import('./pages/login')) },
  { path: '/signup', page: lazy(() => import('./pages/signup')) },
  { path: '/profit-calculator', page: lazy(() => import('./pages/profit-calculator')) },
  { path: '/paper-trading', page: lazy(() => import('./pages/paper-trading')) },
  { path: '/api-settings', page: lazy(() => import('./pages/api-settings')) },
  { path: '/features', page: lazy(() => import('./pages/features')) },
  { path: '/about', page: lazy(() => import('./pages/about')) },
  { path: '/resources', page: lazy(() => import('./pages/resources')) },
  { path: '/unbiased', page: lazy(() => import('./pages/unbiased')) },
  { path: '/robinhood-guide', page: lazy(() => import('./pages/robinhood-guide')) },
  { path: '/compliance', page: lazy(() => import('./pages/compliance')) },
  { path: '/gamification', page: lazy(() => import('./pages/gamification')) },
];

const NotFoundPage = lazy(() => import('./pages/not-found'));

/**
 * The page scrolls to the top on every route change (spec 001 "Route table"). Not on the first load: a
 * prerendered page can be scrolled before it hydrates, and the browser already places a fresh load.
 */
function ScrollToTop() {
  const [location] = useLocation();
  const previousLocation = useRef(location);
  useEffect(() => {
    if (previousLocation.current === location) return;
    previousLocation.current = location;
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** Loads the analytics tag once the public config says there is one; otherwise analytics stays off. */
function AnalyticsLoader() {
  const { data, isError } = useConfig();
  useEffect(() => {
    if (data) initAnalytics(data.analyticsId);
    else if (isError) initAnalytics(null);
  }, [data, isError]);
  return null;
}

/** Shown only while a page's code loads; it fades in late so fast loads do not flash. */
function PageFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center opacity-0 animate-[fade-in_200ms_ease-out_300ms_forwards]">
      <Spinner className="size-8" label="Loading page" />
    </div>
  );
}

function AppRoutes() {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary key={location}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          {routes.map(({ path, page }) => (
            <Route key={path} path={path} component={page} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export interface AppProps {
  /** Prerendering only: the page to render (the browser's location is used otherwise). */
  ssrPath?: string;
  /** Prerendering only: receives the page's meta, for the head of its HTML. */
  onPageMeta?: (meta: ResolvedPageMeta) => void;
}

/** The browser renders the same tree as the prerender (props aside), as hydration requires. */
export function App({ ssrPath, onPageMeta }: AppProps) {
  return (
    <Router ssrPath={ssrPath}>
      <PageMetaSink value={onPageMeta ?? null}>
        <QueryClientProvider client={queryClient}>
          <TooltipProvider>
            <ScrollToTop />
            <AnalyticsLoader />
            <AppRoutes />
            <Toaster />
          </TooltipProvider>
        </QueryClientProvider>
      </PageMetaSink>
    </Router>
  );
}
