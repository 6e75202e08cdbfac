import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { userVendorKeysOf } from './user-vendor-keys';

function requestOf(user: { id: string } | undefined) {
  const userVendorKeys = vi.fn(async (userId: string) => ({ fmp: `key-of-${userId}` }));
  const request = { user, server: { services: { userVendorKeys } } } as unknown as FastifyRequest;
  return { request, userVendorKeys };
}

describe('userVendorKeysOf', () => {
  it('reads a signed-in user’s keys once per request, however often it is asked', async () => {
    const { request, userVendorKeys } = requestOf({ id: 'u1' });
    const [first, second] = await Promise.all([userVendorKeysOf(request), userVendorKeysOf(request)]);
    expect(await userVendorKeysOf(request)).toEqual({ fmp: 'key-of-u1' });
    expect(first).toBe(second);
    expect(userVendorKeys).toHaveBeenCalledTimes(1);
  });

  it('reads them again for another request', async () => {
    const a = requestOf({ id: 'u1' });
    const b = { ...a.request } as FastifyRequest;
    await userVendorKeysOf(a.request);
    await userVendorKeysOf(b);
    expect(a.userVendorKeys).toHaveBeenCalledTimes(2);
  });

  it('gives a visitor no keys and reads nothing', async () => {
    const { request, userVendorKeys } = requestOf(undefined);
    expect(await userVendorKeysOf(request)).toBeUndefined();
    expect(userVendorKeys).not.toHaveBeenCalled();
  });
});
