import { PageLayout } from '../components/layout/page-layout';
import { Spinner } from '../components/ui/spinner';
import { ANALYZER_META, AnalyzerHeading } from '../features/analysis/analyzer-heading';

/**
 * /app as the build prerenders it (src/web/prerender.tsx, FIRST_VIEW_PAGES): the frame, the title and the
 * introduction, which are the same for everyone, and a loading indicator where the person's portfolio goes
 * (in this browser or in their account: the build cannot know it). The browser renders the page over it
 * (main.tsx) as soon as its code has run, so a phone paints the page's largest text before the app's
 * JavaScript arrives.
 */
export function AnalyzerFirstView() {
  return (
    <PageLayout variant="app" meta={ANALYZER_META}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <AnalyzerHeading />
        <div className="flex min-h-[60vh] items-start justify-center pt-8">
          <Spinner className="size-8" label="Loading the analyzer" />
        </div>
      </div>
    </PageLayout>
  );
}
