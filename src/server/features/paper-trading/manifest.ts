import { paperTradingAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import { marketDataFeature } from '../market-data/manifest';
import { rewardsFeature } from '../rewards/manifest';
import { paperTradingRoutes } from './routes';
import { paperHolding, paperPortfolio, paperTrade } from './schema';
import { createPortfolioOwnerCache, type PaperTradingContext, type PaperTradingOptions } from './service';

/** /api/paper-trading (spec 001 §7): virtual portfolios, trades at live quotes, performance. */
export const paperTradingFeature = defineFeature({
  name: 'paperTrading',
  tables: [
    { table: paperPortfolio, exportedIn: 'paperPortfolios' },
    { table: paperHolding, exportedIn: 'paperPortfolios' },
    { table: paperTrade, exportedIn: 'trades' },
  ],
  accountData: paperTradingAccountData,
  context: ({ db, options = {}, use }: FeatureDeps<PaperTradingOptions>): PaperTradingContext => ({
    db,
    quotes: options.quoteSource ?? use(marketDataFeature),
    portfolioOwners: createPortfolioOwnerCache(),
    // Rewards book points inside the trade's transaction, unless a test hooks its own.
    onEvent: options.onEvent ?? use(rewardsFeature).engine.onPaperTradingEvent,
    now: options.now ?? (() => new Date()),
    beforeTradeCommit: options.beforeTradeCommit,
  }),
  routes: [{ plugin: paperTradingRoutes, prefix: '/api/paper-trading' }],
});
