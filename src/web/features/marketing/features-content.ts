import {
  Activity,
  Bot,
  Calculator,
  ChartPie,
  FileChartColumn,
  Layers,
  LayoutDashboard,
  LineChart,
  Sparkles,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { PlanFeatureId } from '../../../domain/plans';

export interface FeatureCard {
  title: string;
  description: string;
  icon: LucideIcon;
  href: string;
  linkLabel: string;
}

/** Spec 001 §9: six feature cards on /features. Each describes what the product computes or does today. */
export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: 'Portfolio valuation',
    description:
      'Bring a portfolio from a brokerage export, a form or a sample. See its total value and daily change, holding by holding, priced from market data with the source and time of each quote.',
    icon: ChartPie,
    href: '/app',
    linkLabel: 'Open the Portfolio Analyzer',
  },
  {
    title: 'Risk analytics',
    description:
      'Annualised volatility, beta to the S&P 500 (SPY), maximum drawdown, Sharpe ratio and one-day historical Value at Risk, computed with standard formulas from a year of daily closing prices.',
    icon: Activity,
    href: '/resources',
    linkLabel: 'Read the risk and volatility guide',
  },
  {
    title: 'Diversification and health check',
    description:
      'Exposure by asset class, sector and region, concentration measured as an effective number of holdings, diversification gaps, and a four-point Portfolio Health Check with a score.',
    icon: Layers,
    href: '/app',
    linkLabel: 'Check your portfolio',
  },
  {
    title: 'AI insights grounded in numbers',
    description:
      'A language model writes the overview and recommendations from the figures Foliowise computed, never its own. Without a model you still get an analysis written by rules from the same facts.',
    icon: Sparkles,
    href: '/unbiased',
    linkLabel: 'How we keep AI honest',
  },
  {
    title: 'Paper trading and rewards',
    description:
      'Practise with virtual portfolios of $1,000 to $1,000,000 at market prices, then earn points, levels and achievements as you learn and trade. No real money involved.',
    icon: LineChart,
    href: '/paper-trading',
    linkLabel: 'Start paper trading',
  },
  {
    title: 'Profit calculator',
    description:
      'Before you trade, see the profit after fees and tax, the return on cost and the break-even price of a stock or crypto trade. Free, no account needed.',
    icon: Calculator,
    href: '/profit-calculator',
    linkLabel: 'Open the calculator',
  },
];

export interface PlanHighlight {
  title: string;
  description: string;
  icon: LucideIcon;
  /** The plan feature it shows: the badge names the cheapest plan that includes it (src/domain/plans). */
  feature: PlanFeatureId;
  /** Not built yet: shown with a 'Coming soon' badge, so the page promises nothing it cannot do today. */
  isComing: boolean;
}

/** Spec 001 §9: four premium/professional highlights, matching the plan matrix of src/domain/plans. */
export const PLAN_HIGHLIGHTS: readonly PlanHighlight[] = [
  {
    title: 'AI Trading Suggestions',
    description:
      'Buy, sell and rebalance ideas for your own holdings, each with a priority, risk level, confidence and reasoning, shaped by the risk tolerance, goals and time horizon you choose.',
    icon: Bot,
    feature: 'ai-trading-suggestions',
    isComing: false,
  },
  {
    title: 'Multi-Account Aggregation',
    description:
      'Bring brokerage, 401(k), IRA, Roth IRA and savings accounts into one view, with your combined holdings across all of them.',
    icon: Wallet,
    feature: 'multi-account-aggregation',
    isComing: false,
  },
  {
    title: 'Professional Trading Terminal',
    description:
      'A market dashboard, risk analytics, an economic calendar and news on one screen. Premium opens the terminal; Professional adds advanced terminal analytics and global market coverage.',
    icon: LayoutDashboard,
    feature: 'terminal-access',
    isComing: false,
  },
  {
    title: 'White-label reports and API access',
    description:
      'For people who look after several portfolios: multi-client features, reports under your own brand, and API access.',
    icon: FileChartColumn,
    feature: 'white-label-reports',
    isComing: false,
  },
];
