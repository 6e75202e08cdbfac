import { Link } from 'wouter';
import { ArrowRight, Info, Sparkles } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { centsToDollars, formatPlanDollars, planIntroducing, type Plan } from '../../domain/plans';
import { FEATURE_CARDS, PLAN_HIGHLIGHTS } from '../features/marketing/features-content';
import { EducationalNote, MarketingHero, MarketingSection } from '../features/marketing/marketing-hero';
import { PlanComparisonTable } from '../features/marketing/plan-comparison-table';
import { trackEvent } from '../lib/analytics';

const META = {
  title: 'Features — Foliowise',
  description:
    'Portfolio valuation, risk analytics, diversification and health checks, AI insights grounded in computed numbers, paper trading and a profit calculator — and what each Foliowise plan adds.',
  keywords:
    'portfolio analyzer features, risk analytics, diversification, AI portfolio insights, paper trading, profit calculator, plan comparison',
};

const trackGetStarted = () => trackEvent('cta_click', { category: 'engagement', label: 'get_started' });

function planPriceLabel(plan: Plan): string {
  const { price } = plan;
  return price ? `from ${formatPlanDollars(centsToDollars(price.monthlyCents))}/month` : 'by contact';
}

/** /features: six feature cards, four paid-plan highlights, the plan comparison; links to /pricing and /app. */
export default function FeaturesPage() {
  return (
    <PageLayout variant="landing" meta={META}>
      <MarketingHero
        eyebrow="Features"
        icon={Sparkles}
        title="See what you own, how much risk it carries, and what to learn next"
        lead="Everything Foliowise does for an everyday investor, what each plan includes, and where the numbers come from."
      >
        <Button asChild size="lg">
          <Link href="/app" onClick={trackGetStarted}>
            Try the Portfolio Analyzer
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/pricing">See pricing</Link>
        </Button>
      </MarketingHero>

      <MarketingSection
        id="features"
        title="What you can do with Foliowise"
        lead="The free plan covers the analyzer, health check, education and the calculator. Figures are computed by code from market data; nothing is made up by a model."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURE_CARDS.map((feature) => (
            <li key={feature.title}>
              <Card className="flex h-full flex-col">
                <CardHeader className="gap-3">
                  <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
                    <feature.icon className="size-6" aria-hidden="true" />
                  </span>
                  <CardTitle>{feature.title}</CardTitle>
                  <CardDescription className="leading-relaxed">{feature.description}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto">
                  <Link
                    href={feature.href}
                    className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {feature.linkLabel}
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection
        id="premium"
        tone="surface"
        title="Premium and Professional"
        lead="Paid plans open the professional terminal today. Trading suggestions, all your accounts in one place and reports for several portfolios are coming, and are marked so below."
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {PLAN_HIGHLIGHTS.map((highlight) => {
            const plan = planIntroducing(highlight.feature);
            return (
              <li key={highlight.title}>
                <Card className="flex h-full gap-4 p-6">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                    <highlight.icon className="size-6" aria-hidden="true" />
                  </span>
                  <div className="flex flex-col gap-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="text-lg leading-tight font-semibold">{highlight.title}</h3>
                      <Badge variant={plan.id === 'premium' ? 'warning' : 'secondary'}>{plan.name}</Badge>
                      {highlight.isComing ? <Badge variant="outline">Coming soon</Badge> : null}
                    </div>
                    <p className="text-sm leading-relaxed text-muted-foreground">{highlight.description}</p>
                    <p className="text-xs font-medium text-muted-foreground">
                      {plan.name} {planPriceLabel(plan)}
                    </p>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      </MarketingSection>

      <MarketingSection
        id="compare"
        title="Compare plans"
        lead="Each plan includes everything in the plan to its left. Yearly billing costs less per month."
      >
        <p className="mb-3 text-sm text-muted-foreground sm:hidden">Scroll sideways to see all four plans.</p>
        <PlanComparisonTable />
        <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Prices in US dollars. Quotes come from market data providers and may be delayed by them; when none
          answers, simulated prices are shown and labelled.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href="/pricing">See pricing and plans</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/app" onClick={trackGetStarted}>
              Start free
            </Link>
          </Button>
        </div>
        <EducationalNote className="mt-10 text-sm font-semibold text-muted-foreground" />
      </MarketingSection>
    </PageLayout>
  );
}
