/**
 * Every string field of every request schema (body, query, params, the headers read with one) is `text()` of src/contracts/text.ts, and
 * the app answers NUL, a lone surrogate, a control character and 10,000 characters in any of them with a 4xx,
 * never a 5xx (issue 24 item 8). One app, one inject per field and value.
 *
 * The routes come from the app itself (`printRoutes`, testing/route-table.ts); each is in INPUTS (its schemas and a valid request,
 * so that only the field under test is wrong) or in NO_TEXT_INPUT (with the reason; both in
 * src/server/testing/request-inputs.ts), and a route in neither fails the test. The valid requests are never sent: every request sent has one bad field, so nothing is
 * created, changed or deleted (the account routes still act on a user of their own).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTextSchema } from '../../contracts/text';
import { INPUTS, NO_TEXT_INPUT, portfolio, type Context, type Sender } from '../testing/request-inputs';
import { isUuidSchema, RECORD_KEY, stringFieldsOf, urlOf, withValueAt } from '../testing/string-fields';
import { routeTable } from '../testing/route-table';
import { createTestApp, type TestApp } from '../testing/test-app';
import { injectAs, signUpUser, type TestUser } from '../testing/users';

const BAD_VALUES: Record<string, string> = {
  NUL: 'a\u0000b',
  'a lone surrogate': 'a\ud800b',
  'a control character': 'a\u0001b',
  '10,000 characters': 'a'.repeat(10_000),
};

describe('every string field of every request', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  const senders = {} as Record<Exclude<Sender, 'visitor'>, TestUser>;
  let context: Context;
  let address = 0;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    app = testApp.app;
    senders.professional = await signUpUser(app, { plan: 'professional', verified: true });
    senders.admin = await signUpUser(app, { role: 'admin' });
    senders.own = await signUpUser(app, { verified: true });
    const client = await injectAs(senders.professional, app, {
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Smith family', holdings: portfolio },
    });
    expect(client.statusCode, client.body).toBe(201);
    const paper = await injectAs(senders.professional, app, {
      method: 'POST',
      url: '/api/paper-trading/portfolio',
      payload: { name: 'Practice' },
    });
    expect(paper.statusCode, paper.body).toBe(201);
    context = {
      userId: senders.professional.id,
      clientId: client.json<{ client: { id: string } }>().client.id,
      paperPortfolioId: paper.json<{ portfolio: { id: string } }>().portfolio.id,
      none: randomUUID(),
    };
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('lists every registered route as reading text (with its schemas) or as reading none', () => {
    const routes = routeTable(app).map((entry) => entry.route);
    expect(routes.length).toBeGreaterThan(80);
    const unlisted = routes.filter((route) => !(route in INPUTS) && !(route in NO_TEXT_INPUT));
    expect(unlisted, 'routes in neither INPUTS nor NO_TEXT_INPUT').toEqual([]);
    const gone = [...Object.keys(INPUTS), ...Object.keys(NO_TEXT_INPUT)].filter(
      (route) => !routes.includes(route),
    );
    expect(gone, 'listed routes the app does not have').toEqual([]);
  });

  it('builds every string field of every request schema with text() (a uuid field excepted)', () => {
    const notText: string[] = [];
    for (const [route, input] of Object.entries(INPUTS)) {
      for (const [where, given] of Object.entries({
        params: input.params,
        query: input.query,
        body: input.body,
        headers: input.headers,
      })) {
        if (!given) continue;
        expect(
          given.schema['~standard'].validate(given.valid(context)),
          `${route} ${where}: valid example`,
        ).toEqual(expect.objectContaining({ value: expect.anything() as unknown }));
        for (const field of stringFieldsOf(given.schema)) {
          if (!isTextSchema(field.schema) && !isUuidSchema(field.schema)) {
            notText.push(`${route} ${where}.${field.path.map(String).join('.')}`);
          }
        }
      }
    }
    expect(notText).toEqual([]);
  });

  it('answers NUL, a lone surrogate, a control character and 10,000 characters in any of them with a 4xx', async () => {
    const answers: string[] = [];
    let sent = 0;
    for (const [route, input] of Object.entries(INPUTS)) {
      const [method = 'GET', path = ''] = route.split(' ');
      const sender = input.as === 'visitor' ? undefined : senders[input.as];
      const valid = {
        params: input.params?.valid(context) ?? {},
        query: input.query?.valid(context),
        body: input.body?.valid(context),
        headers: input.headers?.valid(context),
      };
      for (const where of ['params', 'query', 'body', 'headers'] as const) {
        const given = input[where];
        if (!given) continue;
        for (const field of stringFieldsOf(given.schema)) {
          for (const [name, bad] of Object.entries(BAD_VALUES)) {
            const request = { ...valid, [where]: withValueAt(valid[where] ?? {}, field.path, bad) };
            address++;
            const res = await injectAs(sender, app, {
              method,
              url: urlOf(path, request.params, request.query),
              ...(request.body === undefined ? {} : { payload: request.body }),
              ...(request.headers === undefined
                ? {}
                : { headers: request.headers as Record<string, string> }),
              remoteAddress: `10.77.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
            });
            sent++;
            const reached = ![401, 403, 429].includes(res.statusCode);
            if (res.statusCode < 400 || res.statusCode >= 500 || !reached) {
              const at = field.path.map((segment) => (segment === RECORD_KEY ? '<key>' : String(segment)));
              answers.push(
                `${route} ${where}.${at.join('.')} with ${name}: ${res.statusCode} ${res.body.slice(0, 160)}`,
              );
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(answers).toEqual([]);
  });
});
