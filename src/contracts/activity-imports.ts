/**
 * Activity imports (issue 27 items 5 and 13): `POST /api/activities/import/preview?portfolio=` takes the file as
 * `multipart/form-data` (field `file`, and `mapping`, the column mapping as JSON, for a file no format
 * recognises), reads it whole and stages a preview; `POST /api/activities/import/:importId/confirm` saves it all
 * or nothing; `DELETE /api/activities/imports/:importId` undoes it (or discards a preview).
 */
import { z } from 'zod';
import { ACTIVITY_TYPES } from '../domain/activities/activity';
import {
  ACTIVITY_FILE_ERRORS,
  ACTIVITY_FORMATS,
  ACTIVITY_IMPORT_LIMITS,
  DATE_FORMATS,
  MAPPED_FIELDS,
} from '../domain/activity-import/format';
import { ZActivity, ZActivityType, ZPortfolioKey } from './activities';
import { text } from './text';

/** How long a preview is kept for its confirmation, and how many of a person's previews are kept at once. */
export const ACTIVITY_IMPORT_PREVIEW_HOURS = 24;
export const ACTIVITY_IMPORT_PENDING_MAX = 3;
/** The `mapping` field's bytes: a mapping names columns and type words, nothing near this. */
export const ACTIVITY_IMPORT_MAPPING_MAX_BYTES = 64 * 1024;

export const ACTIVITY_IMPORT_MESSAGES = {
  fileRequired: 'Send the file as multipart/form-data in the field "file".',
  oneFile: 'Send one file at a time.',
  tooLarge: ACTIVITY_FILE_ERRORS.tooLarge,
  fileNameInvalid: 'The file name contains characters that are not allowed',
  mappingNotJson: 'mapping must be the column mapping written as JSON',
  mappingTooLarge: `mapping is too large (${ACTIVITY_IMPORT_MAPPING_MAX_BYTES / 1024} KB at most)`,
  unknownField: (name: string) => `Unknown field "${name}": send "file" and, optionally, "mapping".`,
  importNotFound: 'Import not found',
  alreadyConfirmed: 'This import is already confirmed: its activities are in the history.',
  expired: `This preview is no longer kept (a preview is kept ${ACTIVITY_IMPORT_PREVIEW_HOURS} hours, and only your ${ACTIVITY_IMPORT_PENDING_MAX} latest). Upload the file again.`,
  nothingToImport: 'Nothing to import: every row of this file is already saved in this portfolio.',
  limits: `A file may hold up to ${ACTIVITY_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows and ${ACTIVITY_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.`,
} as const;
const M = ACTIVITY_IMPORT_MESSAGES;

/** POST /api/activities/import/preview */
export const ZImportPreviewQuery = z.object({ portfolio: ZPortfolioKey });

export const ZImportParams = z.object({ importId: z.uuid({ error: M.importNotFound }) });

const columnName = (field: string) => text({ field: `The ${field} column`, max: 200, min: 1 });
const ZOptionalColumns = Object.fromEntries(
  MAPPED_FIELDS.filter((field) => field !== 'date' && field !== 'type').map((field) => [
    field,
    columnName(field).optional(),
  ]),
) as Record<
  'symbol' | 'quantity' | 'price' | 'fee' | 'amount' | 'currency' | 'note',
  z.ZodOptional<z.ZodString>
>;

/** The `mapping` field: which column holds each field, how dates are written, what each type word is. */
export const ZColumnMapping = z.object({
  columns: z.object({ date: columnName('date'), type: columnName('type'), ...ZOptionalColumns }),
  dateFormat: z.enum(DATE_FORMATS, { error: `dateFormat must be one of ${DATE_FORMATS.join(', ')}` }),
  types: z
    .record(text({ field: 'A type word', max: 100, min: 1 }), ZActivityType.nullable())
    .refine((types) => Object.keys(types).length <= 500, 'types may list at most 500 words'),
  currency: text({ field: 'currency', max: 3, min: 3 }).optional(),
});

// ----------------------------------------------------------------------------------------------- answers

/** A row as it will be saved, with the line of the file it came from. Numbers as JSON numbers. */
export const ZImportRow = ZActivity.pick({
  type: true,
  date: true,
  symbol: true,
  quantity: true,
  price: true,
  fee: true,
  amount: true,
  currency: true,
  note: true,
}).extend({ line: z.number() });
export type ImportRow = z.infer<typeof ZImportRow>;

export const ZImportLineIssue = z.object({ line: z.number(), message: z.string() });

/**
 * 200, the file read: `rows` will be saved by the confirmation, `duplicates` equal activities already saved in
 * the portfolio (type, date, symbol, quantity, price, fee, amount, currency) and will not be saved again, `errors`
 * are the lines not used with the reason. Nothing is in the history yet.
 */
export const ZImportPreview = z.object({
  kind: z.literal('preview'),
  importId: z.string(),
  portfolio: z.string(),
  fileName: z.string(),
  format: z.enum(ACTIVITY_FORMATS),
  /** The format for people: 'Charles Schwab transaction history'. */
  label: z.string(),
  rows: z.array(ZImportRow),
  errors: z.array(ZImportLineIssue),
  duplicates: z.array(ZImportRow),
  expiresAt: z.string(),
});
export type ImportPreview = z.infer<typeof ZImportPreview>;

/**
 * 200, a file no format recognises and no remembered mapping for its header: the mapper's header, the key a
 * mapping is remembered under, and a proposal. Send the file again with `mapping`; nothing was stored.
 */
export const ZImportMappingNeeded = z.object({
  kind: z.literal('mapping-needed'),
  message: z.string(),
  header: z.array(z.string()),
  headerKey: z.string(),
  proposal: z.object({
    columns: z.partialRecord(z.enum(MAPPED_FIELDS), z.string()),
    dateFormat: z.enum(DATE_FORMATS).nullable(),
    types: z.record(z.string(), z.enum(ACTIVITY_TYPES)),
    unknownTypes: z.array(z.string()),
  }),
});

export const ZImportPreviewResponse = z.discriminatedUnion('kind', [ZImportPreview, ZImportMappingNeeded]);
export type ImportPreviewResponse = z.infer<typeof ZImportPreviewResponse>;

/** POST /api/activities/import/:importId/confirm: what was saved, and the rows left out as already saved. */
export const ZImportConfirmResponse = z.object({
  importId: z.string(),
  portfolio: z.string(),
  imported: z.number(),
  duplicates: z.number(),
});
export type ImportConfirmResponse = z.infer<typeof ZImportConfirmResponse>;

/** DELETE /api/activities/imports/:importId: the activities removed (0 for a preview discarded). */
export const ZImportUndoResponse = z.object({ importId: z.string(), deleted: z.number() });
export type ImportUndoResponse = z.infer<typeof ZImportUndoResponse>;
