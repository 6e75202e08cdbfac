import { describe, expect, it } from 'vitest';
import {
  DIVERSIFICATION_MAX_CRYPTO_WEIGHT,
  DIVERSIFICATION_MAX_SECTOR_WEIGHT,
  DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT,
  DIVERSIFICATION_MIN_HOLDINGS,
} from '../analytics/diversification';
import { DEFAULT_RISK_FREE_RATE, DEFAULT_VAR_CONFIDENCE, TRADING_DAYS_PER_YEAR } from '../analytics/risk';
import { PAPER_PORTFOLIO_LIMITS, PAPER_TRADE_LIMITS } from '../paper-trading';
import { DIVERSIFICATION_FACTS } from './building-a-diversified-portfolio';
import { PAPER_TRADING_FACTS } from './getting-started-with-paper-trading';
import { GUIDES, findGuide, guideFileName, guidePdfPath, guideTexts, readingMinutes } from './index';
import { RISK_FACTS } from './understanding-risk-and-volatility';

/** Characters the PDF's standard fonts can draw (Windows-1252): ASCII plus the typographic extras. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(char);
}

describe('the guides', () => {
  it('are the four of /resources, in order, with unique slugs', () => {
    expect(GUIDES.map((guide) => guide.title)).toEqual([
      'Building a diversified portfolio',
      'Understanding risk and volatility',
      'Fees, taxes and your real return',
      'Getting started with paper trading',
    ]);
    expect(new Set(GUIDES.map((guide) => guide.slug)).size).toBe(4);
    for (const guide of GUIDES) expect(guide.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('have real content: several sections, each with text, and takeaways', () => {
    for (const guide of GUIDES) {
      expect(guide.sections.length).toBeGreaterThanOrEqual(5);
      for (const section of guide.sections) expect(section.blocks.length).toBeGreaterThan(0);
      expect(guide.keyTakeaways.length).toBeGreaterThanOrEqual(3);
      expect(readingMinutes(guide)).toBeGreaterThanOrEqual(3);
    }
  });

  it('use only characters the PDF fonts can draw, and no template leftovers', () => {
    for (const guide of GUIDES) {
      for (const text of guideTexts(guide)) {
        const bad = [...text].filter((char) => !isWinAnsi(char));
        expect(bad, `${guide.slug}: ${text}`).toEqual([]);
        expect(text).not.toMatch(/undefined|NaN|\$\{|Infinity/);
        expect(text.trim()).toBe(text);
      }
    }
  });

  it('state the analyzer thresholds the code uses', () => {
    expect(DIVERSIFICATION_FACTS).toEqual({
      minHoldings: DIVERSIFICATION_MIN_HOLDINGS,
      maxSingleHoldingWeight: DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT,
      maxSectorWeight: DIVERSIFICATION_MAX_SECTOR_WEIGHT,
      maxCryptoWeight: DIVERSIFICATION_MAX_CRYPTO_WEIGHT,
    });
    expect(RISK_FACTS).toEqual({
      tradingDaysPerYear: TRADING_DAYS_PER_YEAR,
      riskFreeRate: DEFAULT_RISK_FREE_RATE,
      varConfidence: DEFAULT_VAR_CONFIDENCE,
    });
    expect(PAPER_TRADING_FACTS).toEqual({
      minInitialBalance: PAPER_PORTFOLIO_LIMITS.minInitialBalance,
      maxInitialBalance: PAPER_PORTFOLIO_LIMITS.maxInitialBalance,
      defaultInitialBalance: PAPER_PORTFOLIO_LIMITS.defaultInitialBalance,
      minQuantity: PAPER_TRADE_LIMITS.minQuantity,
      maxQuantity: PAPER_TRADE_LIMITS.maxQuantity,
    });
    const text = (slug: string) => guideTexts(findGuide(slug)!).join('\n');
    expect(text('building-a-diversified-portfolio')).toContain(
      'fewer than 5 holdings, a single stock or coin above 25% of the portfolio, one sector above 40%, crypto above 20%',
    );
    expect(text('understanding-risk-and-volatility')).toContain('4% risk-free rate');
    expect(text('getting-started-with-paper-trading')).toContain('from $1,000 to $1,000,000 ($10,000 unless');
  });

  it('compute their worked examples', () => {
    const fees = guideTexts(findGuide('fees-taxes-and-your-real-return')!).join('\n');
    expect(fees).toContain('= 3.88% real return');
    // 10,000 × 1.07^30 = 76,122.55; with a 1% fee 10,000 × 1.06^30 = 57,434.91.
    expect(fees).toContain('No fee: $76,123.');
    expect(fees).toContain('Fee of 1.00% a year: $57,435, $18,688 less than with no fee.');
    // 100 × $50 with a 0.1% fee: basis 5,005; proceeds 6,000 − 6 = 5,994; profit 989; tax 197.80.
    expect(fees).toContain('Cost basis: $5,000.00 + $5.00 buy fee = $5,005.00.');
    expect(fees).toContain('Profit before tax: $989.00. Tax: $197.80. Profit after tax: $791.20.');
    expect(fees).toContain('Break-even price, where the fees are just covered: $50.10.');
    const risk = guideTexts(findGuide('understanding-risk-and-volatility')!).join('\n');
    expect(risk).toContain('about 15.9% a year');
    expect(risk).toContain('A 50% loss needs a 100.0% gain to get back.');
    const diversification = guideTexts(findGuide('building-a-diversified-portfolio')!).join('\n');
    expect(diversification).toContain('= 4.0 effective holdings');
    expect(diversification).toContain('= 1.9 effective holdings');
  });

  it('name their files and download paths after the slug', () => {
    const guide = GUIDES[0]!;
    expect(guideFileName(guide)).toBe('foliowise-building-a-diversified-portfolio.pdf');
    expect(guidePdfPath(guide)).toBe('/api/resources/guides/building-a-diversified-portfolio.pdf');
    expect(findGuide('nope')).toBeUndefined();
  });
});
