import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_SECRET_KEY, startFakeStripe, type FakeStripe } from '../src/server/testing/fake-stripe';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});

/** `npm run stripe:setup` as the package script runs it, against the fake account. */
async function runSetup(): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/stripe-setup.ts'], {
    env: { ...process.env, STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_API_BASE_URL: fake.baseUrl },
  });
  return stdout;
}

function pricesOf(key: string) {
  return fake.requests
    .filter((r) => r.method === 'POST' && r.path === '/v1/prices' && r.body.lookup_key === key)
    .map((r) => r.body);
}

describe('npm run stripe:setup', () => {
  it('creates the two products and four prices once; a second run changes nothing', async () => {
    const first = await runSetup();
    expect(
      first
        .trim()
        .split('\n')
        .map((line) => line.replace(/ \(price_\w+\)$/, '')),
    ).toEqual([
      'foliowise_premium_monthly: created',
      'foliowise_premium_yearly: created',
      'foliowise_professional_monthly: created',
      'foliowise_professional_yearly: created',
    ]);
    expect(pricesOf('foliowise_premium_yearly')).toEqual([
      {
        product: 'foliowise_premium',
        unit_amount: '27600',
        currency: 'usd',
        recurring: { interval: 'year' },
        lookup_key: 'foliowise_premium_yearly',
        nickname: 'Premium yearly',
      },
    ]);
    expect(pricesOf('foliowise_professional_monthly')[0]).toMatchObject({ unit_amount: '9900' });
    expect(fake.object('foliowise_professional')).toMatchObject({ name: 'Foliowise Professional' });

    const posts = fake.requests.filter((r) => r.method === 'POST').length;
    const second = await runSetup();
    expect(second).not.toContain('created');
    expect(second.match(/: unchanged/g)).toHaveLength(4);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(posts);
    expect(fake.unhandled).toEqual([]);
  });

  it('moves a lookup key to a new price when the amount in the account differs from plans.ts', async () => {
    expect(pricesOf('foliowise_premium_monthly')).toHaveLength(1);
    // Someone changed the account by hand: the price under the key is $24.
    const listed = await fetch(`${fake.baseUrl}/v1/prices?lookup_keys[0]=foliowise_premium_monthly`, {
      headers: { authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}` },
    }).then((r) => r.json() as Promise<{ data: { id: string }[] }>);
    const price = fake.object(listed.data[0]?.id ?? '');
    if (price) price.unit_amount = 2400;

    const output = await runSetup();
    expect(output).toMatch(/foliowise_premium_monthly: replaced/);
    expect(pricesOf('foliowise_premium_monthly').at(-1)).toMatchObject({
      unit_amount: '2900',
      transfer_lookup_key: 'true',
    });
    expect(price?.lookup_key).toBeNull();
  });
});
