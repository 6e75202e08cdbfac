import type { User } from '../../../contracts/accounts';
import { ZCreatePaperPortfolioRequest, ZPaperTradeRequest } from '../../../contracts/paper-trading';
import { AppError } from '../../../contracts/errors';
import { findSamplePortfolio, type SamplePortfolioId } from '../../../domain/sample-portfolios';
import { createPaperPortfolio, placePaperTrade, type PaperTradingContext } from '../paper-trading/service';
import { savePortfolio } from '../portfolio/service';

/** The analyzer portfolio a demo account starts with. */
export const DEMO_SAMPLE_PORTFOLIO_ID: SamplePortfolioId = 'diversified';

export const DEMO_PAPER_PORTFOLIO = {
  name: 'Demo practice portfolio',
  description: 'Opened with the demo account: a few buys at the prices of that moment.',
  initialBalance: 10_000,
} as const;

/** Buys placed for a demo account, through the trade service at the current quotes. */
export const DEMO_TRADES = [
  { symbol: 'AAPL', quantity: 5 },
  { symbol: 'VTI', quantity: 10 },
  { symbol: 'MSFT', quantity: 3 },
] as const;

/**
 * What a fresh demo account holds, so one click shows the whole product: a saved analyzer portfolio and a paper
 * portfolio with a few trades, each filled by the real trade service (prices, cash, rewards events).
 */
export async function fillDemoAccount(options: PaperTradingContext & { user: User }): Promise<void> {
  const sample = findSamplePortfolio(DEMO_SAMPLE_PORTFOLIO_ID);
  if (!sample) throw new AppError('INTERNAL', 'Could not open a demo account. Please try again.');
  await savePortfolio({ db: options.db, userId: options.user.id, portfolio: { ...sample.holdings } });
  const { portfolio } = await createPaperPortfolio({
    ...options,
    input: ZCreatePaperPortfolioRequest.parse(DEMO_PAPER_PORTFOLIO),
  });
  for (const trade of DEMO_TRADES) {
    await placePaperTrade({
      ...options,
      input: ZPaperTradeRequest.parse({ portfolioId: portfolio.id, side: 'buy', ...trade }),
    });
  }
}
