import { Link } from 'wouter';
import {
  PLANS,
  centsToDollars,
  formatPlanDollars,
  yearlySavingsPercent,
  type PlanId,
} from '../../../domain/plans';

const premium = PLANS.premium.price;

/** 'Premium is $276 a year instead of $348', from the price table. */
function yearVersusMonths(planId: PlanId): string {
  const price = PLANS[planId].price;
  if (!price) return '';
  const dollars = (cents: number) => formatPlanDollars(centsToDollars(cents));
  return `${PLANS[planId].name} is ${dollars(price.yearlyCents)} a year instead of ${dollars(price.monthlyCents * 12)}`;
}

/** The FAQ of /pricing, in the shape of the marketing FAQ accordion. */
export const PRICING_FAQ = [
  {
    id: 'cancel',
    question: 'Can I cancel at any time?',
    answer: (
      <>
        Yes. Open <Link href="/account#billing">Billing</Link> in your account and choose Manage Billing:
        Stripe&apos;s billing portal cancels or changes your plan. You keep the paid features until the end of
        the period you paid for.
      </>
    ),
  },
  {
    id: 'trial',
    question: 'Is there a free trial?',
    answer:
      'Premium starts with a 7-day free trial, once per customer. You are charged when the trial ends unless you cancel before then.',
  },
  {
    id: 'annual',
    question: 'How much does annual billing save?',
    answer: `Annual billing costs about ${premium ? yearlySavingsPercent(premium) : 0}% less than twelve monthly payments: ${yearVersusMonths('premium')}, ${yearVersusMonths('professional')}.`,
  },
  {
    id: 'students',
    question: 'Do you offer a student discount?',
    answer: (
      <>
        Students get 50% off: <Link href="/contact">write to us</Link> from your school email address and we
        send you a promotion code to enter at checkout.
      </>
    ),
  },
  {
    id: 'methods',
    question: 'How can I pay?',
    answer:
      'By credit or debit card, PayPal, Apple Pay, Google Pay or bank transfer. Payments are handled by Stripe: your card or bank details go to Stripe and never reach our servers.',
  },
  {
    id: 'guarantee',
    question: 'Is there a money-back guarantee?',
    answer:
      'Yes: if Foliowise is not for you, ask within 30 days of your first payment and we refund it in full.',
  },
] as const;
