import type { DisclosureBlock } from './compliance';

export interface LegalSection {
  /** Anchor on the page (`/privacy#what-we-store`). */
  id: string;
  title: string;
  blocks: DisclosureBlock[];
}

/**
 * /privacy: what Foliowise stores, why, and for how long. Every sentence describes what the code does today
 * (src/server/db/schema.ts, the jobs, the analytics loader); change it with the code.
 */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-we-store',
    title: 'What we store and why',
    blocks: [
      {
        kind: 'bullets',
        items: [
          'Your account: your name, email address, plan, when you verified your email and when the account was created, so that you can sign in and we can reach you about the account.',
          'Your password, only as an argon2id hash: nobody, us included, can read it back.',
          'Your sessions: a random identifier kept in a cookie, with when each session started and was last used, so that you stay signed in and can sign other sessions out.',
          'Your saved portfolio: the symbols and quantities you entered or imported while signed in, so that it is there when you come back.',
          'Your paper trading portfolios, trades and your points and achievements, because those features are about keeping them.',
          'Market-data API keys you save on the API Settings page, encrypted at rest (AES-256-GCM) and shown only masked, with their last 4 characters visible. They are used only for your own price requests.',
          "A count of AI analyses per month, to apply the free plan's allowance: per account, or for signed-out visitors per browser cookie and network address, stored only as keyed hashes.",
          'Daily closing prices of the symbols people look at, which are market data and not about you.',
        ],
      },
    ],
  },
  {
    id: 'what-we-do-not-store',
    title: 'What we do not store',
    blocks: [
      {
        kind: 'bullets',
        items: [
          'Signed out, the portfolio you enter stays in this browser. It is sent to our server only to be valued and analysed, and is not saved there.',
          'Brokerage export files you import are read to find symbols and quantities; the file itself is not kept. Brokerage usernames and passwords you type to import are passed to the broker once and never stored.',
          'Card and bank details: payments go through our payment processor, Stripe, which collects them. They never reach our servers; we keep only the Stripe customer reference and the state of your subscription.',
        ],
      },
    ],
  },
  {
    id: 'analytics',
    title: 'Analytics',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Web analytics (Google Analytics) loads only when the site operator has configured it. When it does, it records page views and interface events such as button clicks, never the contents of your portfolio. When it is not configured, no analytics script is loaded at all.',
      },
    ],
  },
  {
    id: 'sharing',
    title: 'Who else sees it',
    blocks: [
      {
        kind: 'bullets',
        items: [
          'We do not sell your personal data or your portfolio.',
          'To price your holdings we ask market-data providers for quotes of their symbols, not for anything about you.',
          'When a language model is configured, the computed figures of a portfolio you analyse (symbols, weights, risk figures) are sent to it so that it can write the analysis in words. Your name and email are not.',
          'Emails about your account (verification, password reset) are sent through the mail server the site is configured with.',
        ],
      },
    ],
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    blocks: [
      {
        kind: 'bullets',
        items: [
          'You can download everything stored about your account, and delete the account, from your account page. Deleting it removes your portfolios, trades, points, keys and sessions with it.',
          'A demo account that is not used for 7 days is deleted with everything it holds.',
          'You can delete a saved API key at any time on the API Settings page.',
        ],
      },
    ],
  },
];

/** /terms: the rules of using Foliowise, in plain words and true to what the product is. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'the-service',
    title: 'What Foliowise is',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Foliowise is an educational and analytical tool. It values and explains a portfolio you bring, lets you practise with virtual money, and teaches investing ideas. It does not hold your money or securities, does not place orders in your brokerage account and does not manage an account for you.',
      },
    ],
  },
  {
    id: 'not-advice',
    title: 'Not investment advice',
    blocks: [
      {
        kind: 'bullets',
        items: [
          'Nothing on Foliowise is a recommendation to buy, sell or hold a security. Analyses, AI-written text, health checks, guides and calculator results are general information that does not know your full situation.',
          'Prices can be delayed, wrong or simulated; simulated prices are labelled. Check a price with your broker before you trade.',
          'Investing involves risk, including the loss of the money you invest. Decisions about your investments are yours.',
        ],
      },
    ],
  },
  {
    id: 'your-account',
    title: 'Your account',
    blocks: [
      {
        kind: 'bullets',
        items: [
          'Give a real email address and keep your password to yourself. You are responsible for what is done with your account.',
          'Do not try to reach other people’s data, overload the service, or get around its limits (such as the monthly allowance of AI analyses or the trade rate limit).',
          'Market-data API keys you save must be yours to use, under their provider’s terms.',
          'You can delete your account at any time from your account page.',
        ],
      },
    ],
  },
  {
    id: 'paid-plans',
    title: 'Paid plans',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Paid plans are billed through Stripe at the price shown on the pricing page when you subscribe, monthly or yearly, until you cancel. You can cancel from the billing portal; the plan stays active until the end of the period you paid for.',
      },
    ],
  },
  {
    id: 'paper-trading',
    title: 'Paper trading and rewards',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Paper trading uses virtual money only: no real money is deposited, invested or paid out, and points and achievements have no cash value. Orders fill in full at the quoted price with no costs, so results are a best case.',
      },
    ],
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    blocks: [
      {
        kind: 'paragraph',
        text: 'The service is provided as it is, and features can change. When these terms change in a way that matters, we will say so on this page before the change applies. Questions go to the support address below.',
      },
    ],
  },
];
