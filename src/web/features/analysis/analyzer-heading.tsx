import type { PageMeta } from '../../components/layout/page-meta';

export const ANALYZER_META: PageMeta = {
  title: 'Portfolio Analyzer — Foliowise',
  description:
    'Import your stocks, funds and crypto from a brokerage export, a sample or by hand, and see their value, risk, diversification and a health check explained.',
  keywords:
    'portfolio analyzer, AI portfolio analysis, brokerage CSV import, diversification, portfolio risk, health check',
  path: '/app',
};

/**
 * The analyzer's title and introduction: the same for everyone, so the build prerenders them into /app's first
 * view (pages/analyzer-first-view.tsx) as well as the page showing them.
 */
export function AnalyzerHeading() {
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">AI Portfolio Analyzer</h1>
      <p className="max-w-3xl text-muted-foreground">
        Bring your portfolio from a brokerage, a CSV export, a sample or by hand. See what it is worth today,
        how much risk it carries and where it lacks diversification, explained in plain language.
      </p>
    </header>
  );
}
