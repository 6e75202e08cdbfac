import { Mail, type LucideIcon } from 'lucide-react';
import { PageLayout } from '../../components/layout/page-layout';
import type { PageMeta } from '../../components/layout/page-meta';
import { SUPPORT_EMAIL } from '../../components/layout/nav-links';
import { DisclosureBlocks } from './disclosure-blocks';
import type { LegalSection } from './legal';
import { MarketingHero, MarketingSection } from './marketing-hero';
import { useScrollToHash } from './use-scroll-to-hash';

export interface LegalPageProps {
  meta: PageMeta;
  icon: LucideIcon;
  title: string;
  lead: string;
  sections: readonly LegalSection[];
}

/** /terms and /privacy: a hero, then one titled section per topic, then the support address. */
export function LegalPage({ meta, icon, title, lead, sections }: LegalPageProps) {
  useScrollToHash();
  return (
    <PageLayout variant="landing" meta={meta}>
      <MarketingHero eyebrow="Legal" icon={icon} title={title} lead={lead} />
      <MarketingSection id="sections" title="In detail" tone="surface">
        <div className="flex flex-col gap-6">
          {sections.map((section) => (
            <article
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 rounded-xl border border-border bg-background p-6 md:p-8"
            >
              <h3 id={`${section.id}-title`} className="text-xl font-semibold">
                {section.title}
              </h3>
              <div className="mt-4 max-w-3xl">
                <DisclosureBlocks blocks={section.blocks} />
              </div>
            </article>
          ))}
        </div>
      </MarketingSection>
      <MarketingSection id="contact" title="Questions">
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="inline-flex items-center gap-2 rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Mail className="size-4" aria-hidden="true" />
          {SUPPORT_EMAIL}
        </a>
      </MarketingSection>
    </PageLayout>
  );
}
