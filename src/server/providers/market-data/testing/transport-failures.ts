import { expect, it } from 'vitest';
import type { VendorError } from '../types';
import {
  HTML_200,
  HTML_502,
  vendorFailure,
  type FakeVendorServer,
  type ScriptedResponse,
} from './fake-vendor-server';

export interface TransportFailureCase {
  server: () => FakeVendorServer;
  /** The request the call makes, as the fake server matches it ('GET /path?query'). */
  route: string;
  /** One of the vendor's own recorded bodies, cut short. */
  truncated: ScriptedResponse;
  call: (signal: AbortSignal) => Promise<unknown>;
  /** The API key: no error message may carry it. */
  secret?: string;
}

/**
 * The transport failures every adapter meets the same way (they all go through http.ts): each ends in a
 * VendorError of the right kind. Vendor-specific bodies (429 texts, error JSON) stay in each adapter's tests.
 */
export function itMapsTransportFailures(c: TransportFailureCase) {
  async function failure(signal = AbortSignal.timeout(5000)): Promise<VendorError> {
    const error = await vendorFailure(c.call(signal));
    if (c.secret) expect(error.message).not.toContain(c.secret);
    return error;
  }

  it('an HTML 502 page is unavailable', async () => {
    c.server().on(c.route, HTML_502);
    expect((await failure()).kind).toBe('unavailable');
  });

  it('an HTML page with 200 is bad_response', async () => {
    c.server().on(c.route, HTML_200);
    expect((await failure()).kind).toBe('bad_response');
  });

  it('a truncated JSON body is bad_response', async () => {
    c.server().on(c.route, c.truncated);
    expect((await failure()).kind).toBe('bad_response');
  });

  it('a server that never answers is a timeout, well before a second', async () => {
    c.server().on(c.route, { hang: true });
    const started = performance.now();
    const error = await failure(AbortSignal.timeout(200));
    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('a dropped connection is unavailable', async () => {
    c.server().on(c.route, { destroy: true });
    expect((await failure()).kind).toBe('unavailable');
  });
}
