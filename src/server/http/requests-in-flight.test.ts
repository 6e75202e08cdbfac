import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { requestsInFlight, trackRequestsInFlight } from './requests-in-flight';

const app = Fastify();
trackRequestsInFlight(app);
let release: () => void = () => undefined;
app.get('/slow', async () => {
  await new Promise<void>((resolve) => (release = resolve));
  return { ok: true };
});
afterAll(() => app.close());

describe('requestsInFlight', () => {
  it('holds a request while it is handled, its secrets redacted, and lets go of it once it is answered', async () => {
    const answered = app.inject({ method: 'GET', url: '/slow?apikey=abc123&symbol=AAPL' });
    await expect.poll(() => requestsInFlight()).toHaveLength(1);
    const [request] = requestsInFlight();
    expect(request).toEqual({
      id: expect.any(String),
      method: 'GET',
      url: '/slow?apikey=[redacted]&symbol=AAPL',
    });
    release();
    expect((await answered).statusCode).toBe(200);
    await expect.poll(() => requestsInFlight()).toEqual([]);
  });
});
