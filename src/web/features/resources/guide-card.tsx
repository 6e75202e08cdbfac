import { useId, useState } from 'react';
import { BookOpen, ChevronDown, Download, FileText } from 'lucide-react';
import { guideFileName, guidePdfPath, readingMinutes, type Guide } from '../../../domain/guides';
import { trackEvent } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../../components/ui/button';
import { Button } from '../../components/ui/button';
import { GuideArticle } from './guide-article';

/** One downloadable guide: what it covers, a PDF download, and the full text to read on the page. */
export function GuideCard({ guide }: { guide: Guide }) {
  const [isReading, setIsReading] = useState(false);
  const articleId = useId();
  const titleId = `guide-${guide.slug}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-5 rounded-xl border border-border bg-background p-6 shadow-sm md:p-8"
    >
      <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr]">
        <div className="flex flex-col gap-3">
          <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <FileText className="size-4 text-primary" aria-hidden="true" />
            Guide • {readingMinutes(guide)} min read • PDF
          </p>
          <h3 id={titleId} className="text-xl font-semibold tracking-tight">
            {guide.title}
          </h3>
          <p className="leading-relaxed text-muted-foreground">{guide.summary}</p>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row">
            <a
              href={guidePdfPath(guide)}
              download={guideFileName(guide)}
              aria-label={`Download PDF: ${guide.title}`}
              className={buttonClasses()}
              onClick={() => trackEvent('guide_download', { category: 'resources', label: guide.slug })}
            >
              <Download aria-hidden="true" />
              Download PDF
            </a>
            <Button
              variant="outline"
              aria-expanded={isReading}
              aria-controls={articleId}
              aria-label={`${isReading ? 'Hide guide' : 'Read online'}: ${guide.title}`}
              onClick={() => setIsReading((open) => !open)}
            >
              <BookOpen aria-hidden="true" />
              {isReading ? 'Hide guide' : 'Read online'}
              <ChevronDown
                className={cn('transition-transform', isReading && 'rotate-180')}
                aria-hidden="true"
              />
            </Button>
          </div>
        </div>
        <div className="rounded-lg bg-surface p-4">
          <p className="text-sm font-semibold text-foreground">What’s inside</p>
          <ol className="mt-2 flex list-decimal flex-col gap-1 pl-5 text-sm text-muted-foreground marker:text-primary">
            {guide.sections.map((section) => (
              <li key={section.heading}>{section.heading}</li>
            ))}
          </ol>
        </div>
      </div>
      <div id={articleId} hidden={!isReading} className="border-t border-border pt-6">
        {isReading ? <GuideArticle guide={guide} /> : null}
      </div>
    </article>
  );
}
