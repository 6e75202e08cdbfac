import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse, PublicConfigResponse } from '../../../contracts/config';

export const systemRoutes: FastifyPluginAsync = async (app) => {
  const { config, database, version } = app.deps;
  const { hasLanguageModel } = app.services.system;

  // Small answers on hot paths: no compression hook at all (src/server/http/api-compression.ts).
  app.get('/health', { compress: false }, async (_request, reply) => {
    let db: HealthResponse['db'] = 'ok';
    try {
      await database.pool.query('select 1');
    } catch {
      db = 'error';
    }
    const body: HealthResponse = { status: db === 'ok' ? 'ok' : 'degraded', db, version };
    return reply.status(db === 'ok' ? 200 : 503).send(body);
  });

  app.get('/config', { compress: false }, async () => {
    const body: PublicConfigResponse = {
      version,
      stripePublishableKey: config.stripe.publishableKey ?? null,
      analyticsId: config.analyticsId ?? null,
      demoFeatures: config.demoFeatures,
      marketDataSource: config.marketDataProvider,
      mailInServerLog: !config.mail.smtpUrl && !config.isProduction,
      hasLanguageModel,
    };
    return body;
  });
};
