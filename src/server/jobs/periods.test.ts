import { describe, expect, it } from 'vitest';
import { periodKey, runId } from './periods';

describe('job periods', () => {
  it('name the UTC minute, hour or day a time falls in', () => {
    expect(periodKey('minute', new Date('2026-11-23T10:05:59.999Z'))).toBe('2026-11-23T10:05');
    expect(periodKey('minute', new Date('2026-11-23T10:06:00Z'))).toBe('2026-11-23T10:06');
    expect(periodKey('hourly', new Date('2026-11-23T10:59:59.999Z'))).toBe('2026-11-23T10');
    expect(periodKey('hourly', new Date('2026-11-23T11:00:00Z'))).toBe('2026-11-23T11');
    expect(periodKey('daily', new Date('2026-11-23T23:59:59.999Z'))).toBe('2026-11-23');
    expect(periodKey('daily', new Date('2026-11-24T00:00:00Z'))).toBe('2026-11-24');
  });

  it('give one run id per job and period, the same on every instance, as a UUID', () => {
    const id = runId('delete-expired-sessions', '2026-11-23T10');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(runId('delete-expired-sessions', '2026-11-23T10')).toBe(id);
    expect(runId('delete-expired-sessions', '2026-11-23T11')).not.toBe(id);
    expect(runId('delete-expired-limit-counters', '2026-11-23T10')).not.toBe(id);
  });
});
