import { defineFeature } from '../feature';
import { authAccountData } from './data-export';
import { currentUserPlugin } from './current-user';
import { apiToken, session, user } from './schema';
import { SessionCache } from './session-cache';
import { createSessionListener, type SessionListener } from './session-listener';
import { deleteExpiredSessions } from './sessions';

export interface SessionsContext {
  /** Sessions validated by this process, kept while the listener hears every change of them. */
  cache: SessionCache;
  /** LISTENs for the database's notices of user changes and drops every user cache's entries (decision 021). */
  listener: SessionListener;
}

/**
 * Who is asking: the `user`, `session` and `api_token` tables, the current-user plugin that reads the session
 * cookie of every /api route registered after it (the list's order), and the listener that keeps every
 * per-user cache of the instance true.
 */
export const sessionsModule = defineFeature({
  name: 'sessions',
  tables: [
    { table: user, exportedIn: 'profile' },
    { table: session, exportedIn: 'sessions' },
    { table: apiToken, exportedIn: 'apiTokens' },
  ],
  accountData: authAccountData,
  context: ({ database, log, userCaches }): SessionsContext => ({
    cache: new SessionCache(),
    listener: createSessionListener({
      connection: database.pool.options,
      caches: userCaches,
      onLost: (error) =>
        log.warn(
          { reason: error?.message },
          'not listening for session changes: sessions are read from PostgreSQL on every request until it is back',
        ),
    }),
  }),
  routes: [{ plugin: currentUserPlugin }],
  jobs: [
    {
      name: 'delete-expired-sessions',
      period: 'hourly',
      run: ({ db, now }) => deleteExpiredSessions(db, now),
    },
  ],
  start: ({ listener }) => listener.start(),
  shutdown: ({ listener }) => listener.close(),
  userCaches: ({ cache }) => [cache],
});
