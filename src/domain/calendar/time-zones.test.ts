import { describe, expect, it } from 'vitest';
import {
  instantOfLocalTime,
  localDateOf,
  normalizeTimeZone,
  periodStartsOf,
  startOfLocalDate,
} from './time-zones';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('time zones', () => {
  it('accepts IANA names and canonicalises them; refuses offsets and junk', () => {
    expect(normalizeTimeZone('America/Los_Angeles')).toBe(LA);
    expect(normalizeTimeZone('UTC')).toBe('UTC');
    expect(normalizeTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(normalizeTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    for (const bad of ['', 'Mars/Olympus', '+01:00', 'UTC+1', "'; drop table", 'x'.repeat(80), undefined]) {
      expect(normalizeTimeZone(bad)).toBeUndefined();
    }
  });

  it('finds the local date of an instant', () => {
    // 2025-03-04 05:30 UTC is still March 3 in Los Angeles (UTC-8).
    expect(localDateOf(at('2025-03-04T05:30:00Z'), 'UTC')).toBe('2025-03-04');
    expect(localDateOf(at('2025-03-04T05:30:00Z'), LA)).toBe('2025-03-03');
    expect(localDateOf(at('2025-03-04T20:00:00Z'), 'Asia/Tokyo')).toBe('2025-03-05');
  });

  it('finds local midnight, across daylight saving changes', () => {
    expect(startOfLocalDate('2025-03-03', LA).toISOString()).toBe('2025-03-03T08:00:00.000Z');
    // DST started 2025-03-09 at 02:00 local: midnight is still PST.
    expect(startOfLocalDate('2025-03-09', LA).toISOString()).toBe('2025-03-09T08:00:00.000Z');
    expect(startOfLocalDate('2025-03-10', LA).toISOString()).toBe('2025-03-10T07:00:00.000Z');
    expect(startOfLocalDate('2025-07-01', 'Asia/Kolkata').toISOString()).toBe('2025-06-30T18:30:00.000Z');
    expect(startOfLocalDate('2025-07-01', 'UTC').toISOString()).toBe('2025-07-01T00:00:00.000Z');
    // Santiago moves its clocks at midnight: 2024-09-08 starts at 01:00 local (-03), i.e. 04:00 UTC.
    expect(startOfLocalDate('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
  });

  it('starts ISO weeks on Monday and months on the 1st, in the zone', () => {
    // Monday 2025-03-10 03:00 UTC is Sunday evening in Los Angeles: still the previous week there.
    const now = at('2025-03-10T03:00:00Z');
    expect(periodStartsOf(now, 'UTC').weekStart.toISOString()).toBe('2025-03-10T00:00:00.000Z');
    expect(periodStartsOf(now, LA).weekStart.toISOString()).toBe('2025-03-03T08:00:00.000Z');
    // 2025-04-01 02:00 UTC is still March 31 in Los Angeles.
    const monthEdge = at('2025-04-01T02:00:00Z');
    expect(periodStartsOf(monthEdge, 'UTC').monthStart.toISOString()).toBe('2025-04-01T00:00:00.000Z');
    expect(periodStartsOf(monthEdge, LA).monthStart.toISOString()).toBe('2025-03-01T08:00:00.000Z');
  });

  it('takes an instant as epoch milliseconds too', () => {
    expect(localDateOf(Date.parse('2025-03-04T05:30:00Z'), LA)).toBe('2025-03-03');
    expect(localDateOf(Date.parse('2025-03-04T05:30:00Z'), NY)).toBe('2025-03-04');
    expect(() => localDateOf(0, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('finds the instant of a wall-clock time: 16:00 in New York, in winter, in summer and on DST days', () => {
    const closeOf = (date: string) => instantOfLocalTime(date, 16, 0, NY).toISOString();
    expect(closeOf('2025-01-15')).toBe('2025-01-15T21:00:00.000Z');
    expect(closeOf('2025-07-03')).toBe('2025-07-03T20:00:00.000Z');
    expect(closeOf('2025-03-08')).toBe('2025-03-08T21:00:00.000Z');
    expect(closeOf('2025-03-09')).toBe('2025-03-09T20:00:00.000Z'); // DST started at 02:00
    expect(closeOf('2025-11-01')).toBe('2025-11-01T20:00:00.000Z');
    expect(closeOf('2025-11-02')).toBe('2025-11-02T21:00:00.000Z'); // DST ended at 02:00
    expect(instantOfLocalTime('2025-07-01', 9, 30, 'Asia/Kolkata').toISOString()).toBe(
      '2025-07-01T04:00:00.000Z',
    );
  });
});
