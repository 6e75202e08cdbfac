import { computeTradeResult } from '../calculator';
import type { Guide } from './types';

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Fees example: $10,000 for 30 years at 7% a year before fees, the yearly fee taken off the return. */
const START = 10_000;
const YEARS = 30;
const GROSS_RETURN = 0.07;
const FEES = [0.0005, 0.005, 0.01];

function grownValue(annualFee: number): number {
  return START * (1 + GROSS_RETURN - annualFee) ** YEARS;
}

const NO_FEE_VALUE = grownValue(0);
const feeLines = FEES.map((fee) => {
  const value = grownValue(fee);
  return `Fee of ${(fee * 100).toFixed(2)}% a year: ${wholeDollars.format(value)}, ${wholeDollars.format(NO_FEE_VALUE - value)} less than with no fee.`;
});

/** Real return: (1 + nominal) / (1 + inflation) − 1. */
const NOMINAL = 0.07;
const INFLATION = 0.03;
const REAL = (1 + NOMINAL) / (1 + INFLATION) - 1;

/** The trade example, computed exactly as the profit calculator computes it. */
const TRADE = { qty: 100, buy: 50, target: 60, feePct: 0.1, flatFee: 0, taxPct: 20 } as const;
const trade = computeTradeResult(TRADE);
const priceMove = TRADE.target / TRADE.buy - 1;

export const feesTaxesAndYourRealReturn: Guide = {
  slug: 'fees-taxes-and-your-real-return',
  title: 'Fees, taxes and your real return',
  summary:
    'Why the return you keep is smaller than the return you see: fund fees, trading costs, taxes and ' +
    'inflation, with worked examples and the habits that keep these costs down.',
  sections: [
    {
      heading: 'Three returns',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'The headline return: how much the price or the index rose.',
            'Your net return: what is left after fees, trading costs and taxes.',
            'Your real return: your net return after inflation, that is, the extra you can actually buy.',
          ],
        },
        {
          kind: 'example',
          title: 'Inflation',
          lines: [
            `A ${(NOMINAL * 100).toFixed(0)}% return in a year with ${(INFLATION * 100).toFixed(0)}% inflation:`,
            `(1 + ${NOMINAL.toFixed(2)}) / (1 + ${INFLATION.toFixed(2)}) - 1 = ${(REAL * 100).toFixed(2)}% real return.`,
          ],
        },
      ],
    },
    {
      heading: 'Fund fees compound too',
      blocks: [
        {
          kind: 'paragraph',
          text:
            "A fund's expense ratio is a yearly percentage taken from the fund's assets. You never receive " +
            "a bill: it simply lowers the fund's return. Because it is charged every year on a growing " +
            'balance, small differences add up.',
        },
        {
          kind: 'example',
          title: `${wholeDollars.format(START)} for ${YEARS} years at ${(GROSS_RETURN * 100).toFixed(0)}% a year before fees`,
          lines: [`No fee: ${wholeDollars.format(NO_FEE_VALUE)}.`, ...feeLines],
        },
        {
          kind: 'paragraph',
          text:
            'The example assumes a steady return, which markets never deliver, but the effect of the fee ' +
            "is the same in any sequence of returns. A fund's expense ratio is listed on its fact sheet and " +
            'prospectus.',
        },
      ],
    },
    {
      heading: 'Trading costs',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Commissions: many US brokers charge nothing for online stock and ETF trades, but may charge for ' +
              'other orders, such as options contracts, some mutual funds or trades placed by phone.',
            'The bid-ask spread: you buy at the higher asking price and sell at the lower bid. The gap is a ' +
              'cost on every round trip, larger for thinly traded investments.',
            'Crypto: apps and exchanges charge trading fees, a spread built into the price, or both, often ' +
              'more than for stocks. Check the total cost before you confirm.',
            'Currency conversion: buying investments priced in another currency can carry an exchange fee.',
            'Advice and account fees: an adviser or managed account may charge a yearly percentage of your ' +
              'assets, on top of the funds it uses.',
          ],
        },
        {
          kind: 'paragraph',
          text:
            'Trading often multiplies these costs. Each trade pays a spread and possibly a commission, and ' +
            'in a taxable account each profitable sale can create a tax bill.',
        },
      ],
    },
    {
      heading: 'A trade, start to finish',
      blocks: [
        {
          kind: 'example',
          title: `Buy ${TRADE.qty} shares at ${dollars.format(TRADE.buy)}, sell at ${dollars.format(TRADE.target)}, ${TRADE.feePct}% fee per side, ${TRADE.taxPct}% tax on profit`,
          lines: [
            `Cost basis: ${dollars.format(trade.buyNotional)} + ${dollars.format(trade.buyFee)} buy fee = ${dollars.format(trade.costBasis)}.`,
            `Proceeds: ${dollars.format(trade.sellNotional)} - ${dollars.format(trade.sellFee)} sell fee = ${dollars.format(trade.netProceedsPreTax)}.`,
            `Profit before tax: ${dollars.format(trade.profitPreTax)}. Tax: ${dollars.format(trade.tax)}. Profit after tax: ${dollars.format(trade.profit)}.`,
            `The price rose ${(priceMove * 100).toFixed(0)}%; the return on cost after fees and tax is ${trade.roi.toFixed(2)}%.`,
            `Break-even price, where the fees are just covered: ${dollars.format(trade.breakEven)}.`,
          ],
        },
        {
          kind: 'paragraph',
          text:
            'The tax rate here is an illustration; your rate depends on your income, how long you held the ' +
            "investment and where you live. Foliowise's free Profit Calculator does this arithmetic for any " +
            'trade you are considering.',
        },
      ],
    },
    {
      heading: 'Taxes: the general rules in the United States',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'You owe tax on a gain when you sell (realise it), not while the price rises.',
            'Gains on investments held one year or less are short-term and taxed at ordinary income rates. ' +
              'Gains on investments held more than one year are long-term and taxed at lower federal rates ' +
              '(0%, 15% or 20%, depending on income).',
            'Qualified dividends are taxed at the long-term rates; other dividends and interest at ordinary rates.',
            'Losses offset gains. Up to $3,000 of net capital loss a year ($1,500 if married filing ' +
              'separately) can offset other income; the rest carries forward to later years.',
            'Wash sales: a loss is disallowed if you buy the same or a substantially identical investment ' +
              'within 30 days before or after selling it at a loss. The disallowed loss is added to the cost ' +
              'of the new shares.',
            'Crypto is treated as property: selling it, trading one coin for another or spending it can ' +
              'create a taxable gain or loss.',
            'States may tax investment income too.',
          ],
        },
      ],
    },
    {
      heading: 'Tax-advantaged accounts',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Inside a 401(k) or an IRA, buying and selling does not create a yearly tax bill. With traditional ' +
            'accounts, contributions may lower your taxable income today and withdrawals are taxed as ' +
            'income later. With Roth accounts, you contribute money that has already been taxed, and ' +
            'qualified withdrawals are tax-free. Both kinds have contribution limits, eligibility rules and ' +
            'conditions on early withdrawals, which the IRS publishes and updates each year.',
        },
      ],
    },
    {
      heading: 'Habits that keep more of your return',
      blocks: [
        {
          kind: 'steps',
          items: [
            'Know the expense ratio of every fund you own, and compare it with similar funds.',
            'Check the full cost of a trade, spread included, before you place it.',
            'Trade less: fewer trades mean fewer spreads, fees and taxable sales.',
            'Where it suits you, use tax-advantaged accounts before taxable ones.',
            'Keep records of what you paid, fees included: that is your cost basis when you sell.',
            'Judge your results after inflation, not only against zero.',
          ],
        },
      ],
    },
  ],
  keyTakeaways: [
    'The return you keep is the headline return minus fees, trading costs and taxes; after inflation it is smaller still.',
    'A yearly fee that looks small compounds into a large sum over decades.',
    'In the US, holding more than a year usually lowers the tax on a gain; losses can offset gains.',
    'Work out a trade after fees and tax before you make it.',
  ],
};
