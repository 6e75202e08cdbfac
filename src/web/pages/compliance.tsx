import { Link } from 'wouter';
import { Mail, ShieldCheck } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { SUPPORT_EMAIL } from '../components/layout/nav-links';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { DISCLOSURES } from '../features/marketing/compliance';
import { DisclosureBlocks } from '../features/marketing/disclosure-blocks';
import { EducationalNote, MarketingHero, MarketingSection } from '../features/marketing/marketing-hero';
import { useScrollToHash } from '../features/marketing/use-scroll-to-hash';

const META = {
  title: 'Investment Disclosures & Compliance — Foliowise',
  description:
    'Foliowise is an educational tool, not investment advice. How we handle your data, where prices come from, how AI text is grounded, our annual review and the AML rule dates.',
  keywords:
    'investment disclosures, not financial advice, data privacy, market data sources, AI disclosure, AML, FinCEN, compliance',
};

/** /compliance: the spec's static cards and disclosures, reachable from the mobile menu and the footer. */
export default function CompliancePage() {
  useScrollToHash();
  return (
    <PageLayout variant="landing" meta={META}>
      <MarketingHero
        eyebrow="Compliance"
        icon={ShieldCheck}
        title="Investment Disclosures & Compliance"
        lead="What Foliowise is and is not, how your data is handled, where the numbers come from, and the regulatory dates we track. Written to match what the product actually does."
      />

      <MarketingSection id="summary" title="At a glance">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {DISCLOSURES.map((item) => (
            <li key={item.id}>
              <Card className="group relative h-full transition-shadow focus-within:shadow-md hover:shadow-md">
                <CardHeader className="gap-3">
                  <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
                    <item.icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle className="text-base">
                    <a
                      href={`#${item.id}`}
                      className="rounded-sm after:absolute after:inset-0 after:rounded-xl group-hover:text-primary"
                    >
                      {item.title}
                    </a>
                  </CardTitle>
                  <CardDescription className="leading-relaxed">{item.summary}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection id="disclosures" title="Disclosures" tone="surface">
        <div className="flex flex-col gap-6">
          {DISCLOSURES.map((item) => (
            <article
              key={item.id}
              id={item.id}
              aria-labelledby={`${item.id}-title`}
              className="scroll-mt-24 rounded-xl border border-border bg-background p-6 focus:outline-none md:p-8"
            >
              <h3 id={`${item.id}-title`} className="flex items-center gap-3 text-xl font-semibold">
                <item.icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                {item.title}
              </h3>
              <div className="mt-4 max-w-3xl">
                <DisclosureBlocks blocks={item.details} />
              </div>
            </article>
          ))}
        </div>
      </MarketingSection>

      <MarketingSection id="questions" title="Questions">
        <div className="flex max-w-3xl flex-col gap-4 leading-relaxed">
          <p>
            If something here is unclear, or you think it does not match what the product does, tell us. More
            on how the AI is kept to computed numbers is on{' '}
            <Link href="/unbiased" className="font-medium text-primary underline-offset-4 hover:underline">
              our human versus AI bias page
            </Link>
            , and our guides are on{' '}
            <Link href="/resources" className="font-medium text-primary underline-offset-4 hover:underline">
              Resources
            </Link>
            .
          </p>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="inline-flex items-center gap-2 self-start rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <Mail className="size-4" aria-hidden="true" />
            {SUPPORT_EMAIL}
          </a>
          <EducationalNote className="mt-4 text-sm font-semibold text-muted-foreground" />
        </div>
      </MarketingSection>
    </PageLayout>
  );
}
