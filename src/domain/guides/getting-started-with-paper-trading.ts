import type { Guide } from './types';

/**
 * Foliowise's paper-trading limits as written in this guide. They repeat PAPER_PORTFOLIO_LIMITS and
 * PAPER_TRADE_LIMITS of src/domain/paper-trading.ts (not imported, so this text does not pull decimal.js into
 * the web bundle); guides.test.ts checks that the two agree.
 */
export const PAPER_TRADING_FACTS = {
  minInitialBalance: 1000,
  maxInitialBalance: 1_000_000,
  defaultInitialBalance: 10_000,
  minQuantity: 1,
  maxQuantity: 10_000,
} as const;

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
const count = (n: number) => n.toLocaleString('en-US');

export const gettingStartedWithPaperTrading: Guide = {
  slug: 'getting-started-with-paper-trading',
  title: 'Getting started with paper trading',
  summary:
    'How to practise with virtual money in a way that teaches you something: setting up a realistic ' +
    'portfolio, writing a plan, keeping a journal, and knowing what a simulation cannot show you.',
  sections: [
    {
      heading: 'What paper trading is',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'Paper trading means placing pretend orders at market prices and tracking the results, without ' +
            'any real money. The name comes from investors who once wrote their trades down on paper. It is ' +
            'a safe place to learn how orders, cash, positions and returns fit together, and to test an idea ' +
            'before you risk anything on it.',
        },
      ],
    },
    {
      heading: 'What it can and cannot teach',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Paper trading is good for:',
        },
        {
          kind: 'bullets',
          items: [
            'learning the mechanics: buying, selling, cash balance, average cost, realised and unrealised gains;',
            'seeing how much a position of a given size moves your total value on an ordinary day;',
            'testing whether you can follow your own rules for weeks at a time;',
            'building habits, such as writing down why you trade, before money is involved.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'It cannot show you:',
        },
        {
          kind: 'bullets',
          items: [
            'how it feels to lose real money, which is when most plans are abandoned;',
            'real execution: actual orders can fill at a worse price than the quote you saw, or only in part, ' +
              'especially in fast markets or thinly traded investments;',
            'the full cost: real trades can carry spreads, fees and taxes that a simulation leaves out.',
          ],
        },
      ],
    },
    {
      heading: 'How paper trading works in Foliowise',
      blocks: [
        {
          kind: 'bullets',
          items: [
            `You create one or more virtual portfolios with a starting balance from ${usd(PAPER_TRADING_FACTS.minInitialBalance)} to ${usd(PAPER_TRADING_FACTS.maxInitialBalance)} (${usd(PAPER_TRADING_FACTS.defaultInitialBalance)} unless you change it).`,
            `Orders are buys and sells of whole shares, from ${count(PAPER_TRADING_FACTS.minQuantity)} to ${count(PAPER_TRADING_FACTS.maxQuantity)} per order. You can sell only shares you hold, and buy only with the cash you have.`,
            'Each order fills in full at the current quote, with no commission, spread or slippage. Real ' +
              'trades are rarely that clean, so treat simulated results as a best case.',
            'Quotes come from market data providers. When none answers, Foliowise uses simulated prices and ' +
              'labels them as such.',
            'The dashboard shows total value, cash, total return and return percentage; the history lists ' +
              'every trade with its price and total.',
          ],
        },
      ],
    },
    {
      heading: 'Set it up to be realistic',
      blocks: [
        {
          kind: 'steps',
          items: [
            'Start with the amount you would actually invest, not the largest balance allowed. Lessons ' +
              'learned with a million virtual dollars rarely carry over to a few thousand real ones.',
            'Name the portfolio after its purpose, for example "Index core" or "Dividend test", and describe ' +
              'the idea you are testing.',
            'Write down your rules before the first trade: what you buy, how much of the portfolio one ' +
              'position may take, when you sell, and how often you check.',
            'Decide how you will judge the result, for example against a broad index fund over the same period.',
          ],
        },
      ],
    },
    {
      heading: 'Keep a trading journal',
      blocks: [
        {
          kind: 'paragraph',
          text: 'For every trade, write down a few lines:',
        },
        {
          kind: 'bullets',
          items: [
            'what you bought or sold, how much, and at what price;',
            'why, in one or two sentences;',
            'what would prove you wrong, and what you will do then;',
            'afterwards: what happened, and whether you followed your rules.',
          ],
        },
        {
          kind: 'paragraph',
          text:
            'Reading the journal after a month teaches more than the profit or loss figure: it shows which ' +
            'reasons tended to work and which rules you broke.',
        },
      ],
    },
    {
      heading: 'Common mistakes',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Positions far larger than you would take with real money.',
            'Trading constantly because it costs nothing; real trading costs would have added up.',
            'Judging a strategy on a few weeks of results: short periods are mostly luck.',
            'Resetting the portfolio after losses, which hides exactly the lessons worth learning.',
            'Treating a good simulated run as proof that the strategy will work with real money.',
          ],
        },
      ],
    },
    {
      heading: 'Before you use real money',
      blocks: [
        {
          kind: 'steps',
          items: [
            'Check that you followed your own rules for several months, including through losing stretches.',
            "Work out each trade's cost after fees and tax, for example with Foliowise's Profit Calculator.",
            'Make sure money you may need soon, such as an emergency fund, stays out of the market.',
            'Start with a small amount, and increase it only if you keep following your plan.',
          ],
        },
      ],
    },
  ],
  keyTakeaways: [
    'Paper trading teaches mechanics and discipline without risking money.',
    'Make it realistic: a balance you would really invest, written rules and a journal.',
    'Simulated fills are a best case; real trades have costs, slippage and emotions.',
    'Move to real money slowly, and only once you have followed your plan through losses.',
  ],
};
