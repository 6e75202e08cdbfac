import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZContactResponse } from '../../../contracts/billing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser } from '../../testing/users';
import { CONTACT_MESSAGES_PER_HOUR } from './routes';

let t: TestApp;
let addresses = 0;
/** Each test from its own address, so the per-IP limit counts only what the test sends. */
const nextIp = () => `10.77.0.${++addresses}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Navy',
  message: 'We would like Enterprise for 40 advisers.',
};

async function storedMessage(id: string) {
  const { rows } = await t.deps.database.pool.query(
    'select name, email, company, message, user_id, handled_at, created_at from contact_message where id = $1',
    [id],
  );
  return rows[0] as Record<string, unknown> | undefined;
}

describe('POST /api/contact', () => {
  it('stores a visitor message and answers 201 with its id and time', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, name: '  Grace Hopper  ' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = ZContactResponse.parse(res.json());
    const row = await storedMessage(body.id);
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Navy',
      message: message.message,
      user_id: null,
      handled_at: null,
    });
    expect((row?.created_at as Date).toISOString()).toBe(body.receivedAt);
  });

  it('notes the account of a signed-in sender (gone with the account), and no company when none is given', async () => {
    const user = await signUpUser(t.app);
    const res = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = ZContactResponse.parse(res.json());
    expect(await storedMessage(id)).toMatchObject({ user_id: user.id, company: null });
    // Deleting the account deletes its messages, as every row of it.
    await t.deps.database.pool.query('delete from "user" where id = $1', [user.id]);
    expect(await storedMessage(id)).toBeUndefined();
  });

  it('answers 400 with the field messages and stores nothing', async () => {
    const { rows: before } = await t.deps.database.pool.query(
      'select count(*)::int as n from contact_message',
    );
    // Each case from its own address: the limit counts refused messages too.
    const cases: [Record<string, unknown>, string][] = [
      [{ ...message, name: '   ' }, 'Please enter your name.'],
      [{ ...message, email: '' }, 'Please enter your email address.'],
      [{ ...message, email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ ...message, message: '' }, 'Please enter a message.'],
      [{ ...message, message: 'x'.repeat(5001) }, 'Message is too long (5,000 characters at most)'],
      [{ ...message, name: 'Nul\u0000' }, 'Name contains characters that are not allowed'],
    ];
    for (const [payload, text] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload,
        remoteAddress: nextIp(),
      });
      expectError(res, 400, 'VALIDATION_ERROR', text);
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, userId: 'someone-else' },
      remoteAddress: nextIp(),
    });
    expectError(extra, 400, 'VALIDATION_ERROR');
    const { rows: after } = await t.deps.database.pool.query(
      'select count(*)::int as n from contact_message',
    );
    expect(after[0].n).toBe(before[0].n);
  });

  it(`takes ${CONTACT_MESSAGES_PER_HOUR} messages per address and hour, then 429`, async () => {
    const ip = nextIp();
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: ip });
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) expect((await send()).statusCode).toBe(201);
    expectError(await send(), 429, 'RATE_LIMITED');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message,
      remoteAddress: nextIp(),
    });
    expect(other.statusCode).toBe(201);
  });
});
