import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { AppError } from '../contracts/errors';
import { isPagePath } from '../contracts/page-routes';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { registerApiCompression } from './http/api-compression';
import { negotiateContentEncoding } from './http/content-encoding';
import { answerClientError, frameworkError, registerErrorHandling } from './http/errors';
import { createLogger, RequestLogController } from './http/logger';
import { PrerenderedPages } from './http/prerendered-pages';
import { trackRequestsInFlight } from './http/requests-in-flight';
import { registerSecurity, trustProxyOption } from './http/security';
import { registerUrlEncodingCheck } from './http/url-encoding';
import { FEATURES } from './feature-list';
import { siteOrigin } from './features/resources/sitemap';
import { createServices, type ServiceOverrides, type Services } from './services';
import { clientKey } from './limits/client-key';
import { rateLimitStoreOf } from './limits/rate-limit-store';
import { createJobRunner } from './jobs/runner';
import { appJobs } from './jobs/registry';

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
    /** `METHOD /path` of every module's route -> the module's name (feature-list.ts): whose route it is. */
    routeModules: ReadonlyMap<string, string>;
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
    // Answers made before routing (a path parameter over 100 characters: 414) and by Node's HTTP parser (431)
    // use the error shape too.
    frameworkErrors: (error, request, reply) => {
      const appError = frameworkError(error);
      if (appError.status >= 500) request.log.error({ err: error }, 'framework error');
      // The option's generic reply type accepts no plain status; this is the app's ordinary reply.
      void (reply as FastifyReply).status(appError.status).send(appError.toBody());
    },
    clientErrorHandler: answerClientError,
  });
  const deps: AppDeps = { config, database, version };
  app.decorate('deps', deps);
  const services = createServices(config, database, log, options.overrides);
  app.decorate('services', services);
  // Each module's start and shutdown (the limit store, the session listener, the webhook queue), in list order.
  for (const { start, shutdown } of services.features) {
    if (start) app.addHook('onReady', start);
    if (shutdown) app.addHook('onClose', shutdown);
  }
  if (config.jobs) {
    // Started with the app (listen or ready) and stopped by app.close(), before main.ts stops the database.
    const jobs = createJobRunner({ database, log, jobs: appJobs(services) });
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  }
  // The API speaks JSON only: a text/plain body is a 415, not a string handed to a route.
  app.removeContentTypeParser('text/plain');

  registerErrorHandling(app);
  registerSecurity(app, config);
  registerUrlEncodingCheck(app);
  trackRequestsInFlight(app);
  await app.register(cookie, { secret: config.appSecret });
  // Routes opt in with `config: { rateLimit: {...} }`; the counters are in the shared limit store, per client
  // key (IPv4 address, IPv6 /64) unless the route keys them otherwise (per user).
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStoreOf(services.limits),
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${waitText(context.ttl)}.`),
  });
  await registerApiCompression(app);

  // Every module's routes, in the list's order: those registered after the current-user plugin (the sessions
  // module's) have `request.user`. Each register is awaited, so the routes added meanwhile are the module's.
  const routeModules = new Map<string, string>();
  let registering: string | undefined;
  app.addHook('onRoute', ({ method, url }) => {
    if (registering === undefined) return;
    for (const name of [method].flat()) routeModules.set(`${name} ${url}`, registering);
  });
  for (const feature of FEATURES) {
    registering = feature.name;
    for (const { plugin, prefix } of feature.routes ?? []) {
      await app.register(plugin, prefix === undefined ? {} : { prefix });
    }
  }
  registering = undefined;
  app.decorate('routeModules', routeModules);

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
 * Serves the built SPA: hashed assets cached for a year; the public pages prerendered, with the request's
 * origin in their canonical and og:url, and the other pages as the shell that preloads their chunks; any other
 * non-API path gets index.html, with status 404 when it is not one of PAGE_PATHS (the shell then renders the
 * 404 page). Files go out brotli or gzip encoded when the
 * client accepts it: the build wrote both beside each file (`preCompressed`), the prerendered pages are
 * compressed once per origin.
 */
async function registerWebApp(app: FastifyInstance, webRoot: string) {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const prerendered = PrerenderedPages.read(webRoot);
  for (const pagePath of prerendered.paths) {
    app.get(pagePath, async (request, reply) => {
      const origin = siteOrigin(request.protocol, request.host);
      // An odd Host header gets the client-rendered page rather than a canonical URL built from it.
      if (!origin) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      const page = await prerendered.render(pagePath, origin);
      const encoding = negotiateContentEncoding(request.headers['accept-encoding']);
      const encoded = encoding ? page[encoding] : undefined;
      if (encoding && encoded) reply.header('Content-Encoding', encoding);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto, Accept-Encoding')
        .send(encoded ?? page.identity);
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

/** '45 seconds', '12 minutes', '23 hours': the wait of a route limit, rounded up. */
function waitText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const [amount, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 2 * 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

function notFoundBody(method: string, url: string) {
  return new AppError('NOT_FOUND', `No such endpoint: ${method} ${url.split('?')[0]}`).toBody();
}
