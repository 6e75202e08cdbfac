import { Bot, Calculator, ChartPie, LayoutDashboard, LineChart, Trophy, type LucideIcon } from 'lucide-react';

export interface ProductFeature {
  href: string;
  title: string;
  description: string;
  icon: LucideIcon;
  badge?: string;
}

/** The product's areas, as shown on the landing page (spec 000 §1). */
export const PRODUCT_FEATURES: readonly ProductFeature[] = [
  {
    href: '/app',
    title: 'Portfolio Analyzer',
    description:
      'Import a brokerage export, enter holdings by hand or load a sample. See value, daily change, risk and diversification gaps, with health checks and plain-language insights.',
    icon: ChartPie,
  },
  {
    href: '/paper-trading',
    title: 'Paper Trading',
    description:
      'Practise buying and selling with virtual money in portfolios you create. Learn how orders, cash and returns work without risking a cent.',
    icon: LineChart,
  },
  {
    href: '/gamification',
    title: 'Rewards',
    description:
      'Earn points, climb levels, keep a streak going and unlock achievements as you learn and practise.',
    icon: Trophy,
  },
  {
    href: '/financial-advisor',
    title: 'AI Advisor',
    description:
      'Ask a question about one stock and get a structured answer: fundamentals, technical picture, risks and outlook, in context of your position.',
    icon: Bot,
  },
  {
    href: '/profit-calculator',
    title: 'Profit Calculator',
    description:
      'Before you trade, see profit after fees and tax, return on cost and the break-even price. Free, no account needed.',
    icon: Calculator,
  },
  {
    href: '/terminal',
    title: 'Trading Terminal',
    description:
      'A market dashboard, risk analytics, an economic calendar and news in one screen, for Premium and Professional members.',
    icon: LayoutDashboard,
    badge: 'Premium',
  },
];
