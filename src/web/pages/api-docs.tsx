import { Link } from 'wouter';
import { PageLayout } from '../components/layout/page-layout';
import { ApiDocsView } from '../features/api-v1/api-docs-view';

const BREADCRUMB = [
  { label: 'Home', href: '/' },
  { label: 'API Documentation', href: '/api-docs' },
];

const META = {
  title: 'API Documentation — Foliowise',
  description:
    'The Foliowise read API for the Professional plan: personal API tokens, scopes, rate limits, endpoints and schemas.',
  keywords: 'Foliowise API, portfolio API, OpenAPI, API token, REST',
};

/** /api-docs: the /api/v1 reference, rendered from its OpenAPI document (decision 030). */
export default function ApiDocsPage() {
  return (
    <PageLayout variant="app" meta={META} breadcrumb={BREADCRUMB}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">API Documentation</h1>
          <p className="max-w-2xl text-muted-foreground">
            Read your portfolio, its valuation and analysis, and your paper portfolios with a personal API
            token. Professional users create tokens on{' '}
            <Link
              href="/api-settings"
              className="font-medium text-primary underline-offset-2 hover:underline"
            >
              API Settings
            </Link>
            .
          </p>
        </header>
        <ApiDocsView />
      </div>
    </PageLayout>
  );
}
