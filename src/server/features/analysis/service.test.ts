import { describe, expect, it } from 'vitest';
import { usageMonth, usageSubjects } from './service';

describe('usageMonth', () => {
  it('is the calendar month in UTC', () => {
    expect(usageMonth(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-03');
    expect(usageMonth(new Date('2026-04-01T00:00:00.000Z'))).toBe('2026-04');
  });
});

describe('usageSubjects', () => {
  const user = (plan: 'free' | 'premium' | 'professional') => ({
    id: 'u1',
    email: 'a@example.com',
    name: 'a',
    firstName: 'A',
    lastName: 'B',
    role: 'user' as const,
    plan,
    subscriptionStatus: 'none',
    emailVerified: true,
    isDemo: false,
  });

  it('counts a free account by its id and its IP, a paid one not at all', () => {
    const visitor = usageSubjects('secret', { user: undefined, visitorId: undefined, ip: '1.2.3.4' });
    expect(usageSubjects('secret', { user: user('free'), visitorId: 'v', ip: '1.2.3.4' })).toEqual([
      { kind: 'user', key: 'u1' },
      ...visitor,
    ]);
    expect(usageSubjects('secret', { user: user('premium'), visitorId: undefined, ip: '1.2.3.4' })).toEqual(
      [],
    );
    expect(usageSubjects('secret', { user: user('professional'), visitorId: 'v', ip: '1.2.3.4' })).toEqual(
      [],
    );
  });

  it('counts a visitor by browser and IP, keyed by an HMAC of the secret', () => {
    const subjects = usageSubjects('secret', { user: undefined, visitorId: 'abc', ip: '1.2.3.4' });
    expect(subjects.map((s) => s.kind)).toEqual(['visitor', 'ip']);
    expect(subjects.map((s) => s.key)).not.toContain('abc');
    expect(subjects.map((s) => s.key)).not.toContain('1.2.3.4');
    const other = usageSubjects('other-secret', { user: undefined, visitorId: 'abc', ip: '1.2.3.4' });
    expect(other[0]?.key).not.toBe(subjects[0]?.key);
  });
});
