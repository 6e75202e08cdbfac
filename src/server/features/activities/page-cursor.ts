/** The keyset cursor of the newest-first activity pages (GET /api/activities): the last row's date and entry order. */
import {
  ACTIVITIES_MESSAGES as M,
  ACTIVITY_PAGE_SIZE,
  type Activity,
  type ActivityListResponse,
} from '../../../contracts/activities';
import { AppError } from '../../../contracts/errors';
import { isIsoDate } from '../../../domain/calendar';

interface Cursor {
  date: string;
  sequence: number;
}

function encodeCursor(row: { date: string; sequence: number }): string {
  return Buffer.from(`${row.date}|${row.sequence}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const [date = '', sequence = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!isIsoDate(date) || !/^\d{1,15}$/.test(sequence)) {
    throw new AppError('VALIDATION_ERROR', M.cursorInvalid, { fields: { cursor: M.cursorInvalid } });
  }
  return { date, sequence: Number(sequence) };
}

/** A page from up to PAGE_SIZE + 1 items: the extra one only says there is a next page. */
export function pageOf(items: { cursor: Cursor; activity: Activity }[]): ActivityListResponse {
  const page = items.slice(0, ACTIVITY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    activities: page.map((item) => item.activity),
    nextCursor: items.length > ACTIVITY_PAGE_SIZE && last ? encodeCursor(last.cursor) : null,
  };
}
