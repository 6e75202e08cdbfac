/**
 * Calendar dates as ISO strings ('YYYY-MM-DD', so string order is date order) and as day numbers (UTC calendar
 * days since 1970-01-01, for arithmetic and loops). No time zone: a date here is a label, not an instant.
 *
 * Hand-written rather than date-fns: each helper is a line or two over Date.UTC, and date-fns needs a
 * UTCDate and a format call around every one of them for the same result at about twice the cost (decision 008).
 */

export const MS_PER_DAY = 86_400_000;

/** 'YYYY-MM-DD'; `isIsoDate` also checks that it is a date. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Milliseconds since the epoch of the date's UTC midnight; NaN when it is not a date. */
function utcMidnightOf(date: string): number {
  return ISO_DATE.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
}

/** Whether a string is a 'YYYY-MM-DD' date (a day past the month's end, up to the 31st, rolls over). */
export function isIsoDate(value: string): boolean {
  return !Number.isNaN(utcMidnightOf(value));
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date; a RangeError for anything else. */
export function toDayNumber(date: string): number {
  const ms = utcMidnightOf(date);
  if (Number.isNaN(ms)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return ms / MS_PER_DAY;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The 'YYYY-MM-DD' date of a day number (years 0 to 9999). */
export function fromDayNumber(day: number): string {
  const date = new Date(day * MS_PER_DAY);
  const year = date.getUTCFullYear();
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(day: number): number {
  // 1970-01-01 was a Thursday (4).
  return (((day + 4) % 7) + 7) % 7;
}

/** The UTC calendar date of an instant (a Date or epoch milliseconds). */
export function utcDateOf(instant: Date | number): string {
  return (typeof instant === 'number' ? new Date(instant) : instant).toISOString().slice(0, 10);
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** `2026-03-05` -> `Mar 5, 2026`: a date as people read it (in UTC, so that no time zone moves it); else as given. */
export function formatDay(date: string): string {
  const ms = utcMidnightOf(date);
  return Number.isNaN(ms) ? date : dayFormat.format(ms);
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** The same day of the month `months` later (earlier when negative), clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return utcDateOf(target);
}

/** Monday of the ISO week of a date. */
export function isoWeekStartOf(date: string): string {
  const day = toDayNumber(date);
  return fromDayNumber(day - ((dayOfWeek(day) + 6) % 7));
}

export function monthStartOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}
