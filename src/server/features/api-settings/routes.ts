import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZSaveApiKeyRequest,
  ZTestApiKeyRequest,
  ZVendorParams,
  type ApiKeyEntry,
  type ApiKeyListResponse,
  type TestApiKeyResponse,
} from '../../../contracts/api-settings';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { listApiKeys, parseVendor, removeApiKey, saveApiKey, testApiKey } from './service';

/** Each key test is a real call that spends the vendor's quota: a few per minute and IP are plenty. */
const KEY_TEST_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** /api/settings/api-keys: a signed-in user's own market-data vendor keys (visitors get 401). */
export const apiSettingsRoutes: FastifyPluginAsync = async (app) => {
  const { apiSettings } = app.services;
  app.addHook('preHandler', requireUser);

  const context = (request: FastifyRequest) => ({ ...apiSettings, userId: signedInUser(request).id });
  const vendorOf = (request: FastifyRequest) => parseVendor(parseWith(ZVendorParams, request.params).vendor);

  app.get('/', async (request) => {
    const body: ApiKeyListResponse = await listApiKeys(context(request));
    return body;
  });

  app.put('/:vendor', async (request) => {
    const vendor = vendorOf(request);
    const input = parseWith(ZSaveApiKeyRequest, request.body);
    const body: ApiKeyEntry = await saveApiKey({ ...context(request), vendor, input });
    return body;
  });

  app.delete('/:vendor', async (request, reply) => {
    const vendor = vendorOf(request);
    await removeApiKey({ ...context(request), vendor });
    return reply.status(204).send();
  });

  app.post('/:vendor/test', { config: KEY_TEST_LIMIT }, async (request) => {
    const vendor = vendorOf(request);
    const input = parseWith(ZTestApiKeyRequest, request.body);
    const body: TestApiKeyResponse = await testApiKey({ ...context(request), vendor, input });
    return body;
  });
};
