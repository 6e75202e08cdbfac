/**
 * Each portfolio's history in 'Download my data' (decision 036): exact decimals, in replay order per portfolio;
 * and the column mappings remembered for imports.
 */
import { asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { listMappings } from './import-repository';
import { activity, activityPortfolio } from './schema';

export const activitiesAccountData = defineAccountData({
  activities: async ({ tx, userId }) => {
    const portfolios = await tx
      .select({
        portfolio: activityPortfolio.key,
        costBasisMethod: activityPortfolio.costBasisMethod,
        createdAt: activityPortfolio.createdAt,
      })
      .from(activityPortfolio)
      .where(eq(activityPortfolio.userId, userId))
      .orderBy(asc(activityPortfolio.key));
    const rows = await tx
      .select({ row: activity, portfolio: activityPortfolio.key })
      .from(activity)
      .innerJoin(activityPortfolio, eq(activityPortfolio.id, activity.portfolioId))
      .where(eq(activityPortfolio.userId, userId))
      .orderBy(asc(activityPortfolio.key), asc(activity.date), asc(activity.sequence));
    return {
      portfolios: portfolios.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
      activities: rows.map(({ row, portfolio }) => ({
        id: row.id,
        portfolio,
        type: row.type,
        date: row.date,
        symbol: row.symbol,
        quantity: row.quantity,
        price: row.price,
        fee: row.fee,
        amount: row.amount,
        currency: row.currency,
        note: row.note,
        source: row.source,
        importId: row.importId,
        fileName: row.fileName,
        line: row.line,
        createdAt: row.createdAt.toISOString(),
      })),
      importMappings: (await listMappings(tx, userId)).map((row) => ({
        ...row,
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  },
});
