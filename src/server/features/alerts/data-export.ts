/** Alert conditions, triggered alerts and the portfolio snapshots in 'Download my data'. */
import { asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { alertCondition, portfolioSnapshot, triggeredAlert } from './schema';

export const alertsAccountData = defineAccountData({
  alerts: async ({ tx, userId }) => {
    const alertConditions = await tx
      .select({
        id: alertCondition.id,
        type: alertCondition.type,
        clientId: alertCondition.clientId,
        symbol: alertCondition.symbol,
        threshold: alertCondition.threshold,
        enabled: alertCondition.enabled,
        lastMailedOn: alertCondition.lastMailedOn,
        createdAt: alertCondition.createdAt,
      })
      .from(alertCondition)
      .where(eq(alertCondition.userId, userId))
      .orderBy(asc(alertCondition.createdAt), asc(alertCondition.id));
    const triggeredAlerts = await tx
      .select({
        id: triggeredAlert.id,
        conditionId: triggeredAlert.conditionId,
        clientId: triggeredAlert.clientId,
        severity: triggeredAlert.severity,
        message: triggeredAlert.message,
        isSimulated: triggeredAlert.isSimulated,
        triggeredAt: triggeredAlert.triggeredAt,
        acknowledgedAt: triggeredAlert.acknowledgedAt,
      })
      .from(triggeredAlert)
      .where(eq(triggeredAlert.userId, userId))
      .orderBy(asc(triggeredAlert.triggeredAt), asc(triggeredAlert.id));
    return {
      conditions: alertConditions.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
      triggered: triggeredAlerts.map((a) => ({
        ...a,
        triggeredAt: a.triggeredAt.toISOString(),
        acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
      })),
    };
  },
  snapshots: async ({ tx, userId }) => {
    const snapshots = await tx
      .select({
        clientId: portfolioSnapshot.clientId,
        date: portfolioSnapshot.date,
        totalValue: portfolioSnapshot.totalValue,
        totalGainLoss: portfolioSnapshot.totalGainLoss,
        totalGainLossPercent: portfolioSnapshot.totalGainLossPercent,
        isSimulated: portfolioSnapshot.isSimulated,
      })
      .from(portfolioSnapshot)
      .where(eq(portfolioSnapshot.userId, userId))
      .orderBy(asc(portfolioSnapshot.date), asc(portfolioSnapshot.portfolioId));
    return snapshots;
  },
});
