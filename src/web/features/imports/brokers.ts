/** The brokerage import tabs: names, compact mobile labels, quick-add lists (spec 000 §2, §9). */
import { BROKER_LABELS, type HoldingType, type HoldingsBroker } from '../../../contracts/brokers';

export const HOLDING_TYPE_LABELS: Readonly<Record<HoldingType, string>> = {
  stock: 'Stock',
  etf: 'ETF',
  fund: 'Mutual fund',
};

export interface QuickAddItem {
  symbol: string;
  name: string;
  type: HoldingType;
}

/** Brokerage B quick-add: six index funds, the first four shown (spec 000 §9). */
export const FIDELITY_QUICK_ADD_FUNDS: readonly QuickAddItem[] = [
  { symbol: 'FXAIX', name: 'Fidelity 500 Index Fund', type: 'fund' },
  { symbol: 'FTIHX', name: 'Fidelity Total International Index Fund', type: 'fund' },
  { symbol: 'FXNAX', name: 'Fidelity U.S. Bond Index Fund', type: 'fund' },
  { symbol: 'FSKAX', name: 'Fidelity Total Market Index Fund', type: 'fund' },
  { symbol: 'FZROX', name: 'Fidelity ZERO Total Market Index Fund', type: 'fund' },
  { symbol: 'FZILX', name: 'Fidelity ZERO International Index Fund', type: 'fund' },
];
export const FIDELITY_QUICK_ADD_SHOWN = 4;

/** Brokerage C quick-add: six ETFs (spec 000 §9). */
export const ETRADE_QUICK_ADD_ETFS: readonly QuickAddItem[] = [
  { symbol: 'VTI', name: 'Vanguard Total Stock Market ETF', type: 'etf' },
  { symbol: 'VXUS', name: 'Vanguard Total International Stock ETF', type: 'etf' },
  { symbol: 'BND', name: 'Vanguard Total Bond Market ETF', type: 'etf' },
  { symbol: 'VNQ', name: 'Vanguard Real Estate ETF', type: 'etf' },
  { symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust', type: 'etf' },
  { symbol: 'QQQ', name: 'Invesco QQQ Trust', type: 'etf' },
];

export interface HoldingsBrokerInfo {
  name: string;
  endpoint: string;
  quickAdd: readonly QuickAddItem[];
  quickAddShown: number;
  quickAddTitle: string;
  quickAddToast: string;
  hasTypeSelector: boolean;
  /** The destructive toast's text when the server gives no error (spec 000 §8). */
  failureMessage: string;
}

export const HOLDINGS_BROKERS: Readonly<Record<HoldingsBroker, HoldingsBrokerInfo>> = {
  fidelity: {
    name: BROKER_LABELS.fidelity,
    endpoint: '/api/fidelity/import-portfolio',
    quickAdd: FIDELITY_QUICK_ADD_FUNDS,
    quickAddShown: FIDELITY_QUICK_ADD_SHOWN,
    quickAddTitle: 'Quick add popular Fidelity funds',
    quickAddToast: 'Fund Added',
    hasTypeSelector: false,
    failureMessage: 'Failed to import Fidelity portfolio. Please check your holdings and try again.',
  },
  etrade: {
    name: BROKER_LABELS.etrade,
    endpoint: '/api/etrade/import-portfolio',
    quickAdd: ETRADE_QUICK_ADD_ETFS,
    quickAddShown: ETRADE_QUICK_ADD_ETFS.length,
    quickAddTitle: 'Quick add popular ETFs',
    quickAddToast: 'ETF Added',
    hasTypeSelector: true,
    failureMessage: 'Failed to import E*TRADE portfolio. Please check your holdings and try again.',
  },
};
