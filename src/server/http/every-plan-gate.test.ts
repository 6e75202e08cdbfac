/**
 * Every plan gate of the API names a plan feature (issue 26 item 5): the routes come from the app's own route
 * table with their hooks (testing/route-table.ts). Each route is sent once as a signed-in Free user (a session of
 * its own, no body, a made-up id in the path), and every route that answers 403 SUBSCRIPTION_REQUIRED must do it
 * through `requireFeature(<feature>)` (auth/guards), the guard that reads the entitlement table of
 * src/domain/plans.ts; a route gated any other way, or a feature guard that lets Free through, fails here. Then each
 * gated route is sent by every plan: open exactly to the plans whose pricing card lists its feature.
 *
 * A check that depends on what the request holds (a listing outside the US, an alert scope with a client) asks
 * `assertFeature`/`hasFeature` of the same module; /api/v1 reads no session, and its token hook asks
 * `assertFeature(owner's plan, 'api-access')`, sent below with the token of an owner who left Professional.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureRequiredMessage, PLANS, type Plan } from '../../contracts/accounts';
import { ZCreatedApiTokenResponse } from '../../contracts/api-tokens';
import { ZErrorBody } from '../../contracts/errors';
import { PLAN_FEATURES, planHasFeature, type PlanFeatureId } from '../../domain/plans';
import { createSession } from '../auth/sessions';
import { featureGuardName } from '../auth/guards';
import { FEATURES } from '../feature-list';
import { apiV1Feature } from '../features/api-v1/manifest';
import { routeTable, type RouteEntry } from '../testing/route-table';
import { createTestApp, type TestApp } from '../testing/test-app';
import { injectAs, signUpUser, type TestUser } from '../testing/users';

/**
 * The plan gates users have, route by route (spec 000 §6 and §7, spec 001, decisions 025, 026, 030-033). A
 * change here is a change a user sees.
 */
const GATES: Record<string, PlanFeatureId> = {
  'GET /api/api-tokens': 'api-access',
  'POST /api/api-tokens': 'api-access',
  'DELETE /api/api-tokens/:id': 'api-access',
  'GET /api/clients': 'multi-client',
  'POST /api/clients': 'multi-client',
  'GET /api/clients/:id': 'multi-client',
  'PATCH /api/clients/:id': 'multi-client',
  'DELETE /api/clients/:id': 'multi-client',
  'GET /api/portfolio-accounts': 'multi-account-aggregation',
  'POST /api/portfolio-accounts/demo': 'multi-account-aggregation',
  'POST /api/portfolio-accounts/manual': 'multi-account-aggregation',
  'POST /api/portfolio-accounts/sync': 'multi-account-aggregation',
  'DELETE /api/portfolio-accounts/:id': 'multi-account-aggregation',
  'GET /api/report-branding': 'white-label-reports',
  'PUT /api/report-branding': 'white-label-reports',
  'GET /api/report-branding/logo': 'white-label-reports',
  'PUT /api/report-branding/logo': 'white-label-reports',
  'DELETE /api/report-branding/logo': 'white-label-reports',
  'GET /api/reports/portfolio.pdf': 'white-label-reports',
  'GET /api/terminal/overview': 'terminal-access',
  'GET /api/terminal/advanced-analytics': 'advanced-terminal-analytics',
  'GET /api/trading-suggestions': 'ai-trading-suggestions',
  'POST /api/trading-suggestions': 'ai-trading-suggestions',
  'PATCH /api/trading-suggestions/:id/dismiss': 'ai-trading-suggestions',
  'PATCH /api/trading-suggestions/:id/execute': 'ai-trading-suggestions',
};

const FEATURE_IDS = new Set<string>(PLAN_FEATURES.map((feature) => feature.id));

/** The plan feature a route's feature guard names, or undefined. */
function featureOf(entry: RouteEntry): PlanFeatureId | undefined {
  const named = Object.values(entry.hooks)
    .flat()
    .flatMap((name) => (name?.startsWith('requireFeature:') ? [name.slice('requireFeature:'.length)] : []));
  expect(named.length, `${entry.route}: at most one feature guard`).toBeLessThanOrEqual(1);
  const [feature] = named;
  if (feature === undefined) return undefined;
  expect(FEATURE_IDS.has(feature), `${entry.route} names '${feature}', which is no plan feature`).toBe(true);
  return feature as PlanFeatureId;
}

describe('every plan gate', () => {
  let t: TestApp;
  let table: RouteEntry[];
  let sent = 0;
  const users = {} as Record<Plan, TestUser>;

  /** One request without a body, on a session of its own (a route may end its session: POST /api/auth/logout). */
  async function send(route: string, plan: Plan) {
    const [method = 'GET', path = ''] = route.split(' ');
    const user = users[plan];
    const { token } = await createSession(t.deps.database.db, { userId: user.id });
    sent++;
    const url = path.replace(/:(\w+)/g, (_, name: string) => (name === 'userId' ? user.id : randomUUID()));
    return injectAs({ ...user, cookie: token }, t.app, {
      method,
      url,
      remoteAddress: `10.66.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}`,
    });
  }

  /** The 403 SUBSCRIPTION_REQUIRED message of an answer, or undefined for any other answer. */
  function subscriptionRequired(res: { statusCode: number; json(): unknown }): string | undefined {
    if (res.statusCode !== 403) return undefined;
    const { error } = ZErrorBody.parse(res.json());
    return error.code === 'SUBSCRIPTION_REQUIRED' ? error.message : undefined;
  }

  beforeAll(async () => {
    t = await createTestApp();
    table = routeTable(t.app);
    for (const plan of PLANS) {
      users[plan] = await signUpUser(t.app, { plan, verified: true });
      // A grant, so that a route that derives the plan again from billing (GET /api/billing) keeps it.
      if (plan !== 'free') {
        await t.deps.database.pool.query('update "user" set complimentary_plan = $1 where id = $2', [
          plan,
          users[plan].id,
        ]);
      }
    }
  });

  afterAll(() => t.close());

  it('refuses a Free user only on routes whose feature guard names a plan feature, with its message', async () => {
    expect(table.length).toBeGreaterThan(80);
    const refused: Record<string, string> = {};
    for (const { route } of table) {
      if (route.includes(' /api/v1/')) continue; // reads a token, never the session: below
      const message = subscriptionRequired(await send(route, 'free'));
      if (message !== undefined) refused[route] = message;
    }
    const unnamed = Object.keys(refused).filter((route) => {
      const entry = table.find((e) => e.route === route);
      return entry === undefined || featureOf(entry) === undefined;
    });
    expect(unnamed, 'routes that refuse a plan without naming a plan feature').toEqual([]);

    const guarded = Object.fromEntries(
      table.flatMap((entry) => {
        const feature = featureOf(entry);
        return feature ? [[entry.route, feature] as const] : [];
      }),
    );
    expect(guarded).toEqual(GATES);
    expect(refused).toEqual(
      Object.fromEntries(
        Object.entries(GATES).map(([route, feature]) => [route, featureRequiredMessage(feature)]),
      ),
    );
  });

  it('opens each gated route to exactly the plans whose pricing card lists its feature', async () => {
    const wrong: string[] = [];
    for (const [route, feature] of Object.entries(GATES)) {
      for (const plan of PLANS) {
        const isRefused = subscriptionRequired(await send(route, plan)) !== undefined;
        if (isRefused === planHasFeature(plan, feature)) {
          wrong.push(`${route} ${plan}: ${isRefused ? 'refused' : 'let through'} (${feature})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The guard the route table shows carries the feature's name.
    expect(featureGuardName('multi-client')).toBe('requireFeature:multi-client');
  });

  it('gates each module by the plan features its manifest names, and by no other', () => {
    const named: Record<string, string[]> = {};
    for (const [route, feature] of Object.entries(GATES)) {
      const module = t.app.routeModules.get(route) ?? `no module for ${route}`;
      (named[module] ??= []).push(feature);
    }
    // /api/v1 reads a token, not a session: its feature is the one the token check asks (the test below).
    named[apiV1Feature.name] = [...(apiV1Feature.planFeatures ?? [])];
    const declared = Object.fromEntries(
      FEATURES.flatMap((feature) =>
        feature.planFeatures ? [[feature.name, [...feature.planFeatures]]] : [],
      ),
    );
    const distinct = (features: string[]) => [...new Set(features)].sort();
    expect(Object.fromEntries(Object.entries(named).map(([m, f]) => [m, distinct(f)]))).toEqual(
      Object.fromEntries(Object.entries(declared).map(([m, f]) => [m, distinct(f)])),
    );
    expect(apiV1Feature.planFeatures).toEqual(['api-access']);
  });

  it("refuses an API token once its owner's plan has no 'api-access', on every /api/v1 route that reads one", async () => {
    const owner = await signUpUser(t.app, { plan: 'professional', verified: true });
    const created = await injectAs(owner, t.app, {
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'Gate walk', scopes: ['read:portfolio', 'read:analysis'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token } = ZCreatedApiTokenResponse.parse(created.json());
    const tokenRoutes = table
      .map((entry) => entry.route)
      .filter((route) => route.startsWith('GET /api/v1/') && route !== 'GET /api/v1/openapi.json');
    expect(tokenRoutes.length).toBeGreaterThanOrEqual(4);

    for (const plan of PLANS) {
      await t.deps.database.pool.query('update "user" set plan = $1 where id = $2', [plan, owner.id]);
      await t.services.sessions.listener.caughtUp(); // a cached token learns the plan from the notification
      for (const route of tokenRoutes) {
        const res = await t.app.inject({
          method: 'GET',
          url: route.slice('GET '.length),
          headers: { authorization: `Bearer ${token}` },
        });
        const expected = planHasFeature(plan, 'api-access')
          ? undefined
          : featureRequiredMessage('api-access');
        expect(subscriptionRequired(res), `${route} for ${plan}: ${res.statusCode} ${res.body}`).toBe(
          expected,
        );
      }
    }
  });
});
