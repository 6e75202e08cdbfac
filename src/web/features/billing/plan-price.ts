import {
  centsToDollars,
  chargeCents,
  formatPlanDollars,
  yearlyPricePerMonthDollars,
  yearlySavingsCents,
  type BillingInterval,
  type PlanPrice,
} from '../../../domain/plans';

export interface PlanPriceText {
  /** '$29' monthly, '$23' yearly (per month, rounded to whole dollars). */
  perMonth: string;
  /** 'billed $276/year' on yearly billing; undefined on monthly. */
  billed?: string;
  /** 'saves $72' on yearly billing. */
  saves?: string;
  /** What one billing period charges: '$29/month', '$276/year'. */
  charge: string;
}

/** How a plan card and the subscribe pages write a price (DESIGN.md deviation 9), all from plans.ts. */
export function planPriceText(price: PlanPrice, interval: BillingInterval): PlanPriceText {
  const charge = formatPlanDollars(centsToDollars(chargeCents(price, interval)));
  if (interval === 'monthly') {
    return { perMonth: formatPlanDollars(centsToDollars(price.monthlyCents)), charge: `${charge}/month` };
  }
  return {
    perMonth: formatPlanDollars(yearlyPricePerMonthDollars(price)),
    billed: `billed ${charge}/year`,
    saves: `saves ${formatPlanDollars(centsToDollars(yearlySavingsCents(price)))}`,
    charge: `${charge}/year`,
  };
}
