import { z } from 'zod';
import {
  ALERT_CONDITION_TYPES,
  ALERT_LIMITS,
  ALERT_MESSAGES as M,
  ALERT_SEVERITIES,
  conditionNeedsSymbol,
} from '../domain/alerts';
import { ZClientIdField } from './clients';
import { text, TICKER_PATTERN } from './text';

/** A user id in a path or body: our uuid (checked against the session; another user's is a 404). */
const ZUserId = z.union([text({ field: 'User id', max: 100 }), z.number()]).transform(String);

export const ZUserIdParams = z.object({ userId: ZUserId });

/**
 * Whose alerts and snapshots: the user's own saved portfolio, or with `clientId` one of their client
 * portfolios (Professional; another user's client is a 404 'Client not found', decision 032).
 */
const ZPortfolioScope = { clientId: ZClientIdField.optional() };
export const ZPortfolioScopeQuery = z.object(ZPortfolioScope);

const ZThreshold = z
  .number({ error: M.invalidThreshold })
  .refine(
    (value) => Number.isFinite(value) && value > 0 && value <= ALERT_LIMITS.maxThreshold,
    M.invalidThreshold,
  );

/** One condition as the form sends it: `id` of a saved one keeps it (and its armed state when unchanged). */
const ZAlertConditionInput = z
  .object({
    id: z.uuid().optional(),
    type: z.enum(ALERT_CONDITION_TYPES, { error: 'Please choose an alert type' }),
    symbol: text({ field: 'Symbol', max: 20 }).nullish(),
    threshold: ZThreshold,
    enabled: z.boolean().default(true),
  })
  .transform((condition, ctx) => {
    if (!conditionNeedsSymbol(condition.type)) return { ...condition, symbol: null };
    const symbol = (condition.symbol ?? '').toUpperCase();
    if (!symbol || !TICKER_PATTERN.test(symbol)) {
      ctx.addIssue({ code: 'custom', message: M.symbolRequired, path: ['symbol'] });
      return z.NEVER;
    }
    return { ...condition, symbol };
  });

/** POST /api/alerts/conditions (spec 000 §7): the whole list, saved at once. */
export const ZSaveAlertConditionsRequest = z.object({
  userId: ZUserId.optional(),
  ...ZPortfolioScope,
  conditions: z.array(ZAlertConditionInput).max(ALERT_LIMITS.maxConditions, M.tooMany),
});
export type SaveAlertConditionsRequest = z.input<typeof ZSaveAlertConditionsRequest>;
export type AlertConditionInput = z.output<typeof ZAlertConditionInput>;

export const ZAlertCondition = z.object({
  id: z.uuid(),
  type: z.enum(ALERT_CONDITION_TYPES),
  symbol: z.string().nullable(),
  threshold: z.number(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type AlertCondition = z.infer<typeof ZAlertCondition>;

/** GET /api/alerts/conditions/{userId}[?clientId=], and the answer of POST /api/alerts/conditions. */
export const ZAlertConditionsResponse = z.object({ conditions: z.array(ZAlertCondition) });
export type AlertConditionsResponse = z.infer<typeof ZAlertConditionsResponse>;

export const ZTriggeredAlert = z.object({
  id: z.uuid(),
  severity: z.enum(ALERT_SEVERITIES),
  message: z.string(),
  triggeredAt: z.string(),
  /** The price it fired on was simulated (no vendor answered): labelled as such. */
  isSimulated: z.boolean(),
});
export type TriggeredAlert = z.infer<typeof ZTriggeredAlert>;

/** GET /api/alerts/{userId}[?clientId=]: the alerts not acknowledged yet, newest first. */
export const ZAlertsResponse = z.object({ alerts: z.array(ZTriggeredAlert) });
export type AlertsResponse = z.infer<typeof ZAlertsResponse>;

/** POST /api/alerts/acknowledge */
export const ZAcknowledgeAlertRequest = z.object({
  alertId: text({ field: 'Alert', max: 100, message: M.alertNotFound }),
});
export const ZAcknowledgeAlertResponse = z.object({ acknowledged: z.literal(true) });
export type AcknowledgeAlertResponse = z.infer<typeof ZAcknowledgeAlertResponse>;

export const ZSnapshot = z.object({
  /** The New York trading day it stands for, YYYY-MM-DD. */
  date: z.string(),
  totalValue: z.number(),
  /** Against the previous snapshot (decision 027). */
  totalGainLoss: z.number(),
  totalGainLossPercent: z.number(),
  isSimulated: z.boolean(),
});
export type Snapshot = z.infer<typeof ZSnapshot>;

/** GET /api/snapshots/latest/{userId}[?clientId=]: the latest snapshot (null before the first) and the history, oldest first. */
export const ZLatestSnapshotResponse = z.object({
  snapshot: ZSnapshot.nullable(),
  history: z.array(ZSnapshot),
});
export type LatestSnapshotResponse = z.infer<typeof ZLatestSnapshotResponse>;

/** POST /api/snapshots/generate */
export const ZGenerateSnapshotRequest = z.object({ userId: ZUserId.optional(), ...ZPortfolioScope });
export type GenerateSnapshotRequest = z.input<typeof ZGenerateSnapshotRequest>;
export const ZGenerateSnapshotResponse = z.object({ snapshot: ZSnapshot });
export type GenerateSnapshotResponse = z.infer<typeof ZGenerateSnapshotResponse>;
