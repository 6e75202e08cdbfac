import { describe, expect, it } from 'vitest';
import { isPagePath } from '../../../contracts/page-routes';
import { CALCULATOR_ASSETS } from '../../../domain/calculator';
import { LESSONS, QUICK_TIPS } from '../../../domain/lessons';
import { securityMaster } from '../../../domain/security-master';
import { FEATURE_CARDS } from './features-content';
import { PRODUCT_FEATURES } from './feature-list';
import { computeProductStats } from './product-stats';
import { joinWithAnd } from './text';

describe('joinWithAnd', () => {
  it('joins as a sentence does', () => {
    expect(joinWithAnd([])).toBe('');
    expect(joinWithAnd(['Fidelity'])).toBe('Fidelity');
    expect(joinWithAnd(['Fidelity', 'Schwab'])).toBe('Fidelity and Schwab');
    expect(joinWithAnd(['Fidelity', 'E*TRADE', 'Schwab'])).toBe('Fidelity, E*TRADE and Schwab');
  });
});

describe('the /about statistics', () => {
  const stats = new Map(computeProductStats().map((stat) => [stat.id, stat]));

  it('count the security master without its indices, and break it down by asset class', () => {
    const investable = securityMaster.filter((entry) => !entry.isIndex);
    const crypto = investable.filter((entry) => entry.assetClass === 'crypto').length;
    expect(stats.get('securities')?.value).toBe(investable.length);
    expect(investable.length).toBeLessThan(securityMaster.length);
    expect(stats.get('securities')?.detail).toContain(`${crypto} cryptocurrencies`);
  });

  it('name the brokers whose exports are read, not the generic CSV', () => {
    expect(stats.get('brokers')).toMatchObject({
      value: 5,
      detail:
        'Fidelity, E*TRADE, Schwab, Vanguard and Robinhood CSV files, plus any CSV with a symbol and a quantity column.',
    });
  });

  it('count the lessons, the quick tips and the calculator’s assets, singular where there is one', () => {
    expect(stats.get('lessons')?.value).toBe(LESSONS.length);
    expect(stats.get('lessons')?.detail).toMatch(new RegExp(`plus ${QUICK_TIPS.length} quick tips\\.$`));
    const stocks = CALCULATOR_ASSETS.filter((asset) => asset.kind === 'stock').length;
    expect(stats.get('calculator-assets')).toMatchObject({
      value: CALCULATOR_ASSETS.length,
      detail: `${stocks} stocks and ${CALCULATOR_ASSETS.length - stocks} cryptocurrencies, each with its own price precision.`,
    });
  });
});

describe('the marketing pages’ links', () => {
  it('lead to pages that exist', () => {
    const hrefs = [...PRODUCT_FEATURES, ...FEATURE_CARDS].map((feature) => feature.href);
    expect(hrefs.filter((href) => !isPagePath(href))).toEqual([]);
  });
});
