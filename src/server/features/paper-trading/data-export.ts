/** Paper portfolios (with their holdings) and trades in 'Download my data'. */
import { asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { paperHolding, paperPortfolio, paperTrade } from './schema';

export const paperTradingAccountData = defineAccountData({
  paperPortfolios: async ({ tx, userId }) => {
    const portfolios = await tx
      .select({
        id: paperPortfolio.id,
        name: paperPortfolio.name,
        description: paperPortfolio.description,
        initialBalance: paperPortfolio.initialBalance,
        cashBalance: paperPortfolio.cashBalance,
        createdAt: paperPortfolio.createdAt,
      })
      .from(paperPortfolio)
      .where(eq(paperPortfolio.userId, userId))
      .orderBy(asc(paperPortfolio.createdAt));
    const holdings = await tx
      .select({
        portfolioId: paperHolding.portfolioId,
        symbol: paperHolding.symbol,
        quantity: paperHolding.quantity,
        averageCost: paperHolding.averageCost,
      })
      .from(paperHolding)
      .innerJoin(paperPortfolio, eq(paperHolding.portfolioId, paperPortfolio.id))
      .where(eq(paperPortfolio.userId, userId))
      .orderBy(asc(paperHolding.symbol));
    return portfolios.map((p) => ({
      ...p,
      createdAt: p.createdAt.toISOString(),
      holdings: holdings
        .filter((h) => h.portfolioId === p.id)
        .map((h) => ({ symbol: h.symbol, quantity: h.quantity, averageCost: h.averageCost })),
    }));
  },
  trades: async ({ tx, userId }) => {
    const trades = await tx
      .select({
        id: paperTrade.id,
        portfolioId: paperTrade.portfolioId,
        symbol: paperTrade.symbol,
        side: paperTrade.side,
        quantity: paperTrade.quantity,
        price: paperTrade.price,
        totalValue: paperTrade.totalValue,
        realizedPnl: paperTrade.realizedPnl,
        priceSource: paperTrade.priceSource,
        executedAt: paperTrade.executedAt,
      })
      .from(paperTrade)
      .where(eq(paperTrade.userId, userId))
      .orderBy(asc(paperTrade.executedAt));
    return trades.map((t) => ({ ...t, executedAt: t.executedAt.toISOString() }));
  },
});
