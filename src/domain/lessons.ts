/**
 * Investment Basics (spec 000 "Other views"): four mini lessons and five quick tips. Education only: the text
 * explains ideas and arithmetic and never tells the reader what to buy or sell.
 */

export type LessonId = 'diversification' | 'etfs' | 'risk' | 'dollar-cost-averaging';

export interface Lesson {
  readonly id: LessonId;
  readonly title: string;
  /** One sentence shown while the lesson is closed. */
  readonly summary: string;
  readonly level: 'Beginner' | 'Intermediate';
  /** The lesson body, in reading order. */
  readonly paragraphs: readonly string[];
  /** A short worked example, set apart from the prose. */
  readonly example: { readonly title: string; readonly lines: readonly string[] };
  readonly keyPoints: readonly string[];
}

export const LESSONS: readonly Lesson[] = [
  {
    id: 'diversification',
    title: 'Diversification',
    summary: 'Why spreading money across many investments lowers the damage any single one can do.',
    level: 'Beginner',
    paragraphs: [
      'Diversification means spreading your money across investments that do not all rise and fall at the ' +
        'same time. If one company has a bad year, it is only a small part of what you own, so it does less ' +
        'damage to the whole portfolio.',
      'It reduces the risk that is specific to one company, industry or country: a failed product, a fraud, ' +
        'a new regulation. It cannot remove market risk, the tendency of most investments to fall together in ' +
        'a recession or a crisis. In 2008 and in early 2020 almost every stock market in the world fell at ' +
        'once; diversified portfolios fell too, just less violently than the worst single holdings.',
      'Diversification has several layers: across asset classes (stocks, bonds, cash), across sectors ' +
        '(technology, health care, energy and so on), across regions (the United States is roughly 60% of ' +
        'the world stock market by value, so the rest of the world is a large part of the opportunity set), ' +
        'and across company sizes.',
      'Counting funds is not the same as counting exposures. Two funds that both track large US companies ' +
        'hold mostly the same shares, so owning both adds little. A single broad index fund can hold ' +
        'thousands of companies; ten individual technology stocks are still one bet on one sector.',
      'Diversification does not guarantee a profit or protect against loss in a falling market. What it ' +
        'does is make the result depend less on any one decision turning out right.',
    ],
    example: {
      title: 'One holding going to zero',
      lines: [
        'Portfolio of 4 equal holdings: one falls to zero → the portfolio loses 25%.',
        'Portfolio of 20 equal holdings: one falls to zero → the portfolio loses 5%.',
        'Portfolio of 500 equal holdings: one falls to zero → the portfolio loses 0.2%.',
      ],
    },
    keyPoints: [
      'Diversification lowers company-specific risk, not market-wide risk.',
      'Look at what your funds hold, not only how many funds you have.',
      'It does not guarantee a profit or prevent losses.',
    ],
  },
  {
    id: 'etfs',
    title: 'ETFs (Exchange-Traded Funds)',
    summary: 'What an ETF is, how it differs from a mutual fund, and what it costs to own one.',
    level: 'Beginner',
    paragraphs: [
      'An exchange-traded fund (ETF) is a fund that holds a basket of securities, such as stocks or bonds, ' +
        'and whose shares trade on a stock exchange like a single company share. Buying one share of a broad ' +
        'stock-market ETF gives you a small slice of every company the fund holds.',
      'Most ETFs follow an index, for example the S&P 500 (about 500 large US companies) or a total bond ' +
        'market index, rather than relying on a manager to pick investments. Others focus on one sector, ' +
        'one country, a commodity such as gold, or a strategy.',
      'The main running cost is the expense ratio: a yearly fee taken out of the fund as a percentage of ' +
        'what you hold. An expense ratio of 0.03% costs $3 a year on $10,000; one of 0.75% costs $75. ' +
        'You may also pay the bid-ask spread, the small gap between the price buyers pay and sellers receive, ' +
        'which is usually tiny for large funds and wider for little-traded ones.',
      'Mutual funds can hold the same kinds of investments, but they are bought and sold once a day at the ' +
        'net asset value calculated after the market closes. ETF shares change hands all day at the market ' +
        'price, which normally stays very close to the value of what the fund holds. In the United States ' +
        'ETFs are often more tax-efficient than comparable mutual funds because of the way shares are ' +
        'created and redeemed, although this is not true of every fund.',
      'Not every ETF is simple. Leveraged and inverse ETFs aim to multiply or reverse an index’s move for a ' +
        'single day; because they reset daily, their results over weeks or months can differ a great deal ' +
        'from what the multiple suggests. Reading a fund’s fact sheet tells you what it holds and what it ' +
        'charges.',
    ],
    example: {
      title: 'The effect of the expense ratio over 20 years',
      lines: [
        '$10,000 growing 6% a year before fees, for 20 years:',
        'Expense ratio 0.05%: about $31,800 at the end.',
        'Expense ratio 1.00%: about $26,500 at the end.',
        'The gap of more than $5,000 is the fees plus the growth those fees would have earned.',
      ],
    },
    keyPoints: [
      'An ETF is a basket of securities that trades on an exchange like a share.',
      'Compare expense ratios: small percentages add up over decades.',
      'Leveraged and inverse ETFs behave differently over long periods than their names suggest.',
    ],
  },
  {
    id: 'risk',
    title: 'Understanding Risk',
    summary: 'Volatility, drawdowns and beta: the numbers that describe how bumpy a portfolio can be.',
    level: 'Intermediate',
    paragraphs: [
      'In investing, risk is the chance that things turn out differently from what you expect, including ' +
        'the chance of losing money. Higher expected returns generally come with more risk: investors ask to ' +
        'be paid for accepting bigger swings.',
      'Volatility measures how much returns swing around their average. It is usually the standard ' +
        'deviation of returns, expressed per year. A broad stock index has historically had an annual ' +
        'volatility of roughly 15% to 20%; high-quality bond funds are typically far calmer, and a single ' +
        'company or a cryptocurrency can be several times more volatile than the index.',
      'A drawdown is the fall from a peak to the next low. Drawdowns show what holding an investment ' +
        'actually felt like. Losses and gains are not symmetrical: after a 50% fall, an investment has to ' +
        'double (gain 100%) just to get back to where it started.',
      'Beta compares an investment’s moves with the market’s. A beta of 1.2 means that, on average, it ' +
        'has moved about 12% when the market moved 10%; a beta of 0.5 means about half as much. Beta is ' +
        'an average over the past and can change.',
      'All of these numbers are measured from history, and the future can be calmer or rougher. How much ' +
        'risk suits a person depends on their time horizon, on how much they could lose without changing ' +
        'their plans, and on whether they could stay invested through a large fall.',
    ],
    example: {
      title: 'Recovering from a loss',
      lines: [
        'Fall of 10% → needs a gain of about 11% to recover.',
        'Fall of 25% → needs a gain of about 33% to recover.',
        'Fall of 50% → needs a gain of 100% to recover.',
      ],
    },
    keyPoints: [
      'Volatility describes the size of the swings; drawdown describes the worst falls.',
      'Beta shows how strongly an investment has followed the market.',
      'Past risk measures are a guide, not a promise.',
    ],
  },
  {
    id: 'dollar-cost-averaging',
    title: 'Dollar-Cost Averaging',
    summary: 'Investing a fixed amount on a regular schedule, and what that does to your average cost.',
    level: 'Beginner',
    paragraphs: [
      'Dollar-cost averaging means investing the same amount of money at regular intervals, for example ' +
        'every month, whatever the price happens to be. Anyone who contributes part of each paycheck to a ' +
        'workplace retirement plan is already doing it.',
      'Because the amount is fixed, each contribution buys more shares when the price is low and fewer when ' +
        'it is high. As a result, the average cost per share you pay is never higher than the average of the ' +
        'prices on your purchase dates, and is lower whenever the price moves around.',
      'Its main practical benefit is behavioural: a schedule removes the temptation to guess the right ' +
        'moment to invest, and it makes investing a habit rather than a decision taken under stress.',
      'When you already have a lump sum, the comparison is different. Markets have risen more often than ' +
        'they have fallen, so historically investing a lump sum at once has usually ended ahead of spreading ' +
        'it out; a widely cited Vanguard study found this in about two-thirds of the periods it examined. ' +
        'Spreading the money out lowers the regret of investing just before a fall, at the cost of keeping ' +
        'part of it uninvested for longer.',
      'Dollar-cost averaging does not guarantee a profit or protect against loss in a market that keeps ' +
        'falling.',
    ],
    example: {
      title: '$100 a month for three months',
      lines: [
        'Month 1: price $10 → 10 shares.',
        'Month 2: price $5 → 20 shares.',
        'Month 3: price $10 → 10 shares.',
        '$300 bought 40 shares: an average cost of $7.50 a share, while the average price was $8.33.',
      ],
    },
    keyPoints: [
      'A fixed amount on a fixed schedule buys more shares when prices are low.',
      'It builds a habit and removes market-timing decisions.',
      'With a lump sum in hand, investing at once has historically come out ahead more often.',
    ],
  },
];

export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((lesson) => lesson.id === id);
}

export interface QuickTip {
  readonly id: string;
  readonly category: 'Costs' | 'Diversification' | 'Risk' | 'Habits' | 'Taxes';
  readonly title: string;
  readonly text: string;
}

export const QUICK_TIPS: readonly QuickTip[] = [
  {
    id: 'know-your-fees',
    category: 'Costs',
    title: 'Know what you pay',
    text:
      'A fund’s expense ratio is charged every year. On $10,000, 0.10% is $10 a year and 1.00% is $100 a ' +
      'year, before the lost growth on that money.',
  },
  {
    id: 'look-through-funds',
    category: 'Diversification',
    title: 'Look inside your funds',
    text:
      'Several funds can own the same large companies. Checking their top holdings shows whether a second ' +
      'fund adds anything new.',
  },
  {
    id: 'match-time-horizon',
    category: 'Risk',
    title: 'Think about when you need the money',
    text:
      'Stock markets have sometimes taken several years to recover from a fall. Money needed soon is exposed ' +
      'to that timing in a way that long-term money is not.',
  },
  {
    id: 'automate',
    category: 'Habits',
    title: 'Make it automatic',
    text:
      'Regular automatic contributions keep investing going without a decision each month; this is ' +
      'dollar-cost averaging in practice.',
  },
  {
    id: 'tax-advantaged-accounts',
    category: 'Taxes',
    title: 'Where you hold matters',
    text:
      'In the United States, accounts such as a 401(k) or an IRA defer or remove tax on investment growth, ' +
      'with rules and limits on contributions and withdrawals.',
  },
];
