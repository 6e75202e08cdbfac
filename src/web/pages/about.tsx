import { Suspense, lazy } from 'react';
import { Link } from 'wouter';
import { ArrowRight, BookOpen, Calculator, Database, Heart, Lock, Scale } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { SUPPORT_EMAIL } from '../components/layout/nav-links';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { EducationalNote, MarketingHero, MarketingSection } from '../features/marketing/marketing-hero';

const ProductStats = lazy(() => import('../features/marketing/product-stats-grid'));

const META = {
  title: 'About Foliowise — Our Mission and Values',
  description:
    'Why Foliowise exists, what we believe about numbers, data and advice, and statistics counted from the product itself.',
  keywords: 'about Foliowise, mission, values, investor education, portfolio analysis, honest AI',
};

const VALUES = [
  {
    icon: Calculator,
    title: 'Numbers first',
    text: 'Every figure is computed by code from market data with standard formulas. AI may put the figures into words; it never supplies them.',
  },
  {
    icon: Database,
    title: 'Honest about data',
    text: 'Each price carries its source and time. When no provider answers, simulated prices are used and clearly labelled.',
  },
  {
    icon: Scale,
    title: 'Education, not advice',
    text: 'We explain what a portfolio holds and how much risk it carries. Decisions stay with you, and we say so on every page.',
  },
  {
    icon: Lock,
    title: 'Your data stays yours',
    text: 'Signed out, your portfolio stays in your browser; signed in, it is saved to your account so it is there when you come back. We do not sell it.',
  },
];

function StatsFallback() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((key) => (
        <Skeleton key={key} className="h-44 rounded-xl" />
      ))}
    </div>
  );
}

/** /about: mission, values, the problem statement and statistics computed from the product (spec 001). */
export default function AboutPage() {
  return (
    <PageLayout variant="landing" meta={META}>
      <MarketingHero
        eyebrow="About"
        icon={Heart}
        title="Professional-grade insight, explained for everyday investors"
        lead="Foliowise helps people understand what they own, practise before they risk money and keep learning, at a fraction of the price of a professional terminal."
      />

      <MarketingSection id="problem" title="The problem">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="flex flex-col gap-4 text-base leading-relaxed">
            <p>
              Professional trading terminals put risk figures, exposure breakdowns and market data on one
              screen, at prices set for institutions. Brokerage apps show balances and daily moves, but rarely
              how much risk a portfolio carries, how concentrated it is, or what the fees and taxes of a trade
              will be.
            </p>
            <p>
              So everyday investors piece it together from spreadsheets, headlines and social media, or not at
              all. It is easy to own several funds that hold the same companies without noticing, and to learn
              how much risk you took only when the market falls.
            </p>
          </div>
          <div className="rounded-xl border border-border bg-surface p-6">
            <h3 className="text-lg font-semibold">What we do about it</h3>
            <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed marker:text-primary">
              <li>Compute the figures professionals look at, and explain each one in plain language.</li>
              <li>Point out concentration and diversification gaps before a downturn does.</li>
              <li>Offer a place to practise with virtual money, and a calculator for fees and tax.</li>
              <li>Keep a free plan that covers the essentials.</li>
            </ul>
          </div>
        </div>
      </MarketingSection>

      <MarketingSection id="mission" title="Our mission" tone="surface">
        <p className="max-w-3xl text-xl leading-relaxed font-medium text-foreground">
          To make portfolio insight understandable and affordable for everyday investors, and never to claim
          more than the numbers show.
        </p>
      </MarketingSection>

      <MarketingSection id="values" title="What we value">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title} className="flex flex-col gap-3 rounded-xl border border-border p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <value.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold">{value.title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{value.text}</p>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection
        id="numbers"
        title="Foliowise in numbers"
        tone="surface"
        lead="Counted from the product itself when this page loads, not typed in. We do not publish user counts or returns."
      >
        <Suspense fallback={<StatsFallback />}>
          <ProductStats />
        </Suspense>
      </MarketingSection>

      <MarketingSection id="next" title="Where to go next">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button asChild size="lg">
            <Link href="/app">
              Analyze your portfolio
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/resources">
              <BookOpen aria-hidden="true" />
              Read our guides
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href={`mailto:${SUPPORT_EMAIL}`}>Contact support</a>
          </Button>
        </div>
        <EducationalNote className="mt-10 text-sm font-semibold text-muted-foreground" />
      </MarketingSection>
    </PageLayout>
  );
}
