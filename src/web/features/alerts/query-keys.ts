/** Every alerts and snapshots query key starts with `alertsRootKey`: generating a snapshot refreshes them all (spec 000 §4). */
export const alertsRootKey = ['alerts'] as const;

/**
 * Whose alerts and snapshots: the user's own saved portfolio (`clientId` null) or one of their client
 * portfolios (Professional, decision 032).
 */
export interface AlertsPortfolio {
  userId: string;
  clientId: string | null;
}

/** The query-key tail and the `?clientId=` of a portfolio's reads. */
export const portfolioKey = (portfolio: AlertsPortfolio) =>
  [portfolio.userId, portfolio.clientId ?? 'own'] as const;
export const portfolioQuery = (portfolio: AlertsPortfolio) =>
  portfolio.clientId === null ? '' : `?clientId=${encodeURIComponent(portfolio.clientId)}`;
