import type { Guide } from './types';

/**
 * The analytics conventions this guide states. They repeat TRADING_DAYS_PER_YEAR, DEFAULT_RISK_FREE_RATE and
 * DEFAULT_VAR_CONFIDENCE of src/domain/analytics/risk.ts (not imported: the guide stays light for the web
 * bundle); guides.test.ts checks that they agree.
 */
export const RISK_FACTS = {
  tradingDaysPerYear: 252,
  riskFreeRate: 0.04,
  varConfidence: 0.95,
} as const;

const TRADING_DAYS_PER_YEAR = RISK_FACTS.tradingDaysPerYear;

function percent(fraction: number, digits = 1): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** The gain that undoes a loss: after falling by `loss`, a rise of loss / (1 − loss) gets back to the start. */
function gainToRecover(loss: number): number {
  return loss / (1 - loss);
}

const DAILY_VOLATILITY = 0.01;
const ANNUALISED = DAILY_VOLATILITY * Math.sqrt(TRADING_DAYS_PER_YEAR);

const PEAK = 130;
const TROUGH = 91;

export const understandingRiskAndVolatility: Guide = {
  slug: 'understanding-risk-and-volatility',
  title: 'Understanding risk and volatility',
  summary:
    'The kinds of risk an investor faces and the numbers used to describe them: volatility, drawdown, beta, ' +
    'the Sharpe ratio and Value at Risk, what each tells you and what none of them can.',
  sections: [
    {
      heading: 'What risk means',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'In investing, risk is the chance that things turn out differently from what you expect, ' +
            'including losing money, or not having the money when you need it. It comes in several forms:',
        },
        {
          kind: 'bullets',
          items: [
            'Market risk: prices across the whole market fall together.',
            'Concentration risk: a large part of your money depends on one company, sector or country.',
            'Inflation risk: your money grows more slowly than prices, so it buys less.',
            'Interest-rate risk: bond prices fall when interest rates rise, more so for long-term bonds.',
            'Currency risk: foreign investments gain or lose value as exchange rates move.',
            'Liquidity risk: you cannot sell quickly at a fair price.',
            'Timing risk: you need to sell during a downturn, turning a temporary fall into a permanent loss.',
          ],
        },
      ],
    },
    {
      heading: 'Volatility',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Volatility measures how widely returns swing around their average. It is the standard deviation ' +
            'of returns, usually quoted per year. Daily volatility is turned into yearly volatility by ' +
            `multiplying by the square root of the number of trading days in a year (${TRADING_DAYS_PER_YEAR}).`,
        },
        {
          kind: 'example',
          title: 'From daily to yearly',
          lines: [
            `Daily standard deviation of ${percent(DAILY_VOLATILITY, 0)} x square root of ${TRADING_DAYS_PER_YEAR} = about ${percent(ANNUALISED)} a year.`,
          ],
        },
        {
          kind: 'paragraph',
          text:
            'If returns followed a bell curve, about two years in three would land within one standard ' +
            'deviation of the average. Real markets have more extreme days than a bell curve predicts, so ' +
            'treat volatility as a description of ordinary swings, not a limit on how bad things can get.',
        },
        {
          kind: 'paragraph',
          text:
            'Volatility differs widely between investments. A broad stock index fund swings less than most ' +
            'single stocks; high-quality bond funds usually swing less than stock funds; Bitcoin has ' +
            'historically been several times as volatile as a broad US stock index fund.',
        },
      ],
    },
    {
      heading: 'Drawdown: the fall you live through',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Maximum drawdown is the largest fall from a peak to a later low. Many investors find it easier ' +
            'to picture than volatility, because it is the loss you would have seen on your statement.',
        },
        {
          kind: 'example',
          title: 'Peak to trough',
          lines: [
            `A portfolio grows from $100 to $${PEAK}, then falls to $${TROUGH}.`,
            `Drawdown: (${TROUGH} - ${PEAK}) / ${PEAK} = -${percent((PEAK - TROUGH) / PEAK, 0)}.`,
            `Getting back to $${PEAK} takes a rise of ${percent(PEAK / TROUGH - 1, 0)} from $${TROUGH}.`,
          ],
        },
        {
          kind: 'paragraph',
          text: 'Losses need larger gains to recover, and the gap widens as the loss grows:',
        },
        {
          kind: 'bullets',
          items: [0.1, 0.25, 0.5].map(
            (loss) => `A ${percent(loss, 0)} loss needs a ${percent(gainToRecover(loss))} gain to get back.`,
          ),
        },
      ],
    },
    {
      heading: 'Beta: moving with the market',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Beta compares an investment with a market benchmark such as the S&P 500 (SPY). A beta of 1.2 ' +
            'means that, in the period measured, it tended to move 1.2% for each 1% move of the market; a ' +
            'beta of 0.5, about half as much.',
        },
        {
          kind: 'paragraph',
          text:
            'Beta only describes movement that goes with the market. An investment can have a low beta and ' +
            'still be very volatile, because most of its swings have their own causes.',
        },
      ],
    },
    {
      heading: 'Return for the risk taken',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'The Sharpe ratio divides the return above a risk-free rate (such as a Treasury bill yield) by ' +
            'volatility. It answers: how much extra return did each unit of swinging earn? Comparing two ' +
            'portfolios with similar returns, the one with the higher Sharpe ratio got there with a ' +
            'smoother ride. It is computed from the past and changes with the period you choose.',
        },
      ],
    },
    {
      heading: 'Value at Risk',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'A one-day historical Value at Risk (VaR) at 95% looks at past daily returns and finds the loss ' +
            'that was exceeded on only 5% of days, about one trading day in twenty. If your one-day 95% VaR ' +
            'is $500, on 95% of past days the portfolio, as it is today, would have lost no more than $500.',
        },
        {
          kind: 'paragraph',
          text:
            'VaR says nothing about how large the loss is on the other 5% of days, and those are the days ' +
            'that hurt. Use it as a sense of scale, not as a worst case.',
        },
      ],
    },
    {
      heading: 'Risk capacity and risk tolerance',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Risk capacity is how large a loss your finances can absorb: it depends on your time horizon, ' +
              'income, savings and obligations.',
            'Risk tolerance is how large a loss you can sit through without selling in a panic.',
            'A portfolio that exceeds either one tends to be abandoned at the worst moment. Write down how ' +
              'you would react to a 20% or a 40% fall before it happens.',
          ],
        },
      ],
    },
    {
      heading: 'How Foliowise measures risk',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Foliowise computes these figures with standard formulas from daily closing prices over the ' +
            'past year, holding your current quantities constant: annualised volatility, maximum drawdown, ' +
            `beta to SPY, the Sharpe ratio (with a ${percent(RISK_FACTS.riskFreeRate, 0)} risk-free rate) and one-day historical VaR at ${percent(RISK_FACTS.varConfidence, 0)}. ` +
            'The AI may put them into words; it never makes them up. Every figure describes the past: ' +
            'markets can behave differently from anything in the last year.',
        },
      ],
    },
  ],
  keyTakeaways: [
    'Risk has many forms; volatility measures only how much prices swing.',
    'Drawdown shows the fall you would have lived through; bigger losses need much bigger gains to recover.',
    'Beta, Sharpe and VaR each describe one side of risk, and all of them look backwards.',
    'Match risk to your time horizon and to how much loss you can actually sit through.',
  ],
};
