import type { FastifyInstance } from 'fastify';
import { redactUrl } from './logger';

/** A request being handled: Fastify's id (the `reqId` of its log line), method and URL (query values redacted). */
export interface RequestInFlight {
  readonly id: string;
  readonly method: string;
  readonly url: string;
}

const inFlight = new Set<RequestInFlight>();

/**
 * Keeps the requests being handled, so that main.ts's last-resort handler can log them with an uncaught
 * exception or rejection (issue 24 item 1): the request that caused it is among them. A set kept by two
 * callbacks per request, rather than an AsyncLocalStorage that would name the one request: on Node 20 an
 * AsyncLocalStorage hooks every promise of the process, and cost a handler with a few awaits 20 to 50 % of its
 * throughput when measured.
 */
export function trackRequestsInFlight(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const entry: RequestInFlight = { id: request.id, method: request.method, url: request.url };
    inFlight.add(entry);
    // 'close' comes once the answer is sent or the connection is gone, whichever way the request ends.
    reply.raw.once('close', () => inFlight.delete(entry));
    done();
  });
}

/** The requests being handled now, oldest first, for a log line (sensitive query values redacted). */
export function requestsInFlight(): RequestInFlight[] {
  return [...inFlight].map((request) => ({ ...request, url: redactUrl(request.url) }));
}
