import {
  CalendarClock,
  Database,
  GraduationCap,
  Landmark,
  LineChart,
  Lock,
  Scale,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';

/**
 * Spec 000 §9 "Compliance claims": AML rules effective Jan 1, 2026. That was the effective date FinCEN set in
 * 2024 for its AML/CFT program rule for investment advisers; FinCEN's final rule of December 31, 2025
 * (91 FR 36) delayed it to January 1, 2028. The page states both, so that neither date misleads.
 */
export const AML_RULE = {
  adopted: '2024',
  originalEffectiveDate: 'January 1, 2026',
  delayedOn: 'December 31, 2025',
  currentEffectiveDate: 'January 1, 2028',
} as const;

export type DisclosureBlock = { kind: 'paragraph'; text: string } | { kind: 'bullets'; items: string[] };

export interface Disclosure {
  /** Anchor on /compliance (`/compliance#data-handling`). */
  id: string;
  title: string;
  icon: LucideIcon;
  /** The card text at the top of /compliance. */
  summary: string;
  details: DisclosureBlock[];
}

/**
 * The cards and disclosures of /compliance (spec 000 "/compliance: static cards and disclosures"), also listed
 * as documents on /resources. Every sentence describes what the product does today; change it with the code.
 */
export const DISCLOSURES: readonly Disclosure[] = [
  {
    id: 'educational-tool',
    title: 'Educational tool',
    icon: GraduationCap,
    summary:
      'Foliowise explains your portfolio and teaches investing ideas. It does not hold your money, place trades in your brokerage account or manage an account for you.',
    details: [
      {
        kind: 'paragraph',
        text: 'Foliowise is an educational and analytical tool. It shows figures computed from market data, explains what they mean, and offers guides and practice with virtual money.',
      },
      {
        kind: 'paragraph',
        text: 'Foliowise does not act as your broker or investment manager: it does not hold your money or securities, does not place orders in your brokerage account and does not manage an account on your behalf. Paper trading uses virtual money only.',
      },
      {
        kind: 'paragraph',
        text: 'Decisions about your investments are yours. For advice about your own situation, consider speaking with a licensed financial professional.',
      },
    ],
  },
  {
    id: 'not-advice',
    title: 'Not investment advice',
    icon: Scale,
    summary:
      'Nothing on Foliowise is a recommendation to buy, sell or hold a security. Analyses, AI text and health checks are general information.',
    details: [
      {
        kind: 'bullets',
        items: [
          'Analyses, AI-written text, health checks, guides and calculator results are general information. They do not take into account your full financial situation, goals, taxes or need for cash.',
          'Investing involves risk, including the loss of the money you invest. Prices of stocks, funds and especially crypto assets can fall sharply and quickly.',
          'Past performance, and every risk figure computed from it, does not predict future results.',
          'Examples and scenarios, including those of the profit calculator, are illustrations, not forecasts.',
          'Crypto assets are not protected by SIPC or FDIC insurance.',
          'Tax information on Foliowise is general, describes United States federal rules and is not tax advice.',
        ],
      },
    ],
  },
  {
    id: 'data-handling',
    title: 'Data handling',
    icon: Lock,
    summary:
      'Signed out, your portfolio stays in your browser. Signed in, it is saved to your account so it is there when you come back. Your data is never sold.',
    details: [
      {
        kind: 'bullets',
        items: [
          'Signed out: the portfolio you enter is kept in this browser. It is sent to our server only to be valued and analysed, and is not saved there.',
          'Signed in: your portfolio is saved to your account, so that it is there when you come back.',
          "To apply the free plan's monthly allowance of AI analyses, Foliowise counts analyses per account or, for signed-out visitors, per browser cookie and network address, stored only as keyed hashes.",
          'Passwords are stored only as argon2id hashes. Sessions are kept on our server and identified by a cookie.',
          'Market-data API keys you save on the API Settings page are encrypted at rest (AES-256-GCM) and shown masked, with only their last 4 characters visible.',
          'Brokerage export files you import are read to find symbols and quantities; the file itself is not stored. Foliowise does not store brokerage usernames, passwords or keys.',
          'Card and bank details are collected by our payment processor, Stripe, and never reach our servers.',
          'Web analytics (Google Analytics) loads only when it has been configured for the site; it records page views and interface events such as button clicks.',
          'We do not sell your personal data or your portfolio.',
        ],
      },
    ],
  },
  {
    id: 'market-data',
    title: 'Market data',
    icon: Database,
    summary:
      'Every price carries its source and time. When no data provider answers, Foliowise uses simulated prices and labels them.',
    details: [
      {
        kind: 'bullets',
        items: [
          'Prices come from Yahoo Finance, CoinGecko, Alpha Vantage, Polygon and Financial Modeling Prep, depending on how the site is configured and which provider answers.',
          'Quotes may be delayed by the provider, and Foliowise caches them briefly (60 seconds by default).',
          "When no provider answers, a simulator supplies prices and the app shows a 'Simulated prices' badge. Simulated prices are not market prices.",
          'Data can contain errors or gaps. Check the price with your broker before you trade.',
        ],
      },
    ],
  },
  {
    id: 'ai-content',
    title: 'AI-generated content',
    icon: Sparkles,
    summary:
      'Figures are computed by code from market data. A language model only puts them into words, and its words can still be wrong.',
    details: [
      {
        kind: 'paragraph',
        text: 'In portfolio analysis, values, weights, daily change, volatility, beta, drawdown, Sharpe ratio, Value at Risk, concentration, exposure and health checks are computed by Foliowise with standard formulas. When a language model is configured, it receives those facts and writes the overview and recommendations from them; its reply must follow a fixed structure before it is shown. We treat any number in its text that is not among the computed facts as a defect to fix.',
      },
      {
        kind: 'paragraph',
        text: "When no model is configured, the analysis is written by rules from the same facts, and says so. When a configured model fails, Foliowise says 'AI Analysis Temporarily Unavailable' and offers an analysis written by the same rules.",
      },
      {
        kind: 'paragraph',
        text: 'Language models can misread a situation, sound more certain than they should, and know nothing after their training. Treat AI text as a starting point for your own research, not as a conclusion.',
      },
    ],
  },
  {
    id: 'paper-trading',
    title: 'Paper trading',
    icon: LineChart,
    summary:
      'Virtual money only. Simulated orders fill at the quoted price with no costs, so results are a best case and do not predict real trading.',
    details: [
      {
        kind: 'paragraph',
        text: 'Paper trading portfolios hold virtual cash and virtual positions. No real money is deposited, invested or paid out. Each order fills in full at the current quote with no commission, spread or slippage; real orders can cost more and fill at worse prices. A result achieved with virtual money does not show what the same decisions would earn with real money.',
      },
    ],
  },
  {
    id: 'annual-review',
    title: 'Annual review',
    icon: CalendarClock,
    // Spec 000 §9 names an annual review of '2025 Q1'; no such review happened, so the page gives no date
    // (a date on the site is true or absent).
    summary:
      'These disclosures are reviewed once a year, and changed together with the product whenever what it does changes.',
    details: [
      {
        kind: 'paragraph',
        text: 'We review these disclosures and our description of how data is handled once a year. Each disclosure describes what the product does today and is changed in the same release as the feature it describes.',
      },
    ],
  },
  {
    id: 'aml',
    title: 'Anti-money laundering',
    icon: Landmark,
    summary: `Foliowise does not hold, transfer or invest anyone's money. FinCEN's AML rule for investment advisers, set for ${AML_RULE.originalEffectiveDate}, now takes effect on ${AML_RULE.currentEffectiveDate}.`,
    details: [
      {
        kind: 'paragraph',
        text: 'Foliowise does not hold, transfer or invest money for anyone. Subscription payments are processed by Stripe; Foliowise never receives card or bank details.',
      },
      {
        kind: 'paragraph',
        text: `In ${AML_RULE.adopted} the US Treasury's Financial Crimes Enforcement Network (FinCEN) adopted a rule requiring registered investment advisers and exempt reporting advisers to run anti-money-laundering and counter-terrorist-financing programs, effective ${AML_RULE.originalEffectiveDate}. A FinCEN final rule issued on ${AML_RULE.delayedOn} delayed that effective date to ${AML_RULE.currentEffectiveDate}.`,
      },
    ],
  },
];
