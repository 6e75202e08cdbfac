import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Plan, Role, User } from '../../contracts/accounts';
import { isPaidPlan } from '../../domain/plan-ids';
import { api, schemaFromReader } from './api-client';
import { useIsHydrated } from './use-is-hydrated';

export const sessionQueryKey = ['session'] as const;

/**
 * Reads `{ user }` against the contract's User type. The shell checks it by hand instead of with
 * ZAuthUserResponse so that zod stays out of the code every page loads; the object is rebuilt field by field, so
 * tsc flags any change to the contract. The sign-in forms (lazy chunks) use the zod schemas.
 */
// Records keyed by the contract's unions, so adding a plan or role there fails tsc here until it is handled.
const KNOWN_PLANS: Record<Plan, true> = { free: true, premium: true, professional: true };
const KNOWN_ROLES: Record<Role, true> = { user: true, admin: true };

function isKey<K extends string>(record: Record<K, true>, value: unknown): value is K {
  return typeof value === 'string' && Object.hasOwn(record, value);
}

export function readAuthUser(body: unknown): User | null {
  if (typeof body !== 'object' || body === null) return null;
  const user = (body as { user?: unknown }).user;
  if (typeof user !== 'object' || user === null) return null;
  const u = user as Record<string, unknown>;
  const strings = ['id', 'email', 'name', 'firstName', 'lastName', 'subscriptionStatus'] as const;
  if (strings.some((key) => typeof u[key] !== 'string')) return null;
  const { plan, role } = u;
  if (!isKey(KNOWN_PLANS, plan) || !isKey(KNOWN_ROLES, role)) return null;
  if (typeof u.emailVerified !== 'boolean' || typeof u.isDemo !== 'boolean') return null;
  return {
    id: u.id as string,
    email: u.email as string,
    name: u.name as string,
    firstName: u.firstName as string,
    lastName: u.lastName as string,
    role,
    plan,
    subscriptionStatus: u.subscriptionStatus as string,
    emailVerified: u.emailVerified,
    isDemo: u.isDemo,
  };
}

/**
 * Reads GET /api/auth/me's `{ user: User | null }` (ZSessionResponse) as readAuthUser reads a user; null when
 * the body fits neither a user nor an explicit `user: null`.
 */
export function readSession(body: unknown): { user: User | null } | null {
  if (typeof body === 'object' && body !== null && (body as { user?: unknown }).user === null) {
    return { user: null };
  }
  const user = readAuthUser(body);
  return user ? { user } : null;
}

/** GET /api/auth/me: the signed-in user, or null for a visitor (200 `{ user: null }`). */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async ({ signal }): Promise<User | null> =>
    (await api.get('/api/auth/me', { schema: schemaFromReader(readSession), signal })).user,
});

/**
 * Spec 000 §4: true when the plan equals the requested one, or, with none requested, when the user has a paid
 * plan (src/domain/plan-ids.ts `isPaidPlan`). What a plan may use is asked of `useEntitlement` (lib/entitlement).
 */
export function userHasSubscription(user: User | null | undefined, plan?: Plan): boolean {
  if (!user) return false;
  if (plan) return user.plan === plan;
  return isPaidPlan(user.plan);
}

export function useSession() {
  const query = useQuery(sessionQueryOptions);
  // A failed read (network, server not ready) counts as signed out; it is not retried.
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isPending,
    isAuthenticated: user !== null,
    hasSubscription: (plan?: Plan) => userHasSubscription(user, plan),
    error: query.error,
  };
}

/**
 * True once hydrated for a signed-in user. What a prerendered page shows visitors (the footer's sign-in links, the
 * landing calls to action) changes only after hydration, so the first browser render matches the HTML.
 */
export function useIsSignedInAfterHydration(): boolean {
  const session = useSession();
  return useIsHydrated() && session.user !== null;
}

/** After sign-in: store the user and drop anything cached for whoever was signed in before. */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] && query.queryKey[0] !== 'config',
  });
  queryClient.setQueryData(sessionQueryKey, user);
}

/** POST /api/auth/logout -> 204; the session query becomes null and per-user data is dropped. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/auth/logout'),
    onSuccess: () => setSessionUser(queryClient, null),
  });
}
