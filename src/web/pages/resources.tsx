import { Link } from 'wouter';
import { ArrowRight, BookOpen, FileText, ShieldCheck } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { Button } from '../components/ui/button';
import { GUIDES } from '../../domain/guides';
import { DISCLOSURES } from '../features/marketing/compliance';
import { FaqAccordion } from '../features/marketing/faq-accordion';
import { RESOURCE_FAQ } from '../features/marketing/faq-items';
import { GuideCard } from '../features/resources/guide-card';
import { EducationalNote, MarketingHero, MarketingSection } from '../features/marketing/marketing-hero';

const META = {
  title: 'Resources: Investing Guides and FAQ — Foliowise',
  description:
    'Free investing guides to download as PDF or read online: diversification, risk and volatility, fees and taxes, paper trading. Plus answers to common questions and our compliance documents.',
  keywords:
    'investing guides PDF, diversification guide, risk and volatility, investment fees and taxes, paper trading guide, investing FAQ',
};

/** /resources: four downloadable guides, six FAQ items, the compliance documents and a link to /compliance. */
export default function ResourcesPage() {
  return (
    <PageLayout variant="landing" meta={META}>
      <MarketingHero
        eyebrow="Resources"
        icon={BookOpen}
        title="Guides and answers for everyday investors"
        lead="Short, practical guides you can download and keep, answers to the questions we hear most, and the documents that explain what Foliowise is and is not."
      />

      <MarketingSection
        id="guides"
        title="Guides"
        lead="Each guide is a free PDF you can download, or read right here. They explain general ideas with worked examples; they are not advice about your own situation."
      >
        <div className="flex flex-col gap-6">
          {GUIDES.map((guide) => (
            <GuideCard key={guide.slug} guide={guide} />
          ))}
        </div>
      </MarketingSection>

      <MarketingSection id="faq" title="Frequently asked questions" tone="surface">
        <div className="max-w-4xl">
          <FaqAccordion items={RESOURCE_FAQ} />
        </div>
      </MarketingSection>

      <MarketingSection
        id="compliance-documents"
        title="Compliance documents"
        lead="What Foliowise is, how it handles your data and where its numbers come from, each on our compliance page."
      >
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {DISCLOSURES.map((document) => (
            <li key={document.id}>
              <Link
                href={`/compliance#${document.id}`}
                className="flex h-full items-start gap-3 rounded-lg border border-border p-4 text-sm font-medium text-foreground hover:border-primary hover:bg-primary-soft"
              >
                <FileText className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {document.title}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col items-start gap-4 rounded-xl border border-border bg-surface p-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <ShieldCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
            <p className="leading-relaxed">
              <span className="font-semibold">All disclosures in one place.</span> Educational tool, not
              investment advice, data handling, the annual review and the AML rule dates.
            </p>
          </div>
          <Button asChild>
            <Link href="/compliance">
              View compliance
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <EducationalNote className="mt-10 text-sm font-semibold text-muted-foreground" />
      </MarketingSection>
    </PageLayout>
  );
}
