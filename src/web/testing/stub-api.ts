import { vi } from 'vitest';
import type { User } from '../../contracts/accounts';
import { AppError } from '../../contracts/errors';

export interface StubReply {
  status: number;
  /** Sent as JSON; omitted for an empty body. */
  body?: unknown;
}

export interface StubbedRequest {
  /** `METHOD /path`, e.g. `PUT /api/portfolio`. */
  route: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces `fetch` with a stub that answers `METHOD /path` from `routes` (a reply, or a function of the JSON
 * body), as the server does: JSON bodies, errors as `{ error: { code, message } }`. A request with no route
 * answers 404 and is listed in `unexpected`, which a test should expect to be empty. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function stubApi(routes: Record<string, StubReply | ((body: unknown) => StubReply)>) {
  const requests: StubbedRequest[] = [];
  const unexpected: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const route = `${init.method ?? 'GET'} ${path}`;
    // A form (multipart) is given to the route as its fields, a file as the File itself.
    const body: unknown =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? Object.fromEntries(init.body.entries())
          : undefined;
    requests.push({ route, body, headers: { ...(init.headers as Record<string, string>) } });
    const answer = routes[route];
    if (!answer) {
      unexpected.push(route);
      return jsonResponse({ status: 404, body: new AppError('NOT_FOUND', `No stub for ${route}`).toBody() });
    }
    return jsonResponse(typeof answer === 'function' ? answer(body) : answer);
  });
  return { routes, requests, unexpected };
}

function jsonResponse({ status, body }: StubReply): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

/** What GET /api/auth/me answers a visitor (no session): 200 with no user, not an error. */
export const SIGNED_OUT: StubReply = { status: 200, body: { user: null } };

/** A signed-in user as GET /api/auth/me answers it: on the free plan unless `overrides` say otherwise. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: '6f1c2b9e-3d4a-4b5c-8d6e-7f8091a2b3c4',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'user',
    plan: 'free',
    subscriptionStatus: 'none',
    emailVerified: true,
    isDemo: false,
    ...overrides,
  };
}
