/**
 * Calendar dates in IANA time zones, with the platform's Intl (its ICU time-zone database): the date of an
 * instant in a zone, and the instant a date or a wall-clock time begins there.
 *
 * Not @date-fns/tz: its TZDate gave the same answers only on a host whose own zone is UTC; on a host in
 * another zone it moved some local midnights next to a DST change by the host's offset change (decision 008).
 */
import { MS_PER_DAY, isoWeekStartOf, monthStartOf, toDayNumber } from './iso-dates';

export const DEFAULT_TIME_ZONE = 'UTC';

/** An IANA zone name ("Europe/Paris", "UTC"); offsets like "+01:00" are refused (PostgreSQL reads them inverted). */
const IANA_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/;

/**
 * `name` when it is an IANA time zone that Intl.DateTimeFormat knows, else undefined. Used for the browser's
 * `X-Time-Zone` header. The name is kept as sent (ICU would turn 'Asia/Kolkata' into the legacy
 * 'Asia/Calcutta'); PostgreSQL knows both.
 */
export function normalizeTimeZone(name: string | undefined | null): string | undefined {
  if (!name || name.length > 64 || !IANA_NAME.test(name)) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall clock of an instant in a zone; a RangeError for a zone Intl does not know. */
function wallClockOf(instant: Date | number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date ('YYYY-MM-DD') of an instant (a Date or epoch milliseconds) in a time zone. */
export function localDateOf(instant: Date | number, timeZone: string): string {
  const { year, month, day } = wallClockOf(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Minutes the zone is ahead of UTC at an instant (Los Angeles in winter: -480). */
function offsetMinutesAt(instantMs: number, timeZone: string): number {
  const w = wallClockOf(instantMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/**
 * Two guesses at the instant the zone's clocks read `wallMs` (a wall clock written as if it were UTC): with the
 * zone's offset at `wallMs` itself, then with its offset at the first guess.
 */
function candidatesOf(wallMs: number, timeZone: string): [number, number] {
  const first = wallMs - offsetMinutesAt(wallMs, timeZone) * 60_000;
  return [first, wallMs - offsetMinutesAt(first, timeZone) * 60_000];
}

/** The first instant of a calendar date in a time zone (local midnight, or the end of a DST gap at midnight). */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const [first, second] = candidatesOf(toDayNumber(date) * MS_PER_DAY, timeZone);
  const onDate = [first, second].filter((t) => localDateOf(t, timeZone) === date).sort((a, b) => a - b);
  // Both land on the date: the earlier one is midnight; none does only in a gap, where the later is the start.
  return new Date(onDate[0] ?? Math.max(first, second));
}

/**
 * The instant at which a time zone's clocks read a wall-clock time (hour, minute) of a date, for a time they read
 * once (a session's close); in a DST overlap or gap the answer is one of the instants next to it.
 */
export function instantOfLocalTime(date: string, hour: number, minute: number, timeZone: string): Date {
  const wallMs = toDayNumber(date) * MS_PER_DAY + (hour * 60 + minute) * 60_000;
  const [first, second] = candidatesOf(wallMs, timeZone);
  return new Date(first + offsetMinutesAt(first, timeZone) * 60_000 === wallMs ? first : second);
}

export interface PeriodStarts {
  today: string;
  /** First instant of today, of this ISO week (Monday) and of this month, in the zone. */
  dayStart: Date;
  weekStart: Date;
  monthStart: Date;
}

/** Where today, this week and this month begin for a user in `timeZone`. */
export function periodStartsOf(now: Date, timeZone: string): PeriodStarts {
  const today = localDateOf(now, timeZone);
  return {
    today,
    dayStart: startOfLocalDate(today, timeZone),
    weekStart: startOfLocalDate(isoWeekStartOf(today), timeZone),
    monthStart: startOfLocalDate(monthStartOf(today), timeZone),
  };
}
