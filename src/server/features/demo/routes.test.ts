import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuthUserResponse, ZSessionResponse } from '../../../contracts/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';
import { DEMO_FEATURES_OFF_MESSAGE, NOT_A_DEMO_ACCOUNT_MESSAGE } from './service';

let t: TestApp;
let off: TestApp;
let addresses = 0;
const nextIp = () => `10.78.0.${++addresses}`;

beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({ env: { DEMO_FEATURES: 'true' } }),
    createTestApp({ env: { DEMO_FEATURES: 'false' } }),
  ]);
});
afterAll(() => Promise.all([t.close(), off.close()]));

/** A fresh 'Try the demo' account, signed in. */
async function openDemo(app: TestApp): Promise<TestUser> {
  const res = await app.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: nextIp() });
  expect(res.statusCode, res.body).toBe(201);
  const { user } = ZAuthUserResponse.parse(res.json());
  const cookie = res.cookies.find((c) => c.name === 'fw_session');
  if (!cookie) throw new Error('no session cookie');
  return { id: user.id, email: user.email, cookie: cookie.value };
}

const putPlan = (user: TestUser | undefined, plan: unknown, app = t) =>
  injectAs(user, app.app, { method: 'PUT', url: '/api/demo/plan', payload: { plan } });

async function me(user: TestUser) {
  const res = await injectAs(user, t.app, { method: 'GET', url: '/api/auth/me' });
  return ZSessionResponse.parse(res.json()).user;
}

describe('PUT /api/demo/plan', () => {
  it('sets a demo account plan on the server, marked demo, and the session shows it', async () => {
    const demo = await openDemo(t);
    expect(await me(demo)).toMatchObject({ isDemo: true, plan: 'free' });

    const res = await putPlan(demo, 'premium');
    expect(res.statusCode, res.body).toBe(200);
    expect(ZAuthUserResponse.parse(res.json()).user).toMatchObject({
      id: demo.id,
      plan: 'premium',
      subscriptionStatus: 'demo',
      isDemo: true,
    });
    expect(await me(demo)).toMatchObject({ plan: 'premium', subscriptionStatus: 'demo' });

    // The plan is enforced where it is stored: the premium-only terminal now answers.
    const terminal = await injectAs(demo, t.app, { method: 'GET', url: '/api/terminal/overview' });
    expect(terminal.statusCode, terminal.body).not.toBe(403);

    // Advanced terminal analytics are the Professional plan's: the switcher unlocks them too.
    const advanced = () => injectAs(demo, t.app, { method: 'GET', url: '/api/terminal/advanced-analytics' });
    expectError(await advanced(), 403, 'SUBSCRIPTION_REQUIRED');
    expect((await putPlan(demo, 'professional')).statusCode).toBe(200);
    expect(await me(demo)).toMatchObject({ plan: 'professional' });
    const unlocked = await advanced();
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await putPlan(demo, 'free')).statusCode).toBe(200);
    expect(await me(demo)).toMatchObject({ plan: 'free' });
    const again = await injectAs(demo, t.app, { method: 'GET', url: '/api/terminal/overview' });
    expectError(again, 403, 'SUBSCRIPTION_REQUIRED');
  });

  it('answers 403 FORBIDDEN for a real account and leaves its plan alone', async () => {
    const real = await signUpUser(t.app);
    expectError(await putPlan(real, 'premium'), 403, 'FORBIDDEN', NOT_A_DEMO_ACCOUNT_MESSAGE);
    expect(await me(real)).toMatchObject({ plan: 'free', isDemo: false, subscriptionStatus: 'none' });
  });

  it('answers 401 to a visitor and 400 to a plan that does not exist', async () => {
    expectError(await putPlan(undefined, 'premium'), 401, 'UNAUTHENTICATED');
    const demo = await openDemo(t);
    expectError(await putPlan(demo, 'enterprise'), 400, 'VALIDATION_ERROR');
    const extra = await injectAs(demo, t.app, {
      method: 'PUT',
      url: '/api/demo/plan',
      payload: { plan: 'premium', userId: 'someone-else' },
    });
    expectError(extra, 400, 'VALIDATION_ERROR');
    expect(await me(demo)).toMatchObject({ plan: 'free' });
  });

  it('answers 404 with demo features off, to anyone', async () => {
    const real = await signUpUser(off.app);
    expectError(await putPlan(real, 'premium', off), 404, 'NOT_FOUND', DEMO_FEATURES_OFF_MESSAGE);
    expectError(await putPlan(undefined, 'premium', off), 404, 'NOT_FOUND', DEMO_FEATURES_OFF_MESSAGE);
    // A demo account opened while the features were on stays on its plan when they are turned off.
    const { rows } = await off.deps.database.pool.query(
      `update "user" set is_demo = true where id = $1 returning plan`,
      [real.id],
    );
    expect(rows[0].plan).toBe('free');
    expectError(await putPlan(real, 'premium', off), 404, 'NOT_FOUND');
  });
});
