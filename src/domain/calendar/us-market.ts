/**
 * The US stock market (NYSE) calendar: weekends, full-day holidays with their weekend observance rules,
 * special closings, half days, and New York time for the session hours.
 *
 * New York time here is arithmetic, not Intl: US daylight saving time since 2007 starts at 02:00 on the second
 * Sunday of March and ends at 02:00 on the first Sunday of November. The simulator reads it for every quote;
 * the arithmetic is about 20 times faster than Intl and does not depend on the platform's time-zone database,
 * so a simulated price stays a pure function of (symbol, instant) in every process (decision 008).
 */
import { MS_PER_DAY, dayOfWeek, fromDayNumber, toDayNumber } from './iso-dates';

function ymd(year: number, month: number, dayOfMonth: number): number {
  return Date.UTC(year, month - 1, dayOfMonth) / MS_PER_DAY;
}

/** The n-th (1-based) given weekday of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = ymd(year, month, 1);
    return first + ((weekday - dayOfWeek(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = ymd(year, month + 1, 1) - 1;
  return last - ((dayOfWeek(last) - weekday + 7) % 7);
}

/** Easter Sunday (Gregorian, anonymous algorithm). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, dayOfMonth);
}

/** Saturday holidays are observed the Friday before, Sunday ones the Monday after. */
function observed(day: number): number {
  const weekday = dayOfWeek(day);
  if (weekday === 6) return day - 1;
  if (weekday === 0) return day + 1;
  return day;
}

/** Unscheduled full-day closings since 2015 (national days of mourning). */
const SPECIAL_CLOSINGS = ['2018-12-05', '2025-01-09'].map(toDayNumber);

const holidayCache = new Map<number, ReadonlySet<number>>();

function holidaySet(year: number): ReadonlySet<number> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days: number[] = [];
  // New Year's Day: a Sunday is observed on Monday; a Saturday is not observed (NYSE rule 7.2).
  const newYear = ymd(year, 1, 1);
  if (dayOfWeek(newYear) !== 6) days.push(observed(newYear));
  days.push(nthWeekday(year, 1, 1, 3)); // Martin Luther King Jr. Day: third Monday of January
  days.push(nthWeekday(year, 2, 1, 3)); // Washington's Birthday: third Monday of February
  days.push(easterSunday(year) - 2); // Good Friday
  days.push(nthWeekday(year, 5, 1, -1)); // Memorial Day: last Monday of May
  if (year >= 2022) days.push(observed(ymd(year, 6, 19))); // Juneteenth, observed by the NYSE since 2022
  days.push(observed(ymd(year, 7, 4))); // Independence Day
  days.push(nthWeekday(year, 9, 1, 1)); // Labor Day: first Monday of September
  days.push(nthWeekday(year, 11, 4, 4)); // Thanksgiving: fourth Thursday of November
  days.push(observed(ymd(year, 12, 25))); // Christmas
  for (const special of SPECIAL_CLOSINGS) {
    if (new Date(special * MS_PER_DAY).getUTCFullYear() === year) days.push(special);
  }
  const set = new Set(days);
  holidayCache.set(year, set);
  return set;
}

/** The NYSE full-day holidays of a year (observed dates, YYYY-MM-DD, sorted). */
export function marketHolidays(year: number): string[] {
  return [...holidaySet(year)].sort((a, b) => a - b).map(fromDayNumber);
}

/** `isTradingDay` of a day number (see iso-dates). */
export function isTradingDayNumber(day: number): boolean {
  const weekday = dayOfWeek(day);
  if (weekday === 0 || weekday === 6) return false;
  return !holidaySet(new Date(day * MS_PER_DAY).getUTCFullYear()).has(day);
}

/** Whether the US stock market (NYSE) holds a session on this date (YYYY-MM-DD). */
export function isTradingDay(date: string): boolean {
  return isTradingDayNumber(toDayNumber(date));
}

/** US trading days from `from` to `to`, both inclusive, oldest first. */
export function tradingDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = toDayNumber(from), last = toDayNumber(to); day <= last; day++) {
    if (isTradingDayNumber(day)) days.push(fromDayNumber(day));
  }
  return days;
}

/** Sessions that close at 13:00 New York time: July 3, the day after Thanksgiving, December 24. */
function isEarlyClose(day: number): boolean {
  if (!isTradingDayNumber(day)) return false;
  const date = new Date(day * MS_PER_DAY);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const dayOfMonth = date.getUTCDate();
  if (day === nthWeekday(year, 11, 4, 4) + 1) return true;
  if (month === 12 && dayOfMonth === 24) return true;
  // July 3 is a half day when Independence Day falls on a weekday after it (Tuesday to Friday).
  if (month === 7 && dayOfMonth === 3) return !isTradingDayNumber(day + 1);
  return false;
}

/** Minutes after New York midnight. */
export const SESSION_OPEN_MINUTE = 9 * 60 + 30;
const SESSION_CLOSE_MINUTE = 16 * 60;
const EARLY_CLOSE_MINUTE = 13 * 60;

/** When the session of a trading day closes, in minutes after New York midnight (16:00, 13:00 on half days). */
export function sessionCloseMinute(day: number): number {
  return isEarlyClose(day) ? EARLY_CLOSE_MINUTE : SESSION_CLOSE_MINUTE;
}

function newYorkOffsetMinutes(instantMs: number): number {
  const year = new Date(instantMs).getUTCFullYear();
  const dstStartUtc = nthWeekday(year, 3, 0, 2) * MS_PER_DAY + 7 * 3_600_000; // 02:00 EST = 07:00 UTC
  const dstEndUtc = nthWeekday(year, 11, 0, 1) * MS_PER_DAY + 6 * 3_600_000; // 02:00 EDT = 06:00 UTC
  return instantMs >= dstStartUtc && instantMs < dstEndUtc ? -240 : -300;
}

/** The New York calendar day (a day number) and minute of the day of an instant. */
export function newYorkClock(instantMs: number): { day: number; minute: number } {
  const local = instantMs + newYorkOffsetMinutes(instantMs) * 60_000;
  const day = Math.floor(local / MS_PER_DAY);
  return { day, minute: (local - day * MS_PER_DAY) / 60_000 };
}

/** The UTC instant (epoch milliseconds) of a New York wall-clock time on a day. */
export function newYorkInstant(day: number, minute: number): number {
  const guess = day * MS_PER_DAY + minute * 60_000;
  return guess - newYorkOffsetMinutes(guess + 5 * 3_600_000) * 60_000;
}

/** The last US session that has closed at `now` (today's after its close, else the previous one). */
export function lastCompletedTradingDay(now: Date): string {
  const clock = newYorkClock(now.getTime());
  let day = clock.day;
  if (!(isTradingDayNumber(day) && clock.minute >= sessionCloseMinute(day))) {
    day -= 1;
    while (!isTradingDayNumber(day)) day -= 1;
  }
  return fromDayNumber(day);
}
