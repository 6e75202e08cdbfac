/**
 * Activity imports (issue 27 items 5 and 13, docs/decisions/036): a file in, a preview staged, then saved as one
 * unit or undone as one.
 *
 * - The preview reads the whole file synchronously (src/domain/activity-import, within its 10 MB / 100,000-row
 *   limits) and checks every row by the rules of a typed activity before anything is stored; nothing joins the
 *   history. A file no format recognises is read through the person's mapping, or the one remembered for its
 *   header (per user, by `headerKey`); a mapping that reads rows is remembered for the next file of that header.
 * - Duplicates: a row equal to an activity already saved in the portfolio (type, date, symbol, quantity, price,
 *   fee, amount, currency; a missing fee is 0) is not saved again, counted as a multiset (a file with two equal
 *   rows and one saved keeps one), so importing the same file twice adds nothing.
 * - The confirmation runs in ONE transaction under the portfolio's lock (withHistory): duplicates are found again
 *   against the history as it is then (a second preview of the same file confirmed later adds nothing), the rows
 *   are saved with `source: import`, the file name and line, and the whole history is replayed: a sale of more
 *   than is held rolls everything back (422 INSUFFICIENT_SHARES).
 * - Undo deletes the import's activities in one transaction, refused the same way when what remains would sell
 *   more than is held. Another person's import is a 404.
 */
import {
  ACTIVITY_IMPORT_MESSAGES as M,
  ACTIVITY_IMPORT_PENDING_MAX,
  ACTIVITY_IMPORT_PREVIEW_HOURS,
  type ImportConfirmResponse,
  type ImportPreviewResponse,
  type ImportRow,
  type ImportUndoResponse,
} from '../../../contracts/activity-imports';
import { AppError } from '../../../contracts/errors';
import { splitDuplicates } from '../../../domain/activities/duplicates';
import { validateActivity } from '../../../domain/activities/validate';
import type { ColumnMapping } from '../../../domain/activity-import/column-mapper';
import type { ImportedActivity, ImportLineIssue } from '../../../domain/activity-import/format';
import { IMPORT_REFUSALS, readActivityFile, type ActivityFileRead } from '../../../domain/activity-import';
import { keyOf, mapStoreOf, numberOf } from './portfolio-refs';
import {
  deleteImport,
  deleteImportActivities,
  expireOlderPreviews,
  findImportOfUser,
  findMapping,
  insertImport,
  markConfirmed,
  saveMapping,
} from './import-repository';
import { findPortfolio, insertActivityColumns, listHistory, type NewActivityRow } from './repository';
import { latestToday, openHistory, withHistory, writableRef, type UserRequest } from './service';

/** A header longer than this (a file whose first row is one huge cell) is not remembered. */
const MAX_REMEMBERED_HEADER_KEY = 20_000;

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

// --------------------------------------------------------------------------------------------- preview

function fileRefusal(read: Exclude<ActivityFileRead, { ok: true }>): AppError {
  return new AppError('VALIDATION_ERROR', read.message, { fields: { file: read.message } });
}

/** Each activity a format read, checked as a typed one would be (symbol, numbers, note): the others are errors. */
function checkedRows(
  activities: readonly ImportedActivity[],
  today: string,
): { rows: ImportedActivity[]; errors: ImportLineIssue[] } {
  const rows: ImportedActivity[] = [];
  const errors: ImportLineIssue[] = [];
  for (const { line, ...draft } of activities) {
    const checked = validateActivity(draft, { today });
    if (checked.ok) rows.push({ ...checked.activity, line });
    else errors.push({ line, message: checked.message });
  }
  return { rows, errors };
}

const rowOf = (row: ImportedActivity): ImportRow => ({
  line: row.line,
  type: row.type,
  date: row.date,
  symbol: row.symbol,
  quantity: numberOf(row.quantity),
  price: numberOf(row.price),
  fee: numberOf(row.fee),
  amount: numberOf(row.amount),
  currency: row.currency,
  note: row.note,
});

/**
 * POST /api/activities/import/preview: the file read whole, its rows checked and split from the duplicates, and
 * staged for ACTIVITY_IMPORT_PREVIEW_HOURS (the person's older previews beyond the latest few expire).
 */
export async function previewImport(
  options: UserRequest & { portfolio: string; file: UploadedFile; mapping?: ColumnMapping | undefined },
): Promise<ImportPreviewResponse> {
  const { db, user } = options;
  const ref = writableRef(options.portfolio);
  // Another person's portfolio (404) or a plan's (403) before the file is read.
  await mapStoreOf(user, ref).read(db);
  const key = keyOf(ref);
  const file = { text: options.file.bytes.toString('utf8'), fileName: options.file.fileName };
  const today = latestToday(options.now());

  let read = readActivityFile(file, { today });
  if (!read.ok && read.code === 'UNRECOGNISED_FORMAT') {
    const { headerKey } = read;
    const mapping = options.mapping ?? (await findMapping(db, user.id, headerKey));
    if (mapping === undefined) {
      const { proposal } = read;
      return {
        kind: 'mapping-needed',
        message: read.message,
        header: read.header,
        headerKey,
        proposal: { ...proposal, dateFormat: proposal.dateFormat ?? null },
      };
    }
    read = readActivityFile(file, { today, mapping });
    if (read.ok && options.mapping && headerKey.length <= MAX_REMEMBERED_HEADER_KEY) {
      await saveMapping(db, user.id, headerKey, options.mapping);
    }
  }
  if (!read.ok) throw fileRefusal(read);

  const { rows, errors } = checkedRows(read.parse.activities, today);
  const allErrors = [...read.parse.errors, ...errors].sort((a, b) => a.line - b.line);
  if (rows.length === 0) {
    const message = IMPORT_REFUSALS.noUsableRows(read.label, allErrors);
    throw new AppError('VALIDATION_ERROR', message, { fields: { file: message } });
  }
  const portfolio = await findPortfolio(db, user.id, key);
  const saved = portfolio ? await listHistory(db, portfolio.id) : [];
  const { fresh, duplicates } = splitDuplicates(rows, saved);

  const expiresAt = new Date(options.now().getTime() + ACTIVITY_IMPORT_PREVIEW_HOURS * 3_600_000);
  const staged = await db.transaction(async (tx) => {
    await expireOlderPreviews(tx, user.id, ACTIVITY_IMPORT_PENDING_MAX - 1);
    return insertImport(tx, {
      userId: user.id,
      portfolio: key,
      fileName: file.fileName,
      format: read.parse.format,
      rows,
      expiresAt,
    });
  });
  return {
    kind: 'preview',
    importId: staged.id,
    portfolio: key,
    fileName: file.fileName,
    format: read.parse.format,
    label: read.label,
    rows: fresh.map(rowOf),
    errors: allErrors,
    duplicates: duplicates.map(rowOf),
    expiresAt: staged.expiresAt.toISOString(),
  };
}

// -------------------------------------------------------------------------------------- confirm, undo

/** The user's import, or 404 (another person's or none). */
async function ownedImport(options: UserRequest & { importId: string }) {
  const found = await findImportOfUser(options.db, options.user.id, options.importId);
  if (!found) throw new AppError('NOT_FOUND', M.importNotFound);
  return found;
}

function assertPending(found: { status: string; expiresAt: Date }, now: Date): void {
  if (found.status === 'confirmed') throw new AppError('CONFLICT', M.alreadyConfirmed);
  if (found.status === 'expired' || found.expiresAt <= now) throw new AppError('CONFLICT', M.expired);
}

/** POST /api/activities/import/:importId/confirm: every row not already saved, all or nothing. */
export async function confirmImport(
  options: UserRequest & { importId: string },
): Promise<ImportConfirmResponse> {
  const { user, importId } = options;
  const found = await ownedImport(options);
  assertPending(found, options.now());
  const ref = writableRef(found.portfolio);
  const counts = await withHistory({ ...options, ref }, async ({ tx, portfolio, history, map }) => {
    // Locked: a second confirmation of the same preview waits, then finds it confirmed.
    const staged = await findImportOfUser(tx, user.id, importId, { lock: true, withRows: true });
    if (!staged) throw new AppError('NOT_FOUND', M.importNotFound);
    assertPending(staged, options.now());
    const { fresh, duplicates } = splitDuplicates(staged.rows, history);
    if (fresh.length === 0) throw new AppError('CONFLICT', M.nothingToImport);
    if (history.length === 0 && map) {
      const first = fresh.reduce((min, row) => (row.date < min ? row.date : min), fresh[0]?.date ?? '');
      await openHistory(tx, portfolio, map, first);
    }
    const values = fresh.map(({ line, ...draft }): NewActivityRow => ({
      ...draft,
      source: 'import',
      importId,
      fileName: staged.fileName,
      line,
    }));
    await insertActivityColumns(tx, portfolio.id, values);
    await markConfirmed(tx, importId, options.now());
    return { imported: fresh.length, duplicates: duplicates.length };
  });
  return { importId, portfolio: found.portfolio, ...counts };
}

/**
 * DELETE /api/activities/imports/:importId: a confirmed import's activities all go, in one transaction (refused
 * with the reason when what remains would sell more than is held); a preview is discarded.
 */
export async function undoImport(options: UserRequest & { importId: string }): Promise<ImportUndoResponse> {
  const { user, importId } = options;
  const found = await ownedImport(options);
  if (found.status !== 'confirmed') {
    await options.db.transaction((tx) => deleteImport(tx, importId));
    return { importId, deleted: 0 };
  }
  const ref = writableRef(found.portfolio);
  const deleted = await withHistory({ ...options, ref }, async ({ tx, portfolio }) => {
    const locked = await findImportOfUser(tx, user.id, importId, { lock: true });
    if (!locked) throw new AppError('NOT_FOUND', M.importNotFound);
    const count = await deleteImportActivities(tx, portfolio.id, importId);
    await deleteImport(tx, importId);
    return count;
  });
  return { importId, deleted };
}
