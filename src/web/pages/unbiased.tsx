import { Link } from 'wouter';
import { ArrowRight, Bot, CircleCheck, CircleX, Scale, UserRound } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { Button } from '../components/ui/button';
import {
  GROUNDING_STEPS,
  HUMAN_BIASES,
  MODEL_BIASES,
  MODEL_LIMITS,
  MODEL_STRENGTHS,
} from '../features/marketing/bias-content';
import { EducationalNote, MarketingHero, MarketingSection } from '../features/marketing/marketing-hero';

const META = {
  title: 'Human vs AI Bias in Investing — Foliowise',
  description:
    'The biases people bring to investing, the biases AI models have too, and how Foliowise keeps its AI grounded in numbers computed by code.',
  keywords:
    'investing biases, loss aversion, overconfidence, recency bias, AI bias, AI hallucination, grounded AI, unbiased portfolio analysis',
};

/** /unbiased: the human versus AI bias comparison, with breadcrumbs (Home > Unbiased). */
export default function UnbiasedPage() {
  return (
    <PageLayout variant="landing" meta={META}>
      <MarketingHero
        eyebrow="Human and AI bias"
        icon={Scale}
        title="Nobody is unbiased. Here is how we keep the numbers honest."
        lead="People bring predictable biases to investing, and AI models have biases of their own. Foliowise does not pretend a model fixes that: it computes the numbers with code and lets the model only put them into words."
      />

      <MarketingSection
        id="human-biases"
        title="Human biases, side by side with computed analysis"
        lead="Six well-studied biases, what computed analysis does instead, and what it still cannot do."
      >
        <ul className="flex flex-col gap-4">
          {HUMAN_BIASES.map((bias, index) => (
            <li key={bias.name}>
              <article
                aria-labelledby={`bias-${index}`}
                className="grid gap-4 rounded-xl border border-border p-5 md:grid-cols-[12rem_1fr_1fr] md:p-6"
              >
                <h3 id={`bias-${index}`} className="text-lg font-semibold">
                  {bias.name}
                </h3>
                <div className="flex flex-col gap-1.5">
                  <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    <UserRound className="size-4" aria-hidden="true" />
                    In people
                  </p>
                  <p className="text-sm leading-relaxed">{bias.inPeople}</p>
                </div>
                <div className="flex flex-col gap-1.5">
                  <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    <Bot className="size-4" aria-hidden="true" />
                    In computed analysis
                  </p>
                  <p className="text-sm leading-relaxed">{bias.computed}</p>
                  <p className="text-sm leading-relaxed text-muted-foreground">
                    <span className="font-semibold text-foreground">Still true: </span>
                    {bias.limit}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection
        id="model-biases"
        title="AI has biases too"
        tone="surface"
        lead="A language model is not a neutral referee. Left to itself, it has failure modes that matter for money."
      >
        <ul className="grid gap-4 sm:grid-cols-2">
          {MODEL_BIASES.map((item) => (
            <li key={item.title} className="rounded-xl border border-border bg-background p-5">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection id="grounding" title="How Foliowise grounds its AI">
        <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {GROUNDING_STEPS.map((step, index) => (
            <li key={step.title} className="flex flex-col gap-3 rounded-xl border border-border p-5">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="font-semibold">{step.title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </MarketingSection>

      <MarketingSection id="can-cannot" title="What a model can and cannot do" tone="surface">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border border-border bg-background p-6">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <CircleCheck className="size-5 text-success" aria-hidden="true" />
              It can
            </h3>
            <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed">
              {MODEL_STRENGTHS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-border bg-background p-6">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <CircleX className="size-5 text-destructive" aria-hidden="true" />
              It cannot
            </h3>
            <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed">
              {MODEL_LIMITS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href="/app">
              See your portfolio’s numbers
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/compliance#ai-content">Read the AI disclosure</Link>
          </Button>
        </div>
        <EducationalNote className="mt-10 text-sm font-semibold text-muted-foreground" />
      </MarketingSection>
    </PageLayout>
  );
}
