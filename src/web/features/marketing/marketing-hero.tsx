import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** The top of a marketing or information page: an eyebrow, the page's one h1, a lead paragraph, actions. */
export function MarketingHero({
  eyebrow,
  title,
  lead,
  icon: Icon,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-heading" className="border-b border-border bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-10 sm:px-6 md:py-14 lg:px-8">
        {eyebrow ? (
          <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-primary uppercase">
            {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
            {eyebrow}
          </p>
        ) : null}
        <h1
          id="page-heading"
          className="max-w-4xl text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl lg:text-5xl"
        >
          {title}
        </h1>
        <div className="max-w-3xl text-lg leading-relaxed text-muted-foreground">{lead}</div>
        {children ? <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">{children}</div> : null}
      </div>
    </section>
  );
}

/** A titled band of a marketing page; `id` names its h2 for aria-labelledby and in-page links. */
export function MarketingSection({
  id,
  title,
  lead,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  tone?: 'plain' | 'surface';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={tone === 'surface' ? 'scroll-mt-20 border-y border-border bg-surface' : 'scroll-mt-20'}
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {lead ? <div className="mt-3 max-w-3xl leading-relaxed text-muted-foreground">{lead}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** The line every educational page carries (spec 000 §1). */
export function EducationalNote({ className }: { className?: string }) {
  return (
    <p className={className ?? 'text-center text-sm font-semibold text-muted-foreground'}>
      Educational tool • Not financial advice
    </p>
  );
}
