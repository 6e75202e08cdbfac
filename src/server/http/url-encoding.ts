import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors';

/** A `%` that starts no `%XX` escape: the query parser keeps it as it is, and so does this check. */
const BARE_PERCENT = /%(?![0-9A-Fa-f]{2})/g;

export const MALFORMED_URL_MESSAGE = 'The address holds an escape (%XX) that is not UTF-8 text';

/**
 * Whether the query of a raw request URL holds `%XX` escapes that are not UTF-8: a lone surrogate's bytes
 * (`%ED%A0%80`), a cut sequence. The query parser would hand them to the route as the literal escape; a path
 * with them is already a 400 (the router cannot decode it).
 */
export function hasMalformedQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1) return false;
  const query = url.slice(start + 1);
  if (!query.includes('%')) return false;
  try {
    decodeURIComponent(query.replace(BARE_PERCENT, '%25'));
    return false;
  } catch {
    return true;
  }
}

/** A request whose query is not UTF-8 is a 400 before any route reads it (issue 24 item 8). */
export function registerUrlEncodingCheck(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    if (hasMalformedQuery(request.url)) return done(new AppError('BAD_REQUEST', MALFORMED_URL_MESSAGE));
    done();
  });
}
