import type { FastifyRequest } from 'fastify';
import type { UserVendorKeys } from '../providers/market-data/types';

const resolved = new WeakMap<FastifyRequest, Promise<UserVendorKeys>>();

/**
 * The signed-in user's own vendor keys (API settings), which serve that user's market-data requests; undefined
 * for a visitor. Read and decrypted once per request, however many services ask.
 */
export function userVendorKeysOf(request: FastifyRequest): Promise<UserVendorKeys | undefined> {
  const { user } = request;
  if (!user) return Promise.resolve(undefined);
  let keys = resolved.get(request);
  if (!keys) {
    keys = request.server.services.userVendorKeys(user.id);
    resolved.set(request, keys);
  }
  return keys;
}
