import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { UserChangeSubscriber } from '../lib/user-cache';

/**
 * The channel of migration 0010's triggers and their kin (an API token deleted, a saved portfolio written);
 * the payload is a user id.
 */
export const SESSION_CHANGED_CHANNEL = 'fw_session_changed';
/** How the listener's connection shows in pg_stat_activity. */
export const SESSION_LISTENER_APPLICATION_NAME = 'foliowise-session-listener';
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const SELF_CHECK_TIMEOUT_MS = 5_000;

export interface SessionListener {
  /** Starts listening; settles once the first attempt is over (listening or not: the app starts either way). */
  start(): Promise<void>;
  /**
   * Resolves once every session change committed before the call has reached the caches: a notification of
   * its own on the same channel, which PostgreSQL delivers after those of transactions that committed
   * earlier. Waits for the listener to be connected again when it is not.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTENs for user changes on a connection of its own (not one of the pool's: it is held for good) and
 * drops what each cache (sessions, API tokens, saved portfolios) holds of each user named. The caches serve
 * only while this listens, and only once the connection heard a notification of its own: a lost connection
 * switches them off and empties them (changes made meanwhile would go unseen), a new one switches them on
 * empty. Reconnects after 1 s, doubling up to 30 s.
 */
export function createSessionListener(options: {
  connection: pg.ClientConfig;
  caches: readonly UserChangeSubscriber[];
  onLost: (error: Error | undefined) => void;
}): SessionListener {
  const { caches } = options;
  const setActive = (active: boolean) => {
    for (const cache of caches) cache.setActive(active);
  };
  let closed = false;
  let current: pg.Client | undefined;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  /** Reported once per outage, not once per failed retry. */
  let inOutage = false;
  /** Own notifications awaited by caughtUp, by payload; called with false when the connection is lost. */
  const barriers = new Map<string, (arrived: boolean) => void>();
  let whenListening: Promise<pg.Client>;
  let listening: (client: pg.Client) => void = () => undefined;
  const waitForNextConnection = () => {
    whenListening = new Promise((resolve) => (listening = resolve));
  };
  waitForNextConnection();

  async function connect(): Promise<void> {
    retryTimer = undefined;
    const client = new pg.Client({
      ...options.connection,
      application_name: SESSION_LISTENER_APPLICATION_NAME,
    });
    let isLost = false;
    const lose = (error?: Error) => {
      if (isLost) return;
      isLost = true;
      if (current === client) {
        current = undefined;
        waitForNextConnection();
      }
      setActive(false);
      for (const release of barriers.values()) release(false);
      barriers.clear();
      client.end().catch(() => undefined);
      if (closed) return;
      if (!inOutage) {
        inOutage = true;
        options.onLost(error);
      }
      if (!retryTimer) {
        retryTimer = setTimeout(() => void connect(), retryMs);
        retryTimer.unref();
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', ({ channel, payload = '' }) => {
      if (channel !== SESSION_CHANGED_CHANNEL) return;
      const barrier = barriers.get(payload);
      if (barrier) {
        barriers.delete(payload);
        barrier(true);
      } else {
        for (const cache of caches) cache.dropUser(payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANGED_CHANNEL}`);
      if (!(await hearsItself(client))) {
        throw new Error('its own notification did not come back (a pooler in transaction mode?)');
      }
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed || isLost) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    inOutage = false;
    retryMs = RETRY_FIRST_MS;
    setActive(true);
    listening(client);
  }

  /**
   * Whether a notification sent now reaches this connection: behind a pooler in transaction mode, LISTEN
   * succeeds on one server connection and the notifications go to another. The caches stay off then.
   */
  async function hearsItself(client: pg.Client): Promise<boolean> {
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      barriers.set(token, resolve);
      timer = setTimeout(() => resolve(false), SELF_CHECK_TIMEOUT_MS);
    });
    await client.query('select pg_notify($1, $2)', [SESSION_CHANGED_CHANNEL, token]);
    const arrived = await heard;
    clearTimeout(timer);
    barriers.delete(token);
    return arrived;
  }

  return {
    start: () => connect(),
    async caughtUp() {
      for (;;) {
        if (closed) return;
        const client = await whenListening;
        const token = randomUUID();
        const arrived = new Promise<boolean>((resolve) => barriers.set(token, resolve));
        try {
          await client.query('select pg_notify($1, $2)', [SESSION_CHANGED_CHANNEL, token]);
        } catch {
          barriers.delete(token);
          continue;
        }
        if (await arrived) return;
      }
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      setActive(false);
      for (const release of barriers.values()) release(false);
      barriers.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
