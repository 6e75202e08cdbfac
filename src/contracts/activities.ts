/**
 * A portfolio's history, /api/activities and /api/holdings (issue 27 items 1-3 and 9; docs/decisions/036). An
 * activity's numbers are JSON numbers on the way out (decimal strings are accepted on the way in, for exact
 * values); dates are `YYYY-MM-DD`. The domain (src/domain/activities) checks every field's rule: the schemas here
 * only take the request's shape, so that the form, the API and an import give the same messages.
 */
import { z } from 'zod';
import { ACTIVITY_TYPES } from '../domain/activities/activity';
import { COST_BASIS_METHODS } from '../domain/activities/ledger';
import { Decimal } from '../domain/paper-trading';
import { ZIsoDate } from './dates';
import { text } from './text';

export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_BULK_DELETE_MAX = 1000;

export const ACTIVITIES_MESSAGES = {
  portfolioInvalid: 'portfolio must be me, account:<id>, client:<id> or paper:<id>',
  portfolioNotFound: 'Portfolio not found',
  activityNotFound: 'Activity not found',
  paperReadOnly:
    "A paper portfolio's activities are its trades and cannot be changed here: trade on the Paper Trading page.",
  typeInvalid: `type must be one of ${ACTIVITY_TYPES.join(', ')}`,
  numberInvalid: 'must be a number',
  cursorInvalid: 'cursor is not one this list gave',
  nothingToChange: 'Send at least one field to change',
  idsRequired: 'ids must list at least one activity',
  tooManyIds: `At most ${ACTIVITY_BULK_DELETE_MAX} activities can be deleted at once`,
  methodInvalid: `costBasisMethod must be ${COST_BASIS_METHODS.join(' or ')}`,
} as const;
const M = ACTIVITIES_MESSAGES;

/** `me`, `account:<uuid>`, `client:<uuid>` or `paper:<uuid>`. */
export const PORTFOLIO_KEY_PATTERN = /^(?:me|(?:account|client|paper):[0-9a-f-]{36})$/i;
export const ZPortfolioKey = text({ field: 'portfolio', max: 60, min: 1, message: M.portfolioInvalid })
  .toLowerCase()
  .regex(PORTFOLIO_KEY_PATTERN, M.portfolioInvalid);

export const ZActivityType = z.enum(ACTIVITY_TYPES, { error: M.typeInvalid });
export const ZCostBasisMethod = z.enum(COST_BASIS_METHODS, { error: M.methodInvalid });

/** A number field: a JSON number or a decimal string, read into a plain decimal string (`null`/absent: none). */
const decimalField = (field: string) =>
  z
    .union([z.number({ error: `${field} ${M.numberInvalid}` }), text({ field, max: 40 })], {
      error: `${field} ${M.numberInvalid}`,
    })
    .nullish()
    .transform((value) => {
      // Absent stays absent (a PATCH leaves the field as it is); null or '' empties it.
      if (value === undefined) return undefined;
      if (value === null || value === '') return null;
      // A JSON number is read through its shortest spelling (0.1 -> "0.1"); plain digits, never an exponent.
      return typeof value === 'number'
        ? Number.isFinite(value)
          ? new Decimal(value).toFixed()
          : 'NaN'
        : value;
    });

const ZActivityFields = {
  date: text({ field: 'date', max: 10, min: 1 }),
  symbol: text({ field: 'symbol', max: 64 }).nullish(),
  quantity: decimalField('quantity'),
  price: decimalField('price'),
  fee: decimalField('fee'),
  amount: decimalField('amount'),
  currency: text({ field: 'currency', max: 3, min: 1 }).optional(),
  note: text({ field: 'note', max: 500 }).nullish(),
};

/** POST /api/activities */
export const ZCreateActivityRequest = z.object({
  portfolio: ZPortfolioKey,
  type: ZActivityType,
  ...ZActivityFields,
});
export type CreateActivityRequest = z.input<typeof ZCreateActivityRequest>;

/** PATCH /api/activities/:id: the fields to change (a field sent as null is emptied). */
export const ZUpdateActivityRequest = z
  .object({ type: ZActivityType.optional(), ...ZActivityFields, date: ZActivityFields.date.optional() })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), M.nothingToChange);
export type UpdateActivityRequest = z.input<typeof ZUpdateActivityRequest>;

export const ZActivityParams = z.object({ id: z.uuid({ error: M.activityNotFound }) });

/** POST /api/activities/bulk-delete */
export const ZBulkDeleteActivitiesRequest = z.object({
  portfolio: ZPortfolioKey,
  ids: z
    .array(z.uuid({ error: M.activityNotFound }), { error: M.idsRequired })
    .min(1, M.idsRequired)
    .max(ACTIVITY_BULK_DELETE_MAX, M.tooManyIds),
});

// Checked as a date by the service (a 400 naming the field); `format: date` for the OpenAPI document.
const ZIsoDateQuery = (field: string) => text({ field, max: 10 }).meta({ format: 'date' }).optional();

/** GET /api/activities: newest first, ACTIVITY_PAGE_SIZE at a time; `cursor` is the last answer's nextCursor. */
export const ZListActivitiesQuery = z.object({
  portfolio: ZPortfolioKey,
  type: ZActivityType.optional(),
  symbol: text({ field: 'symbol', max: 64 }).toUpperCase().optional(),
  from: ZIsoDateQuery('from'),
  to: ZIsoDateQuery('to'),
  cursor: text({ field: 'cursor', max: 100, message: M.cursorInvalid }).optional(),
});

/** GET /api/holdings and PUT /api/holdings/cost-basis-method */
export const ZHoldingsQuery = z.object({ portfolio: ZPortfolioKey });
export const ZCostBasisMethodRequest = z.object({ costBasisMethod: ZCostBasisMethod });

// ----------------------------------------------------------------------------------------------- answers

/**
 * Where an activity came from: typed by hand; a file import (its id, file name and line); an opening position
 * (a row of the portfolio's map when its history began); a change of the map made on a screen of the map
 * (the analyzer's editor, a client's holdings) after the history began; a paper portfolio's fill.
 */
export const ZActivitySource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('manual') }),
  z.object({ kind: z.literal('import'), importId: z.string(), fileName: z.string(), line: z.number() }),
  z.object({ kind: z.literal('opening') }),
  z.object({ kind: z.literal('map-edit') }),
  z.object({ kind: z.literal('paper') }),
]);
export type ActivitySource = z.infer<typeof ZActivitySource>;

export const ZActivity = z.object({
  id: z.string(),
  portfolio: z.string(),
  type: ZActivityType,
  date: ZIsoDate,
  symbol: z.string().nullable(),
  quantity: z.number().nullable(),
  price: z.number().nullable(),
  fee: z.number().nullable(),
  amount: z.number().nullable(),
  currency: z.string(),
  note: z.string().nullable(),
  source: ZActivitySource,
});
export type Activity = z.infer<typeof ZActivity>;

export const ZActivityListResponse = z.object({
  activities: z.array(ZActivity),
  nextCursor: z.string().nullable(),
});
export type ActivityListResponse = z.infer<typeof ZActivityListResponse>;

export const ZActivityResponse = z.object({ activity: ZActivity });
export type ActivityResponse = z.infer<typeof ZActivityResponse>;

export const ZBulkDeleteActivitiesResponse = z.object({ deleted: z.number() });
export type BulkDeleteActivitiesResponse = z.infer<typeof ZBulkDeleteActivitiesResponse>;

const ZRealizedGain = z.object({
  /** null: a share sold had an unknown cost. */
  total: z.number().nullable(),
  shortTerm: z.number().nullable(),
  longTerm: z.number().nullable(),
  /** Sales of the current calendar year (UTC). */
  thisYear: z.number().nullable(),
});

/** Money to the cent, average cost to 6 decimals, quantities as stored (10 decimals at most). */
export const ZHolding = z.object({
  symbol: z.string(),
  currency: z.string(),
  quantity: z.number(),
  /** null: a lot's cost is unknown (an opening position, a transfer in without a price). */
  costBasis: z.number().nullable(),
  averageCost: z.number().nullable(),
  lots: z.array(z.object({ acquired: ZIsoDate, quantity: z.number(), costBasis: z.number().nullable() })),
  /** Today's price in the holding's currency; null when no source has one. */
  price: z.number().nullable(),
  marketValue: z.number().nullable(),
  unrealizedGain: z.number().nullable(),
  unrealizedGainPercent: z.number().nullable(),
  realizedGain: ZRealizedGain,
});
export type Holding = z.infer<typeof ZHolding>;

export const ZHoldingsResponse = z.object({
  portfolio: z.string(),
  costBasisMethod: ZCostBasisMethod,
  /** False while the portfolio is only its map: every holding is then an opening position of unknown cost. */
  hasHistory: z.boolean(),
  /** Open positions first (by symbol), then closed ones kept for their realised gains. */
  holdings: z.array(ZHolding),
  /** Per currency: income and costs, and the cash balance where deposits or withdrawals are recorded. */
  currencies: z.array(
    z.object({
      currency: z.string(),
      cash: z.number().nullable(),
      dividends: z.number(),
      interest: z.number(),
      fees: z.number(),
      taxes: z.number(),
      deposits: z.number(),
      withdrawals: z.number(),
    }),
  ),
});
export type HoldingsResponse = z.infer<typeof ZHoldingsResponse>;
