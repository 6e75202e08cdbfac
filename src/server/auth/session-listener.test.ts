/**
 * The session cache across instances: two apps (each with its own pool and listener, as two processes would
 * have) on ONE database. Each instance answers a validated session from memory; a change committed by anyone
 * (another instance, plain SQL) reaches every instance through migration 0010's triggers. `caughtUp()` waits
 * for the notifications committed before it, so nothing here depends on timing.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contracts/accounts';
import { useTwoAppInstances } from '../testing/app-instances';
import { injectAs, signUpUser, type TestUser } from '../testing/users';
import { SessionCache } from './session-cache';
import { SESSION_LISTENER_APPLICATION_NAME } from './session-listener';
import { createSession, SESSION_LIFETIMES, SESSION_USER_COLUMNS, validateSessionToken } from './sessions';

const {
  A,
  B,
  database,
  sql,
  everyInstanceCaughtUp,
  changeUnannounced: updateUnannounced,
} = useTwoAppInstances();

async function userSeenBy(app: FastifyInstance, user: TestUser): Promise<User | null> {
  const res = await injectAs(user, app, { method: 'GET', url: '/api/auth/me' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ user: User | null }>().user;
}

describe('sessions cached per instance, invalidated through the database', () => {
  it('a session signed out on one instance is signed out on the other', async () => {
    const user = await signUpUser(A());
    expect((await userSeenBy(B(), user))?.id).toBe(user.id);
    const logout = await injectAs(user, A(), { method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(204);
    await everyInstanceCaughtUp();
    expect(await userSeenBy(B(), user)).toBeNull();
  });

  it('the instance that signed the session out needs no notification for it', async () => {
    const user = await signUpUser(A());
    expect((await userSeenBy(A(), user))?.id).toBe(user.id);
    await injectAs(user, A(), { method: 'POST', url: '/api/auth/logout' });
    expect(await userSeenBy(A(), user)).toBeNull();
  });

  it('a plan changed by a plain SQL UPDATE is on the next /me of every instance', async () => {
    const user = await signUpUser(A());
    expect((await userSeenBy(A(), user))?.plan).toBe('free');
    expect((await userSeenBy(B(), user))?.plan).toBe('free');
    await sql(`update "user" set plan = 'premium', subscription_status = 'active' where id = $1`, [user.id]);
    await everyInstanceCaughtUp();
    expect((await userSeenBy(A(), user))?.plan).toBe('premium');
    expect((await userSeenBy(B(), user))?.plan).toBe('premium');
  });

  it('a deleted user is signed out everywhere', async () => {
    const user = await signUpUser(A());
    expect(await userSeenBy(B(), user)).not.toBeNull();
    await sql('delete from "user" where id = $1', [user.id]);
    await everyInstanceCaughtUp();
    expect(await userSeenBy(B(), user)).toBeNull();
  });

  it('answers from memory until told, and forgets everything when its listener connection is lost', async () => {
    const user = await signUpUser(A());
    expect((await userSeenBy(B(), user))?.firstName).toBe('Test');
    await updateUnannounced(`update "user" set first_name = 'Renamed' where id = $1`, [user.id]);
    await everyInstanceCaughtUp();
    // Nothing announced the change: the cached session is what B answers with.
    expect((await userSeenBy(B(), user))?.firstName).toBe('Test');

    const { rows } = await sql(
      `select pg_terminate_backend(pid, 10000) as terminated from pg_stat_activity
        where datname = current_database() and application_name = $1`,
      [SESSION_LISTENER_APPLICATION_NAME],
    );
    expect(rows).toHaveLength(2);
    await everyInstanceCaughtUp(); // listening again, on new connections
    expect((await userSeenBy(B(), user))?.firstName).toBe('Renamed');
  });
});

describe('the trigger on "user"', () => {
  it('watches every user column a session carries (the id never changes) and the password hash', async () => {
    const { rows } = await sql(
      `select a.attname from pg_trigger t
         join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any (t.tgattr::int2[])
        where t.tgname = 'user_session_fields_changed_notify' order by a.attname`,
    );
    const watched = rows.map((row: { attname: string }) => row.attname);
    const carried = Object.values(SESSION_USER_COLUMNS)
      .map((column) => column.name)
      .filter((name) => name !== 'id')
      .concat('password_hash')
      .sort();
    expect(watched).toEqual(carried);
  });
});

describe('validateSessionToken with a cache', () => {
  const T0 = new Date(Date.UTC(2026, 10, 24, 12, 0, 0));
  const at = (ms: number) => new Date(T0.getTime() + ms);

  async function freshSession() {
    const { rows } = await sql(
      `insert into "user" (email, first_name, last_name, password_hash)
       values (gen_random_uuid() || '@example.com', 'Ada', 'Lovelace', 'not-a-hash') returning id`,
    );
    const userId = (rows[0] as { id: string }).id;
    const created = await createSession(database().db, { userId, now: T0 });
    // A cache that outlives the touch interval, so that a cached answer is due to slide the idle expiry.
    const cache = new SessionCache(10 * 24 * 3600_000);
    cache.setActive(true);
    return { ...created, userId, cache };
  }

  const lastSeenOf = async (idHash: string) =>
    (await sql('select last_seen_at from session where id_hash = $1', [idHash])).rows[0] as
      { last_seen_at: Date } | undefined;

  it('still slides the idle expiry once a minute when the answer comes from the cache', async () => {
    const { token, idHash, cache } = await freshSession();
    const db = database().db;
    expect(await validateSessionToken(db, token, { cache, now: T0 })).toBeDefined();
    expect(cache.get(idHash, T0.getTime())).toBeDefined();
    expect(await validateSessionToken(db, token, { cache, now: at(30_000) })).toBeDefined();
    expect((await lastSeenOf(idHash))?.last_seen_at).toEqual(T0);
    expect(await validateSessionToken(db, token, { cache, now: at(61_000) })).toBeDefined();
    expect((await lastSeenOf(idHash))?.last_seen_at).toEqual(at(61_000));
  });

  it('ends a cached session at its idle expiry, and deletes it', async () => {
    const { token, idHash, cache } = await freshSession();
    const db = database().db;
    expect(await validateSessionToken(db, token, { cache, now: T0 })).toBeDefined();
    const idle = SESSION_LIFETIMES.standard.idleMs;
    expect(await validateSessionToken(db, token, { cache, now: at(idle - 1) })).toBeDefined();
    // The touch at idle - 1 ms slid the expiry: it now ends one idle period after that.
    expect(await validateSessionToken(db, token, { cache, now: at(2 * idle - 1) })).toBeUndefined();
    expect(await lastSeenOf(idHash)).toBeUndefined();
  });

  it('learns at the next touch that a cached session was deleted behind its back', async () => {
    const { token, idHash, cache } = await freshSession();
    const db = database().db;
    expect(await validateSessionToken(db, token, { cache, now: T0 })).toBeDefined();
    await sql('delete from session where id_hash = $1', [idHash]);
    expect(await validateSessionToken(db, token, { cache, now: at(61_000) })).toBeUndefined();
    expect(cache.get(idHash, at(61_000).getTime())).toBeUndefined();
  });
});
