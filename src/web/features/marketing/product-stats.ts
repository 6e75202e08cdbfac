/**
 * Statistics for /about that are true of the product because they are counted from it: the security master,
 * the brokerage exports the importer reads, the Investment Basics lessons and the calculator's preset assets.
 * Nothing here is typed in. (An achievement count joins when the rewards module exists.)
 */
import { CALCULATOR_ASSETS } from '../../../domain/calculator';
import { CSV_BROKERS, CSV_BROKER_LABELS } from '../../../domain/broker-csv/brokers';
import { LESSONS, QUICK_TIPS } from '../../../domain/lessons';
import { securityMaster, type AssetClass } from '../../../domain/security-master';
import { joinWithAnd } from './text';

export interface ProductStat {
  id: string;
  value: number;
  label: string;
  detail: string;
}

const CLASS_NAMES: Readonly<Record<AssetClass, [singular: string, plural: string]>> = {
  stock: ['stock', 'stocks'],
  etf: ['ETF', 'ETFs'],
  fund: ['mutual fund', 'mutual funds'],
  bond: ['bond fund', 'bond funds and ETFs'],
  cash: ['money-market fund', 'money-market funds'],
  crypto: ['cryptocurrency', 'cryptocurrencies'],
};

function counted(count: number, [singular, plural]: [string, string]): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export function computeProductStats(): ProductStat[] {
  const investable = securityMaster.filter((entry) => !entry.isIndex);
  const byClass = new Map<AssetClass, number>();
  for (const entry of investable) byClass.set(entry.assetClass, (byClass.get(entry.assetClass) ?? 0) + 1);
  const classBreakdown = [...byClass.entries()].map(([assetClass, count]) =>
    counted(count, CLASS_NAMES[assetClass]),
  );
  const stockSectors = new Set(investable.filter((e) => e.assetClass === 'stock').map((e) => e.sector));

  const namedBrokers = CSV_BROKERS.filter((broker) => broker !== 'generic').map(
    (broker) => CSV_BROKER_LABELS[broker],
  );
  const calculatorStocks = CALCULATOR_ASSETS.filter((asset) => asset.kind === 'stock').length;
  const calculatorCrypto = CALCULATOR_ASSETS.length - calculatorStocks;

  return [
    {
      id: 'securities',
      value: investable.length,
      label: 'securities recognised without a lookup',
      detail: `The built-in security master: ${joinWithAnd(classBreakdown)}, each with its asset class, sector and region.`,
    },
    {
      id: 'sectors',
      value: stockSectors.size,
      label: 'stock market sectors covered',
      detail: 'The GICS sectors of the stocks in the security master, so sector exposure means something.',
    },
    {
      id: 'brokers',
      value: namedBrokers.length,
      label: 'brokerage exports we read',
      detail: `${joinWithAnd(namedBrokers)} CSV files, plus any CSV with a symbol and a quantity column.`,
    },
    {
      id: 'lessons',
      value: LESSONS.length,
      label: 'mini lessons in Investment Basics',
      detail: `${joinWithAnd(LESSONS.map((lesson) => lesson.title))}, plus ${QUICK_TIPS.length} quick tips.`,
    },
    {
      id: 'calculator-assets',
      value: CALCULATOR_ASSETS.length,
      label: 'assets preset in the profit calculator',
      detail: `${counted(calculatorStocks, ['stock', 'stocks'])} and ${counted(calculatorCrypto, ['cryptocurrency', 'cryptocurrencies'])}, each with its own price precision.`,
    },
  ];
}
