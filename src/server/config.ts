import { isIP } from 'node:net';
import { z } from 'zod';

/** Empty strings count as unset, so `FOO=` in a shell or .env never overrides a default. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A flag whose default depends on other settings: undefined when unset. */
const optionalFlag = optionalString.pipe(
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes', 'on'].includes(v))),
);

const booleanFlag = (fallback: boolean) => optionalFlag.transform((v) => v ?? fallback);

const integer = (fallback: number, min: number, max: number) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().min(min).max(max))
      .optional()
      .transform((v) => v ?? fallback),
  );

/**
 * Who may set X-Forwarded-*: nobody (false), the nearest N hops (a hop count), or these proxy addresses and
 * CIDRs (proxy-addr's names `loopback`, `linklocal`, `uniquelocal` too).
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_FORMS =
  'must be the number of proxies in front of the app (1) or their addresses/CIDRs (10.0.0.1,10.0.0.0/8)';
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const trustProxy = optionalString.transform((raw, ctx): TrustProxy => {
  const value = raw?.toLowerCase();
  if (value === undefined || ['false', '0', 'no', 'off'].includes(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  // `true` trusted every hop, so the left-most X-Forwarded-For, which any client writes, became its address.
  if (['true', 'yes', 'on'].includes(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `${TRUST_PROXY_FORMS}; ${value} would let any client pick its IP`,
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_FORMS}; "${wrong}" is neither` });
    return z.NEVER;
  }
  return entries;
});

const envSchema = z.object({
  NODE_ENV: optionalString.pipe(z.enum(['development', 'production', 'test']).default('development')),
  PORT: integer(5000, 0, 65535),
  HOST: optionalString.pipe(z.string().default('127.0.0.1')),
  DATA_DIR: optionalString.pipe(z.string().default('./data')),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  APP_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAILS: optionalString.transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
  DEMO_FEATURES: optionalFlag,
  MARKET_DATA_PROVIDER: optionalString.pipe(
    z.enum(['auto', 'simulated', 'yahoo', 'coingecko', 'alphavantage', 'polygon', 'fmp']).default('auto'),
  ),
  QUOTE_CACHE_SECONDS: integer(60, 0, 86400),
  ALPHAVANTAGE_API_KEY: optionalString,
  POLYGON_API_KEY: optionalString,
  FMP_API_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  OPENAI_MODEL: optionalString.pipe(z.string().default('gpt-4o-mini')),
  ROBINHOOD_BASE_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/ }).default('https://api.robinhood.com'),
  ),
  ROBINHOOD_CRYPTO_BASE_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/ }).default('https://nummus.robinhood.com'),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ANALYTICS_ID: optionalString.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id such as G-ABC123XYZ')
      .optional(),
  ),
  COOKIE_SECURE: optionalFlag,
  TRUST_PROXY: trustProxy,
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  REDIS_KEY_PREFIX: optionalString.pipe(z.string().default('foliowise:')),
  TRADES_PER_MINUTE: integer(30, 0, 100_000),
  API_REQUESTS_PER_MINUTE: integer(600, 1, 1_000_000),
  JOBS: booleanFlag(true),
  RETURNS_WARM_UP: optionalFlag,
  BACKUP_DIR: optionalString,
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalString.pipe(z.string().default('Foliowise <no-reply@foliowise.local>')),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LOG_LEVEL: optionalString.pipe(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Undefined only before `resolveAppSecret` has run (main.ts always resolves it). */
  appSecret: string;
  adminEmails: string[];
  demoFeatures: boolean;
  marketDataProvider: Env['MARKET_DATA_PROVIDER'];
  quoteCacheSeconds: number;
  vendorKeys: { alphavantage?: string; polygon?: string; fmp?: string };
  openai: { apiKey?: string; baseUrl?: string; model: string };
  /** Robinhood's API (brokerage A import); tests point it at a local fake. */
  robinhoodBaseUrl: string;
  /** Robinhood Crypto's API (crypto holdings, same import); tests point it at a local fake. */
  robinhoodCryptoBaseUrl: string;
  /** STRIPE_API_BASE_URL: another Stripe API server (tests and `stripe:setup` against the local fake). */
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBaseUrl?: string };
  analyticsId: string | undefined;
  /** Secure cookies and HSTS: COOKIE_SECURE, on by default in production. */
  cookieSecure: boolean;
  trustProxy: TrustProxy;
  /** Where the limit counters live: Redis when set, else PostgreSQL (src/server/limits). */
  redis: { url: string | undefined; keyPrefix: string };
  /** Paper trades a user may place per minute; 0 turns the limit off (benchmarks of the ledger). */
  tradesPerMinute: number;
  /** Requests one API token may make per minute on /api/v1 (decision 030); benchmarks raise it. */
  apiRequestsPerMinute: number;
  /** The scheduled cleanups (src/server/jobs): JOBS, on by default; `off` for benchmarks. */
  jobs: boolean;
  /**
   * RETURNS_WARM_UP: value a made-up ten-year history before listening, so that a fresh process's first returns are
   * computed by compiled code (decision 048). On by default in production.
   */
  returnsWarmUp: boolean;
  /** BACKUP_DIR: where the nightly backup job keeps the last seven backups; unset, the job is off. */
  backupDir: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Account mail: SMTP_URL (unset: written to the log outside production), MAIL_FROM. */
  mail: { smtpUrl: string | undefined; from: string };
  /**
   * Where the app is reached, for links in mail and Stripe's return URLs (no trailing slash): PUBLIC_URL, else
   * the address the server listens on (listenUrl). Never taken from a request's Host header.
   */
  publicUrl: string;
  /** PUBLIC_URL was set (in production an unset one makes mailed links point at localhost). */
  hasPublicUrl: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment once. Throws ConfigError with a one-line message naming the bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const env = result.data;
  if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
    throw new ConfigError(
      'Invalid configuration: APP_SECRET is required in production (at least 32 characters)',
    );
  }
  return env;
}

/**
 * The URL of the address the server listens on, the public URL when PUBLIC_URL is unset: `http://HOST:PORT`,
 * with an IPv6 address in brackets. A wildcard HOST is no address anyone can open, so it is replaced by the
 * loopback of its family: `0.0.0.0` by 127.0.0.1, `::` by [::1].
 */
export function listenUrl(host: string, port: number): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const address = bare === '0.0.0.0' ? '127.0.0.1' : /^(::|::0|0:0:0:0:0:0:0:0)$/.test(bare) ? '::1' : bare;
  return `http://${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
}

export function buildConfig(env: Env, appSecret: string): AppConfig {
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    appSecret,
    adminEmails: env.ADMIN_EMAILS,
    // Demo accounts are open to anyone, so a production server offers them only when told to.
    demoFeatures: env.DEMO_FEATURES ?? env.NODE_ENV !== 'production',
    marketDataProvider: env.MARKET_DATA_PROVIDER,
    quoteCacheSeconds: env.QUOTE_CACHE_SECONDS,
    vendorKeys: {
      alphavantage: env.ALPHAVANTAGE_API_KEY,
      polygon: env.POLYGON_API_KEY,
      fmp: env.FMP_API_KEY,
    },
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL },
    robinhoodBaseUrl: env.ROBINHOOD_BASE_URL,
    robinhoodCryptoBaseUrl: env.ROBINHOOD_CRYPTO_BASE_URL,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBaseUrl: env.STRIPE_API_BASE_URL,
    },
    analyticsId: env.ANALYTICS_ID,
    cookieSecure: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY,
    redis: { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX },
    tradesPerMinute: env.TRADES_PER_MINUTE,
    apiRequestsPerMinute: env.API_REQUESTS_PER_MINUTE,
    jobs: env.JOBS,
    returnsWarmUp: env.RETURNS_WARM_UP ?? env.NODE_ENV === 'production',
    backupDir: env.BACKUP_DIR,
    logLevel: env.LOG_LEVEL,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    publicUrl: (env.PUBLIC_URL ?? listenUrl(env.HOST, env.PORT)).replace(/\/+$/, ''),
    hasPublicUrl: env.PUBLIC_URL !== undefined,
  };
}
