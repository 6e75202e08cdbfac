import { Suspense, lazy, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Router, Switch, useLocation } from 'wouter';
import { PAGE_PATHS, type PagePath } from '../contracts/page-routes';
import { RouteErrorBoundary } from './components/layout/error-boundary';
import { PageMetaSink, type ResolvedPageMeta } from './components/layout/page-meta';
import { UnderHeaderContext } from './components/layout/under-header';
import { Toaster } from './components/ui/toaster';
import { Spinner } from './components/ui/spinner';
import { initAnalytics } from './lib/analytics';
import { useConfig } from './lib/config';
import { queryClient } from './lib/query-client';
import { useSession } from './lib/session';
import { useIsHydrated } from './lib/use-is-hydrated';

/**
 * The route table (spec 001 "Route table"): a page for each path of PAGE_PATHS, each its own chunk. To add a
 * route, add its path to PAGE_PATHS (the server then answers it with status 200) and one line here:
 *   '/profit-calculator': lazy(() => import('./pages/profit-calculator')),
 * where the page file default-exports a component that renders <PageLayout variant=... meta=...>.
 */
const pages: Readonly<Record<PagePath, LazyExoticComponent<ComponentType>>> = {
  '/': lazy(() => import('./pages/landing')),
  '/app': lazy(() => import('./pages/analyzer')),
  '/terminal': lazy(() => import('./pages/terminal')),
  '/clients': lazy(() => import('./pages/clients')),
  '/financial-advisor': lazy(() => import('./pages/financial-advisor')),
  '/login': lazy(() => import('./pages/login')),
  '/signup': lazy(() => import('./pages/signup')),
  '/profit-calculator': lazy(() => import('./pages/profit-calculator')),
  '/paper-trading': lazy(() => import('./pages/paper-trading')),
  '/api-settings': lazy(() => import('./pages/api-settings')),
  '/api-docs': lazy(() => import('./pages/api-docs')),
  '/features': lazy(() => import('./pages/features')),
  '/about': lazy(() => import('./pages/about')),
  '/resources': lazy(() => import('./pages/resources')),
  '/unbiased': lazy(() => import('./pages/unbiased')),
  '/robinhood-guide': lazy(() => import('./pages/robinhood-guide')),
  '/compliance': lazy(() => import('./pages/compliance')),
  '/terms': lazy(() => import('./pages/terms')),
  '/privacy': lazy(() => import('./pages/privacy')),
  '/gamification': lazy(() => import('./pages/gamification')),
  '/verify-email': lazy(() => import('./pages/verify-email')),
  '/forgot-password': lazy(() => import('./pages/forgot-password')),
  '/reset-password': lazy(() => import('./pages/reset-password')),
  '/account': lazy(() => import('./pages/account')),
  '/pricing': lazy(() => import('./pages/pricing')),
  '/subscribe': lazy(() => import('./pages/subscribe')),
  '/subscribe-stripe': lazy(() => import('./pages/subscribe-stripe')),
  '/subscribe-demo': lazy(() => import('./pages/subscribe-demo')),
  '/checkout': lazy(() => import('./pages/checkout')),
  '/success': lazy(() => import('./pages/success')),
  '/test-stripe': lazy(() => import('./pages/test-stripe')),
  '/contact': lazy(() => import('./pages/contact')),
  '/admin': lazy(() => import('./pages/admin')),
  '/activity': lazy(() => import('./pages/activity')),
  '/performance': lazy(() => import('./pages/performance')),
};

const NotFoundPage = lazy(() => import('./pages/not-found'));
const DemoSettingsPanel = lazy(() => import('./features/billing/demo-settings-panel'));

/**
 * Demo Settings (spec 000), under every page's header: only for a demo account while the server has demo features
 * on; its code loads then.
 */
function DemoSettings() {
  const { data: config } = useConfig();
  const { user } = useSession();
  // Not in a prerendered page's first render: the HTML was built without a session.
  const isHydrated = useIsHydrated();
  if (!isHydrated || !config?.demoFeatures || !user?.isDemo) return null;
  return (
    <Suspense fallback={null}>
      <DemoSettingsPanel user={user} />
    </Suspense>
  );
}

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
          {PAGE_PATHS.map((path) => (
            <Route key={path} path={path} component={pages[path]} />
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
          <ScrollToTop />
          <AnalyticsLoader />
          <UnderHeaderContext value={<DemoSettings />}>
            <AppRoutes />
          </UnderHeaderContext>
          <Toaster />
        </QueryClientProvider>
      </PageMetaSink>
    </Router>
  );
}
