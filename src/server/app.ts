import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { AppError } from '../contracts/errors';
import { isPagePath } from '../contracts/page-routes';
import { PRERENDER_ORIGIN, PRERENDERED_PAGES_DIR } from '../contracts/prerendered-pages';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandling } from './http/errors';
import { createLogger, RequestLogController } from './http/logger';
import { registerSecurity, trustProxyOption } from './http/security';
import { systemRoutes } from './features/system/routes';
import { resourcesRoutes } from './features/resources/routes';
import { siteOrigin } from './features/resources/sitemap';
import { currentUserPlugin } from './auth/current-user';
import { accountsRoutes } from './features/accounts/routes';
import { accountRoutes } from './features/accounts/account-routes';
import { adminRoutes } from './features/admin/routes';
import { marketDataRoutes } from './features/market-data/routes';
import { paperTradingRoutes } from './features/paper-trading/routes';
import { apiSettingsRoutes } from './features/api-settings/routes';
import { importRoutes } from './features/imports/routes';
import { brokersRoutes } from './features/brokers/routes';
import { analysisRoutes } from './features/analysis/routes';
import { portfolioRoutes } from './features/portfolio/routes';
import { rewardsRoutes } from './features/rewards/routes';
import { terminalRoutes } from './features/terminal/routes';
import { createServices, type ServiceOverrides, type Services } from './services';

/** What the app runs on: the routes read these as `app.deps`. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  version: string;
}

export interface AppOptions extends AppDeps {
  /** The built SPA (dist/web); absent in tests and in `npm run dev`, where Vite serves it. */
  webRoot?: string;
  /** The process's pino logger (main.ts: createLogger); absent, one is built from the configured level. */
  loggerInstance?: FastifyBaseLogger;
  /** Services or parts of them to use instead of the real ones (tests, benches). */
  overrides?: ServiceOverrides;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    services: Services;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, version } = options;
  const log = options.loggerInstance ?? createLogger(config.logLevel);
  const app = Fastify({
    loggerInstance: log,
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
  });
  const deps: AppDeps = { config, database, version };
  app.decorate('deps', deps);
  app.decorate('services', createServices(config, database, log, options.overrides));
  // The API speaks JSON only: a text/plain body is a 415, not a string handed to a route.
  app.removeContentTypeParser('text/plain');

  registerErrorHandling(app);
  registerSecurity(app, config);
  await app.register(cookie, { secret: config.appSecret });
  // Routes opt in with `config: { rateLimit: {...} }`; counters are per instance (see README, Scale).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });

  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(resourcesRoutes); // guide PDFs, /robots.txt, /sitemap.xml (root paths)
  // Reads the session cookie into request.user for every /api route registered after it.
  await app.register(currentUserPlugin);
  await app.register(accountsRoutes, { prefix: '/api/auth' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(marketDataRoutes, { prefix: '/api/market-data' });
  await app.register(paperTradingRoutes, { prefix: '/api/paper-trading' });
  await app.register(apiSettingsRoutes, { prefix: '/api/settings/api-keys' });
  await app.register(importRoutes, { prefix: '/api/import' });
  await app.register(brokersRoutes, { prefix: '/api' });
  await app.register(analysisRoutes, { prefix: '/api' });
  await app.register(portfolioRoutes, { prefix: '/api' });
  await app.register(rewardsRoutes, { prefix: '/api' });
  await app.register(terminalRoutes, { prefix: '/api/terminal' });

  if (options.webRoot && existsSync(path.join(options.webRoot, 'index.html'))) {
    await registerWebApp(app, options.webRoot);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(notFoundBody(request.method, request.url)),
    );
  }
  return app;
}

/**
 * The build's prerendered pages (scripts/prerender.mjs), by path: `<name>.html` is /<name>, `index.html` is /.
 * Read once: they change only with a deploy.
 */
function readPrerenderedPages(webRoot: string): Map<string, string> {
  const dir = path.join(webRoot, PRERENDERED_PAGES_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    if (path.extname(file) !== '.html') continue;
    const name = path.basename(file, '.html');
    pages.set(name === 'index' ? '/' : `/${name}`, readFileSync(path.join(dir, file), 'utf8'));
  }
  return pages;
}

/**
 * Serves the built SPA: hashed assets cached for a year; the public pages prerendered, with the request's
 * origin in their canonical and og:url; any other non-API path gets index.html, with status 404 when it is
 * not one of PAGE_PATHS (the shell then renders the 404 page).
 */
async function registerWebApp(app: FastifyInstance, webRoot: string) {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  for (const [pagePath, html] of readPrerenderedPages(webRoot)) {
    app.get(pagePath, (request, reply) => {
      const origin = siteOrigin(request.protocol, request.host);
      // An odd Host header gets the client-rendered page rather than a canonical URL built from it.
      if (!origin) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto')
        .send(html.replaceAll(PRERENDER_ORIGIN, origin));
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    if (!isPage) {
      return reply.status(404).send(notFoundBody(request.method, request.url));
    }
    if (path.extname(pathname) && pathname.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    // The shell renders the 404 page for a path outside the route table; the status says so too.
    return reply
      .status(isPagePath(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .sendFile('index.html');
  });
}

function notFoundBody(method: string, url: string) {
  return new AppError('NOT_FOUND', `No such endpoint: ${method} ${url.split('?')[0]}`).toBody();
}
