/**
 * Moving in from another Foliowise (issue 27 item 11, docs/decisions/039): `POST /api/account/move-in/preview` and
 * `POST /api/account/move-in/confirm` each take the file of 'Download my data' as `multipart/form-data` (field
 * `file`). The preview says what the confirmation will do and stores nothing; the confirmation does it all or
 * nothing and answers the same summary.
 */
import { z } from 'zod';
import { ACCOUNT_TYPES } from '../domain/portfolio-accounts';
import { MOVED_PORTFOLIO_KINDS } from '../domain/activities/move-in';
import { ZCostBasisMethod, ZActivityType } from './activities';
import { ZPortfolio } from './analysis';
import { ZClientName } from './clients';
import { ZAccountName } from './portfolio-accounts';
import { text } from './text';

export const MOVE_IN_LIMITS = {
  /** A history of 100,000 activities is about 45 MB as the export writes it. */
  maxBytes: 50 * 1024 * 1024,
  maxActivities: 100_000,
  maxAccounts: 1_000,
  maxClients: 5_000,
} as const;

export const MOVE_IN_MESSAGES = {
  fileRequired: 'Send the file as multipart/form-data in the field "file".',
  onlyFile: 'Send one file in the field "file", and nothing else.',
  tooLarge: `The file is too large: a Foliowise data file may be up to ${MOVE_IN_LIMITS.maxBytes / 1024 / 1024} MB.`,
  notJson:
    "This file is not JSON. Choose the file that 'Download my data' saved on the other Foliowise server (foliowise-data-YYYY-MM-DD.json).",
  notAnExport:
    "This is not a file of Foliowise's 'Download my data' (it has no exportedAt and profile). Choose the file the other server saved.",
  invalid: (where: string, message: string) =>
    `The file cannot be moved in: ${where ? `${where}: ` : ''}${message}`,
  nothingToMove: 'Nothing to move: everything in this file is already in your account.',
  tooManyActivities: `The file holds more than ${MOVE_IN_LIMITS.maxActivities.toLocaleString('en-US')} activities.`,
} as const;
const M = MOVE_IN_MESSAGES;

// ------------------------------------------------------------------------------------------------ the file

const ZTime = z.iso.datetime({ offset: true, error: 'must be a time written as ISO 8601' });
const ZFileKey = text({ field: 'portfolio', max: 60 })
  .toLowerCase()
  .regex(/^(?:me|(?:account|client):[0-9a-f-]{36})$/, 'must be me, account:<id> or client:<id>');
const ZId = z.uuid({ error: 'must be an id (a uuid)' });
const ZNumberText = (field: string) => text({ field, max: 40 }).nullable();

/** An activity as the export writes it: the domain's rules check its fields once it is read (validate.ts). */
const ZMovedActivity = z
  .object({
    portfolio: ZFileKey,
    type: ZActivityType,
    date: text({ field: 'date', max: 10, min: 1 }),
    symbol: text({ field: 'symbol', max: 64 }).nullable(),
    quantity: ZNumberText('quantity'),
    price: ZNumberText('price'),
    fee: ZNumberText('fee'),
    amount: ZNumberText('amount'),
    currency: text({ field: 'currency', max: 3, min: 1 }),
    note: text({ field: 'note', max: 500 }).nullable(),
    source: z.enum(['manual', 'import', 'opening', 'map-edit'], {
      error: 'source must be manual, import, opening or map-edit',
    }),
    importId: ZId.nullable().default(null),
    fileName: text({ field: 'fileName', max: 255, min: 1 }).nullable().default(null),
    line: z.number().int().min(1).nullable().default(null),
  })
  .refine(
    (row) =>
      (row.source === 'import') === (row.importId !== null && row.fileName !== null && row.line !== null),
    'an imported activity names its import, file and line; no other does',
  );

/**
 * The parts of 'Download my data' (ZAccountExport) that move, checked by the rules of the screens that make them;
 * the other parts are not read. A file from before the history (no `activities`) moves its maps.
 */
export const ZMoveInFile = z.object({
  exportedAt: ZTime,
  savedPortfolio: z.object({ holdings: ZPortfolio }).nullable().default(null),
  portfolioAccounts: z
    .array(
      z.object({
        id: ZId,
        accountType: z.enum(ACCOUNT_TYPES, { error: `must be one of ${ACCOUNT_TYPES.join(', ')}` }),
        accountName: ZAccountName,
        holdings: ZPortfolio,
      }),
    )
    .max(MOVE_IN_LIMITS.maxAccounts)
    .default([]),
  clients: z
    .array(
      z.object({
        id: ZId,
        name: ZClientName,
        holdings: ZPortfolio,
        archivedAt: ZTime.nullable().default(null),
        lastReviewedAt: ZTime.nullable().default(null),
      }),
    )
    .max(MOVE_IN_LIMITS.maxClients)
    .default([]),
  paperPortfolios: z.array(z.unknown()).default([]),
  activities: z
    .object({
      portfolios: z.array(z.object({ portfolio: ZFileKey, costBasisMethod: ZCostBasisMethod })).default([]),
      activities: z.array(ZMovedActivity).max(MOVE_IN_LIMITS.maxActivities, M.tooManyActivities).default([]),
    })
    .default({ portfolios: [], activities: [] }),
});

// ------------------------------------------------------------------------------------------------ answers

export const ZMoveInAction = z.enum(['create', 'add', 'unchanged', 'skip']);

/** One portfolio of the file and what the confirmation does (did) with it. */
export const ZMovedPortfolio = z.object({
  /** The file's key of it. */
  from: z.string(),
  kind: z.enum(MOVED_PORTFOLIO_KINDS),
  name: z.string(),
  accountType: z.enum(ACCOUNT_TYPES).nullable(),
  action: ZMoveInAction,
  /** Its key in this account (`me`, `account:<id>`, `client:<id>`): null while it is still to be created, or skipped. */
  into: z.string().nullable(),
  /** Why it is skipped, or where it goes when that is an existing portfolio of the same name. */
  reason: z.string().nullable(),
  positions: z.number(),
  /** Activities added (to be added), and the ones already there. */
  activities: z.number(),
  duplicates: z.number(),
  /** Activities the rules of a typed one refuse, with the reason: not moved. */
  invalid: z.array(z.object({ date: z.string(), type: z.string(), message: z.string() })),
});
export type MovedPortfolio = z.infer<typeof ZMovedPortfolio>;

export const ZMoveInSummary = z.object({
  fileName: z.string(),
  exportedAt: z.string(),
  /** false: a preview, nothing stored; true: done. */
  moved: z.boolean(),
  portfolios: z.array(ZMovedPortfolio),
  created: z.object({ accounts: z.number(), clients: z.number() }),
  activities: z.number(),
  duplicates: z.number(),
  /** True when the confirmation would add nothing (the file is already here). */
  nothingToMove: z.boolean(),
  /** The parts of the file that do not move, each with the reason. */
  leftOut: z.array(z.string()),
});
export type MoveInSummary = z.infer<typeof ZMoveInSummary>;
