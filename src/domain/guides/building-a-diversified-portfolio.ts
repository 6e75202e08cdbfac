import type { Guide } from './types';

/** Effective number of holdings, 1 / Σ w² (the measure the analyzer reports), for the worked example. */
function effectiveHoldings(weights: readonly number[]): number {
  return 1 / weights.reduce((sum, w) => sum + w * w, 0);
}

/**
 * The analyzer's diversification thresholds as this guide states them. They repeat the DIVERSIFICATION_*
 * constants of src/domain/analytics/diversification.ts (not imported, so the guide text does not pull the
 * security master into the web bundle); guides.test.ts checks that the two agree.
 */
export const DIVERSIFICATION_FACTS = {
  minHoldings: 5,
  maxSingleHoldingWeight: 0.25,
  maxSectorWeight: 0.4,
  maxCryptoWeight: 0.2,
} as const;

const pct = (fraction: number) => `${Math.round(fraction * 100)}%`;

const EVEN = [0.25, 0.25, 0.25, 0.25];
const LOPSIDED = [0.7, 0.1, 0.1, 0.1];

export const buildingADiversifiedPortfolio: Guide = {
  slug: 'building-a-diversified-portfolio',
  title: 'Building a diversified portfolio',
  summary:
    'What diversification protects you from and what it cannot, the layers to diversify across, how to spot ' +
    'overlap and concentration, and how rebalancing keeps a mix on target.',
  sections: [
    {
      heading: 'Why diversify',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Diversification means spreading your money across investments that do not all rise and fall ' +
            'together. If one company has a bad year, it is a small part of what you own, so it does less ' +
            'damage to the whole.',
        },
        {
          kind: 'paragraph',
          text:
            'It reduces the risk that comes from any single company, sector or country. It does not remove ' +
            'market risk: in a broad sell-off most stocks fall at the same time. The S&P 500 lost more than ' +
            'half of its value between 2007 and 2009, and about a third in a few weeks in early 2020. A ' +
            'diversified portfolio still falls in such periods; it is simply less likely to be ruined by one ' +
            'bad choice.',
        },
      ],
    },
    {
      heading: 'The layers of diversification',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Across asset classes: stocks, bonds and cash behave differently. Stocks have historically ' +
              'grown more over long periods and fallen harder in bad years; high-quality bonds and cash ' +
              'have moved less.',
            'Within stocks: many companies rather than a few, across different sectors (technology, ' +
              'health care, energy, consumer goods and so on).',
            'Across countries: the United States is the largest stock market, but not the only one. ' +
              'International funds add companies whose fortunes depend on other economies and currencies.',
            'Over time: investing a set amount at regular intervals (dollar-cost averaging) spreads your ' +
              'purchases over many prices instead of one.',
          ],
        },
      ],
    },
    {
      heading: 'Funds as a shortcut',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'A broad index fund or ETF holds hundreds or thousands of companies in one purchase. A total ' +
            'US stock market fund, an international stock fund and a bond fund together already cover the ' +
            'layers above, which is why many long-term investors build around a few broad funds.',
        },
        {
          kind: 'paragraph',
          text:
            'Check how a fund weights its holdings. Most stock index funds weight companies by market value, ' +
            'so the largest companies make up a large share of the fund. A fund with 500 names can still ' +
            'depend heavily on its ten biggest.',
        },
      ],
    },
    {
      heading: 'Watch for overlap',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Owning many things is not the same as being diversified. An S&P 500 fund, a Nasdaq-100 fund and ' +
            'shares of the largest technology companies hold many of the same names, so a portfolio made ' +
            'of all three is more concentrated than its number of holdings suggests.',
        },
        {
          kind: 'bullets',
          items: [
            "Look up the top ten holdings of each fund you own (they are on the fund issuer's website).",
            'Add up your exposure to the same company across funds and individual shares.',
            'Compare sector weights: two funds with different names can both be mostly technology.',
          ],
        },
      ],
    },
    {
      heading: 'Measuring concentration',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Two simple measures show how concentrated a portfolio is. The first is the weight of the largest ' +
            'holding. The second is the effective number of holdings: one divided by the sum of the squared ' +
            'weights. It tells you how many equal-sized holdings would be just as concentrated.',
        },
        {
          kind: 'example',
          title: 'Four holdings, two ways',
          lines: [
            `Equal weights of 25% each: 1 / (4 x 0.25 x 0.25) = ${effectiveHoldings(EVEN).toFixed(1)} effective holdings.`,
            `One at 70% and three at 10%: 1 / (0.49 + 3 x 0.01) = ${effectiveHoldings(LOPSIDED).toFixed(1)} effective holdings.`,
            'Both portfolios own four things; the second behaves more like two.',
          ],
        },
      ],
    },
    {
      heading: 'Choosing a mix',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'The split between stocks, bonds and cash (your asset allocation) usually matters more for how ' +
            'a portfolio behaves than which individual investments you pick. It depends on when you will ' +
            'need the money and how large a temporary loss you could live with, both financially and ' +
            'emotionally.',
        },
        {
          kind: 'bullets',
          items: [
            'Money you need within a few years has little time to recover from a fall.',
            'Money for goals decades away can usually wait out downturns, if you can hold on through them.',
            'Bonds have often, but not always, cushioned stock losses: in 2022 stocks and bonds fell together.',
            'Keep an emergency fund in cash before taking investment risk with savings you might need soon.',
          ],
        },
      ],
    },
    {
      heading: 'Rebalancing',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Over time, the parts that grow fastest take up more of the portfolio and the mix drifts away ' +
            'from what you chose. Rebalancing brings it back.',
        },
        {
          kind: 'example',
          title: 'A mix that drifts',
          lines: [
            'Start: $6,000 in stocks and $4,000 in bonds, a 60/40 mix of $10,000.',
            'Stocks rise 30% and bonds are flat: $7,800 and $4,000, now about 66/34.',
            'To return to 60/40 of $11,800: hold $7,080 in stocks and $4,720 in bonds, moving $720.',
          ],
        },
        {
          kind: 'bullets',
          items: [
            'By the calendar: check once or twice a year.',
            'By threshold: act when an asset class drifts more than a set amount, such as 5 percentage points.',
            'With new money: direct new contributions to the part that is under target. In a taxable account ' +
              'this avoids selling, and so avoids realising gains.',
          ],
        },
      ],
    },
    {
      heading: 'How Foliowise helps',
      blocks: [
        {
          kind: 'paragraph',
          text:
            "Foliowise's analysis works out your exposure by asset class, sector and region, your largest " +
            'holding and your effective number of holdings, and points out diversification gaps: fewer than ' +
            `${DIVERSIFICATION_FACTS.minHoldings} holdings, a single stock or coin above ${pct(DIVERSIFICATION_FACTS.maxSingleHoldingWeight)} of the portfolio, ` +
            `one sector above ${pct(DIVERSIFICATION_FACTS.maxSectorWeight)}, crypto above ${pct(DIVERSIFICATION_FACTS.maxCryptoWeight)}, no bonds, or no investments ` +
            'outside the US. These are prompts to look closer, not verdicts: a portfolio can have good ' +
            'reasons to differ from them.',
        },
      ],
    },
  ],
  keyTakeaways: [
    'Diversification limits the damage any one investment can do; it does not prevent market-wide losses.',
    'Spread across asset classes, companies, sectors and countries, and over time.',
    'Check for overlap between funds; many holdings can still be concentrated.',
    'Pick a mix that fits when you need the money, and rebalance when it drifts.',
  ],
};
