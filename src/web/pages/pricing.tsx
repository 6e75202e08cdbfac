import { useState } from 'react';
import { Link } from 'wouter';
import { BadgeCheck, GraduationCap, ShieldCheck } from 'lucide-react';
import type { BillingInterval } from '../../domain/plans';
import { PageLayout } from '../components/layout/page-layout';
import { buttonClasses } from '../components/ui/button';
import { IntervalSwitch } from '../features/billing/interval-switch';
import { PricingCards } from '../features/billing/pricing-cards';
import { PRICING_FAQ } from '../features/billing/pricing-faq';
import { FaqAccordion } from '../features/marketing/faq-accordion';
import { EducationalNote, MarketingSection } from '../features/marketing/marketing-hero';
import { PlanComparisonTable } from '../features/marketing/plan-comparison-table';

const META = {
  title: 'Pricing Plans — Foliowise',
  description:
    'Foliowise plans: Free, Premium at $29/month with a 7-day free trial, Professional at $99/month, and Enterprise by contact. Save 20% with annual billing.',
  keywords:
    'portfolio analyzer pricing, Bloomberg terminal alternative price, AI trading suggestions plan, premium investing tools',
  path: '/pricing',
};

/** /pricing (spec 000 "/pricing"): four plan cards, a monthly/annual switch, the comparison, the FAQ, Contact Sales. */
export default function PricingPage() {
  const [interval, setBillingInterval] = useState<BillingInterval>('monthly');
  return (
    <PageLayout variant="landing" meta={META}>
      <section aria-labelledby="page-heading" className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-5 px-4 py-10 text-center sm:px-6 md:py-14 lg:px-8">
          <h1
            id="page-heading"
            className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl"
          >
            Professional portfolio tools at a fraction of a terminal&apos;s price
          </h1>
          <p className="max-w-2xl text-lg leading-relaxed text-muted-foreground">
            Start free. Upgrade for AI trading suggestions, all your accounts in one view and the trading
            terminal. Cancel at any time.
          </p>
          <IntervalSwitch name="pricing-interval" value={interval} onChange={setBillingInterval} />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <PricingCards interval={interval} />
        <ul className="mt-8 grid gap-4 text-sm text-muted-foreground sm:grid-cols-3">
          <li className="flex items-start gap-2">
            <BadgeCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            7-day free trial of Premium for new subscribers
          </li>
          <li className="flex items-start gap-2">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            Payments by Stripe: card and bank details never reach our servers
          </li>
          <li className="flex items-start gap-2">
            <GraduationCap className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            Students save 50% with a promotion code at checkout
          </li>
        </ul>
      </div>

      <MarketingSection
        id="compare"
        tone="surface"
        title="Compare plans"
        lead="Each plan includes everything in the plan to its left."
      >
        <p className="mb-3 text-sm text-muted-foreground sm:hidden">Scroll sideways to see all four plans.</p>
        <PlanComparisonTable />
      </MarketingSection>

      <MarketingSection id="faq" title="Frequently asked questions">
        <div className="max-w-3xl">
          <FaqAccordion items={PRICING_FAQ} />
        </div>
      </MarketingSection>

      <MarketingSection
        id="sales"
        tone="surface"
        title="A plan for your firm?"
        lead="Enterprise adds volume pricing, white-label reports and a named contact. Tell us what you need."
      >
        <Link href="/contact" className={buttonClasses({ size: 'lg' })}>
          Contact Sales
        </Link>
        <EducationalNote className="mt-10 text-sm font-semibold text-muted-foreground" />
      </MarketingSection>
    </PageLayout>
  );
}
