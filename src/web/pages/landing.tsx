import { Link } from 'wouter';
import { ArrowRight, CircleCheck, Lock, Mail, ShieldCheck, Sparkles, Upload } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { SIGNED_IN_CTA_LABEL, SUPPORT_EMAIL } from '../components/layout/nav-links';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { PRODUCT_FEATURES } from '../features/marketing/feature-list';
import { trackEvent } from '../lib/analytics';
import { useIsSignedInAfterHydration } from '../lib/session';

const trackGetStarted = () => trackEvent('cta_click', { category: 'engagement', label: 'get_started' });

const WHAT_YOU_SEE = [
  'Total value and today’s change',
  'Risk level, volatility and drawdown',
  'Diversification by asset class, sector and region',
  'Health checks and plain-language recommendations',
];

const STEPS = [
  {
    icon: Upload,
    title: 'Bring your portfolio',
    text: 'Upload a brokerage export, type your holdings in, or start from a sample portfolio.',
  },
  {
    icon: Sparkles,
    title: 'See it explained',
    text: 'Figures are computed from market data with standard formulas; the AI turns them into clear, readable insights.',
  },
  {
    icon: ShieldCheck,
    title: 'Practise and plan',
    text: 'Try ideas with paper trading, and check a trade in the profit calculator before you make it.',
  },
];

export default function LandingPage() {
  const isSignedIn = useIsSignedInAfterHydration();
  return (
    <PageLayout
      variant="landing"
      meta={{
        title: 'Foliowise — AI Portfolio Analyzer for Everyday Investors',
        description:
          'Foliowise analyzes your stock, ETF and crypto portfolio with AI: value, risk, diversification and clear recommendations. A low-cost alternative to an expensive professional terminal.',
        keywords:
          'AI portfolio analyzer, portfolio analysis, diversification, investment risk, paper trading, profit calculator, stock and crypto portfolio',
        path: '/',
      }}
    >
      {/* Hero */}
      <section aria-labelledby="hero-heading" className="border-b border-border bg-surface">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.5fr_1fr] lg:px-8">
          <div className="flex min-w-0 flex-col gap-6">
            <Badge variant="secondary" className="self-start px-3 py-1 text-sm whitespace-normal">
              AI portfolio analyzer for everyday investors
            </Badge>
            <h1
              id="hero-heading"
              className="text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl"
            >
              Professional-grade portfolio insight, without the professional price tag
            </h1>
            <p className="max-w-2xl text-lg leading-relaxed text-muted-foreground">
              Foliowise looks at the stocks, funds and crypto you own and explains what you have: its value,
              how much risk it carries, where it lacks diversification and what you could do about it — a
              low-cost alternative to an expensive professional trading terminal.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link href="/app" onClick={trackGetStarted}>
                  {isSignedIn ? SIGNED_IN_CTA_LABEL : 'Get Started Free'}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link href="/pricing">See Pricing</Link>
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">
              Free plan available • No account needed to try the analyzer
            </p>
          </div>

          <Card className="p-6 shadow-md">
            <h2 className="text-base font-semibold text-foreground">What you see about your portfolio</h2>
            <ul className="mt-4 flex flex-col gap-3">
              {WHAT_YOU_SEE.map((item) => (
                <li key={item} className="flex items-start gap-3 text-sm text-foreground">
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
            <p className="mt-5 border-t border-border pt-4 text-xs text-muted-foreground">
              Prices come from market data providers; when none answers, simulated prices are clearly
              labelled.
            </p>
          </Card>
        </div>
      </section>

      {/* How it works */}
      <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="how-heading" className="text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex flex-col gap-3 rounded-xl border border-border p-6">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <step.icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-muted-foreground">Step {index + 1}</span>
              </div>
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      {/* Features overview */}
      <section aria-labelledby="features-heading" className="border-y border-border bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
            Everything an everyday investor needs
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Understand what you own, practise before you trade and keep learning — in one place.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {PRODUCT_FEATURES.map((feature) => (
              <li key={feature.href}>
                <Card className="group relative h-full transition-shadow focus-within:shadow-md hover:shadow-md">
                  <CardHeader>
                    <div className="flex items-center justify-between">
                      <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
                        <feature.icon className="size-6" aria-hidden="true" />
                      </span>
                      {feature.badge ? <Badge variant="warning">{feature.badge}</Badge> : null}
                    </div>
                    <CardTitle className="mt-3">
                      <Link
                        href={feature.href}
                        className="rounded-sm after:absolute after:inset-0 after:rounded-xl group-hover:text-primary"
                      >
                        {feature.title}
                      </Link>
                    </CardTitle>
                    <CardDescription className="leading-relaxed">{feature.description}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Privacy and trust */}
      <section aria-labelledby="privacy-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="grid gap-8 rounded-2xl border border-border p-8 md:grid-cols-[auto_1fr] md:p-10">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
            <Lock className="size-6" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-4">
            <h2 id="privacy-heading" className="text-2xl font-bold tracking-tight">
              Your data stays yours
            </h2>
            <p className="text-base leading-relaxed text-foreground">
              Signed out, your portfolio stays in this browser. Signed in, it is saved to your account so it
              is there when you come back — never sold or shared.
            </p>
            <p className="text-sm font-semibold text-muted-foreground">
              Educational tool • Not financial advice
            </p>
            <div className="flex flex-col gap-3 text-sm sm:flex-row sm:gap-6">
              <Link href="/compliance" className="rounded-sm font-medium text-primary hover:underline">
                Read our investment disclosures
              </Link>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary hover:underline"
              >
                <Mail className="size-4" aria-hidden="true" />
                Questions? {SUPPORT_EMAIL}
              </a>
            </div>
          </div>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-heading" className="bg-brand-dark">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
              See your portfolio clearly
            </h2>
            <p className="mt-2 text-brand-dark-muted">
              Start with the free plan. Upgrade only if you need the premium tools.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-white text-brand-dark hover:bg-primary-soft">
              <Link href="/app" onClick={trackGetStarted}>
                {isSignedIn ? SIGNED_IN_CTA_LABEL : 'Analyze My Portfolio'}
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/70 bg-transparent text-white hover:bg-white/10"
            >
              <Link href="/pricing">Compare Plans</Link>
            </Button>
          </div>
        </div>
      </section>
    </PageLayout>
  );
}
