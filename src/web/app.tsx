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
 *   '/profit-calculator': () => import('./pages/profit-calculator'),
 * where the page file default-exports a component that renders <PageLayout variant=... meta=...>.
 */
const pageModules: Readonly<Record<PagePath, () => Promise<{ default: ComponentType }>>> = {
  '/': () => import('./pages/landing'),
  '/app': () => import('./pages/analyzer'),
  '/terminal': () => import('./pages/terminal'),
  '/clients': () => import('./pages/clients'),
  '/financial-advisor': () => import('./pages/financial-advisor'),
  '/login': () => import('./pages/login'),
  '/signup': () => import('./pages/signup'),
  '/profit-calculator': () => import('./pages/profit-calculator'),
  '/paper-trading': () => import('./pages/paper-trading'),
  '/api-settings': () => import('./pages/api-settings'),
  '/api-docs': () => import('./pages/api-docs'),
  '/features': () => import('./pages/features'),
  '/about': () => import('./pages/about'),
  '/resources': () => import('./pages/resources'),
  '/unbiased': () => import('./pages/unbiased'),
  '/robinhood-guide': () => import('./pages/robinhood-guide'),
  '/compliance': () => import('./pages/compliance'),
  '/terms': () => import('./pages/terms'),
  '/privacy': () => import('./pages/privacy'),
  '/gamification': () => import('./pages/gamification'),
  '/verify-email': () => import('./pages/verify-email'),
  '/forgot-password': () => import('./pages/forgot-password'),
  '/reset-password': () => import('./pages/reset-password'),
  '/account': () => import('./pages/account'),
  '/pricing': () => import('./pages/pricing'),
  '/subscribe': () => import('./pages/subscribe'),
  '/subscribe-stripe': () => import('./pages/subscribe-stripe'),
  '/subscribe-demo': () => import('./pages/subscribe-demo'),
  '/checkout': () => import('./pages/checkout'),
  '/success': () => import('./pages/success'),
  '/test-stripe': () => import('./pages/test-stripe'),
  '/contact': () => import('./pages/contact'),
  '/admin': () => import('./pages/admin'),
  '/activity': () => import('./pages/activity'),
  '/performance': () => import('./pages/performance'),
};

type PageModule = Awaited<ReturnType<(typeof pageModules)[PagePath]>>;

/** The pages loadPage has loaded. */
const loadedPages = new Map<string, PageModule>();

const pages = Object.fromEntries(
  Object.entries(pageModules).map(([path, load]) => [
    path,
    lazy(() => {
      const loaded = loadedPages.get(path);
      // A thenable that calls back at once: React.lazy then renders the page without suspending (a promise,
      // even a settled one, calls back only later, and the Suspense fallback would show for that moment).
      return loaded
        ? ({ then: (resolve: (module: PageModule) => void) => resolve(loaded) } as Promise<PageModule>)
        : load();
    }),
  ]),
) as Record<PagePath, LazyExoticComponent<ComponentType>>;

/**
 * Loads the code of the page at `path` (nothing for a path outside the route table), so that its first render
 * does not wait for its chunk: main.tsx replaces a prerendered first view with the page itself, never with the
 * loading fallback in between.
 */
export async function loadPage(path: string): Promise<void> {
  const load = (pageModules as Partial<Record<string, () => Promise<PageModule>>>)[path];
  if (load) loadedPages.set(path, await load());
}

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
  /** Prerendering only: renders this instead of the routes (a page's first view, which the browser replaces). */
  firstView?: ComponentType;
}

/** The browser renders the same tree as the prerender (props aside), as hydration requires. */
export function App({ ssrPath, onPageMeta, firstView: FirstView }: AppProps) {
  return (
    <Router ssrPath={ssrPath}>
      <PageMetaSink value={onPageMeta ?? null}>
        <QueryClientProvider client={queryClient}>
          <ScrollToTop />
          <AnalyticsLoader />
          <UnderHeaderContext value={<DemoSettings />}>
            {FirstView ? <FirstView /> : <AppRoutes />}
          </UnderHeaderContext>
          <Toaster />
        </QueryClientProvider>
      </PageMetaSink>
    </Router>
  );
}
