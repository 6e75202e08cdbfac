import { Link } from 'wouter';
import { CSV_BROKERS, CSV_BROKER_LABELS } from '../../../domain/broker-csv/brokers';
import {
  PLAN_LIST,
  centsToDollars,
  formatPlanDollars,
  planAdditions,
  yearlyPricePerMonthDollars,
  type Plan,
} from '../../../domain/plans';
import { usePlanCopy } from '../../lib/plan-copy';
import type { FaqItem } from './faq-accordion';
import { joinWithAnd } from './text';

/** '$0', '$29/month or $23/month billed yearly', 'contact us'. */
function priceText(plan: Plan): string {
  if (!plan.price) return 'contact us';
  if (plan.price.monthlyCents === 0) return formatPlanDollars(0);
  return `${formatPlanDollars(centsToDollars(plan.price.monthlyCents))}/month or ${formatPlanDollars(yearlyPricePerMonthDollars(plan.price))}/month billed yearly`;
}
const brokers = CSV_BROKERS.filter((broker) => broker !== 'generic').map(
  (broker) => CSV_BROKER_LABELS[broker],
);

/** What each plan adds, in the plan copy true on this server. */
function PlanAdditionsList() {
  const copy = usePlanCopy();
  return (
    <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5">
      {PLAN_LIST.map((plan) => {
        const additions = planAdditions(plan.id, copy);
        return (
          <li key={plan.id}>
            <span className="font-semibold text-foreground">
              {plan.name} ({priceText(plan)})
            </span>
            :{' '}
            {additions.length > 0
              ? additions.join(', ')
              : 'everything in Professional, on terms agreed with us'}
            .
          </li>
        );
      })}
    </ul>
  );
}

/** Spec 001 §9: six FAQ items on /resources. Answers state what the product does today. */
export const RESOURCE_FAQ: readonly FaqItem[] = [
  {
    id: 'advice',
    question: 'Is Foliowise financial advice?',
    answer: (
      <p>
        No. Foliowise is an educational tool. It computes figures about your portfolio and explains them, but
        it does not know your whole financial situation and does not tell you what to buy or sell. Decisions
        stay with you. Our <Link href="/compliance">disclosures</Link> explain this in full.
      </p>
    ),
  },
  {
    id: 'prices',
    question: 'Where do the prices come from?',
    answer: (
      <p>
        From market data providers: Yahoo Finance and CoinGecko without a key, and Alpha Vantage, Polygon and
        Financial Modeling Prep with one. Every quote carries its source and time, and quotes are cached for a
        minute by default. When no provider answers, Foliowise uses simulated prices and shows a
        &lsquo;Simulated prices&rsquo; badge, so you always know which you are looking at.
      </p>
    ),
  },
  {
    id: 'data',
    question: 'What happens to my portfolio data?',
    answer: (
      <p>
        Signed out, your portfolio stays in your browser; it is sent to our server only to be valued and
        analysed, and not saved there. Signed in, it is saved to your account so it is there when you come
        back. Imported files are read and not kept, brokerage credentials are not stored, and we do not sell
        your data.
      </p>
    ),
  },
  {
    id: 'brokers',
    question: 'Which brokerages can I import from?',
    answer: (
      <p>
        Foliowise reads the CSV exports of {joinWithAnd(brokers)}, and any CSV file with a symbol column and a
        quantity column. You can also type your holdings in or start from a sample portfolio. For Robinhood,
        see the <Link href="/robinhood-guide">Robinhood connection guide</Link>.
      </p>
    ),
  },
  {
    id: 'plans',
    question: 'What is free, and what do the paid plans add?',
    answer: (
      <>
        <p>Each plan includes everything in the plan before it:</p>
        <PlanAdditionsList />
        <p className="mt-2">
          See <Link href="/features#compare">the full comparison</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'ai',
    question: 'Can the AI be wrong?',
    answer: (
      <p>
        Yes. The figures are computed by code, not by the model, but the words a model writes around them can
        still misjudge a situation or sound more certain than they should. Treat AI text as a starting point.{' '}
        <Link href="/unbiased">How we ground the AI</Link> explains what it can and cannot do.
      </p>
    ),
  },
];
