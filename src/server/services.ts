/**
 * Every service and provider of the app, built once at start (`buildApp` decorates the app with them as
 * `app.services`): routes take what they need from here and never build a provider themselves. Tests and
 * benches replace parts through `ServiceOverrides`; everything not overridden is the real thing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { createEmailDigest } from './crypto/email-digest';
import { createLoginThrottle, type LoginThrottle } from './features/accounts/login-throttle';
import type { AccountsContext } from './features/accounts/service';
import type { AlertsContext } from './features/alerts/service';
import { createAdviceCache, type AdvisorContext, type AdvisorOptions } from './features/advisor/service';
import type { AnalysisContext, AnalysisOptions } from './features/analysis/service';
import {
  getUserVendorKeys,
  type ApiSettingsContext,
  type ApiSettingsOptions,
} from './features/api-settings/service';
import { createMarketDataService, type MarketDataService } from './features/market-data/service';
import { usdPricesOf } from './features/market-data/pricing';
import {
  createPortfolioOwnerCache,
  type PaperTradingContext,
  type PaperTradingOptions,
} from './features/paper-trading/service';
import { ApiTokenCache } from './features/api-tokens/service';
import { SavedPortfolioCache } from './features/api-v1/service';
import type { PortfolioAccountsContext } from './features/portfolio-accounts/service';
import type { ClientsContext } from './features/clients/service';
import { createGuidePdfCache, type GuidePdfCache } from './features/resources/guide-pdf';
import { createRewardsEngine, type RewardsContext, type RewardsOptions } from './features/rewards/service';
import { createWebhookWorkQueue, type BillingContext } from './features/billing/service';
import { createTerminalFeeds, type FeedAdapterFactory } from './features/terminal/feeds';
import { createTerminalService, type TerminalService } from './features/terminal/service';
import type {
  TradingSuggestionsContext,
  TradingSuggestionsOptions,
} from './features/trading-suggestions/service';
import { createRobinhoodConnector, type BrokerConnector } from './providers/brokers/robinhood';
import {
  createOpenAiAdviceWriter,
  createOpenAiAnalysisWriter,
  createOpenAiSuggestionWriter,
} from './providers/llm';
import { createPaymentsProvider } from './providers/payments';
import { createMailer, type Mailer } from './providers/mail';
import { createDefaultAdapters, createKeyedAdapter } from './providers/market-data';
import { createFeedAdapterFactory } from './providers/market-data/feeds';
import { createPostgresLimitStore } from './limits/postgres-store';
import { createRedisLimitStore } from './limits/redis-store';
import { createBatchedCounter, type BatchedCounter } from './limits/batched-counter';
import type { UserChangeSubscriber } from './lib/user-cache';
import type { LimitStore } from './limits/store';
import { SessionCache } from './auth/session-cache';
import { createSessionListener, type SessionListener } from './auth/session-listener';

/** What tests and benches may replace; each field's default is the real service. */
export interface ServiceOverrides {
  /** Quotes, history, search and the pricing surface; default: the real vendor adapters of the configuration. */
  marketData?: MarketDataService;
  /** Paper trading: quote source (default marketData), domain-event handler (default rewards), test hooks. */
  paperTrading?: PaperTradingOptions;
  /** API settings: vendor base URLs and timeout of the key test (tests point them at a local fake). */
  apiSettings?: ApiSettingsOptions;
  /** Analysis: the language model (default: OpenAI from config.openai), its timeout, rewards hook, clock. */
  analysis?: AnalysisOptions;
  /** Trading suggestions: the model that words the reasoning (default: OpenAI from config.openai), clock. */
  tradingSuggestions?: TradingSuggestionsOptions;
  /** Advisor: the language model (default: OpenAI from config.openai), its timeout, the answer cache, clock. */
  advisor?: AdvisorOptions;
  /** Rewards: the clock of awards (tests move it). */
  rewards?: RewardsOptions;
  /** Terminal: the calendar and news adapters per vendor (default: the real vendors). */
  terminal?: { feedAdapters?: FeedAdapterFactory };
  /** Account mail; default: SMTP_URL's server, or the log without one. */
  mailer?: Mailer;
  /** Billing: Stripe's timeout and retries (tests: short, none), and the clock plans are derived at. */
  billing?: { stripeTimeoutMs?: number; stripeMaxRetries?: number; now?: () => Date };
  /** Alerts and snapshots: their quote source (default marketData) and the clock of on-demand snapshots. */
  alerts?: { quotes?: MarketDataService['getQuotes']; now?: () => Date };
}

export interface Services {
  /**
   * Sessions validated by this process, kept while it listens for session changes in the database
   * (auth/session-cache.ts, auth/session-listener.ts); the app starts and closes the listener.
   */
  sessions: { cache: SessionCache; listener: SessionListener };
  /**
   * Every per-user cache the listener drops on a change: the sessions' and /api/v1's. The current-user plugin
   * drops a user's entries in all of them after a write of theirs.
   */
  userCaches: readonly UserChangeSubscriber[];
  /** /api/v1 per instance: tokens and saved portfolios read, and the per-token request counts (decision 030). */
  apiV1: { tokens: ApiTokenCache; portfolios: SavedPortfolioCache; requestCounter: BatchedCounter };
  /** The counters of every limit shared by the instances: Redis when REDIS_URL is set, else PostgreSQL. */
  limits: LimitStore;
  marketData: MarketDataService;
  accounts: Omit<AccountsContext, 'replacedSessionIdHash'> & {
    demoFeatures: boolean;
    loginThrottle: LoginThrottle;
  };
  apiSettings: ApiSettingsContext;
  paperTrading: PaperTradingContext;
  rewards: RewardsContext;
  /** Told when an analysis (AI or demo) was delivered to a signed-in user. */
  analysis: AnalysisContext & { onCompleted: NonNullable<AnalysisOptions['onCompleted']> };
  advisor: AdvisorContext;
  portfolio: { db: DatabaseHandle['db']; marketData: MarketDataService };
  portfolioAccounts: PortfolioAccountsContext;
  clients: ClientsContext;
  tradingSuggestions: TradingSuggestionsContext;
  terminal: TerminalService;
  brokers: { robinhood: BrokerConnector };
  /** The guides of /resources as PDFs, rendered once per process. */
  guidePdfs: GuidePdfCache;
  billing: BillingContext;
  /** Alerts and snapshots; `mailer` only when SMTP_URL is set (no alert mail to the log). */
  alerts: AlertsContext & { now: () => Date };
}

/** `log` receives the vendors' failures (never their keys). */
export function createServices(
  config: AppConfig,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  overrides: ServiceOverrides = {},
): Services {
  const { db } = database;
  // A test's quote source for alerts and snapshots answers in USD already (no listing outside the US).
  const alertQuotesOverride = overrides.alerts?.quotes;
  const vendorFailed = (message: string) => (vendor: string, error: unknown) =>
    log.warn({ vendor, reason: error instanceof Error ? error.message : String(error) }, message);

  const postgresLimits = createPostgresLimitStore(db);
  const limits = config.redis.url
    ? createRedisLimitStore({
        url: config.redis.url,
        keyPrefix: config.redis.keyPrefix,
        fallback: postgresLimits,
        onUnavailable: (error) =>
          log.warn({ reason: error.message }, 'Redis unavailable: limits are counted in PostgreSQL'),
      })
    : postgresLimits;

  const sessionCache = new SessionCache();
  const apiV1 = {
    tokens: new ApiTokenCache(),
    portfolios: new SavedPortfolioCache(),
    requestCounter: createBatchedCounter(limits),
  };
  const userCaches = [sessionCache, apiV1.tokens, apiV1.portfolios];
  const sessionListener = createSessionListener({
    connection: database.pool.options,
    caches: userCaches,
    onLost: (error) =>
      log.warn(
        { reason: error?.message },
        'not listening for session changes: sessions are read from PostgreSQL on every request until it is back',
      ),
  });

  const marketData =
    overrides.marketData ??
    createMarketDataService({
      config,
      db,
      adapters: createDefaultAdapters(config),
      createKeyedAdapter,
      onVendorError: vendorFailed('market data vendor failed'),
      // A signed-in user's own keys (API settings) serve that user's calls: the service reads them by user id.
      userVendorKeys: (userId) => getUserVendorKeys(db, config.appSecret, userId),
    });

  // Rewards book points inside paper trading's transactions and after analyses, unless a test hooks its own.
  const rewards: RewardsContext = { db, now: overrides.rewards?.now ?? (() => new Date()) };
  const rewardsEngine = createRewardsEngine(rewards);

  const paperTradingOptions = overrides.paperTrading ?? {};
  const paperTrading: PaperTradingContext = {
    db,
    quotes: paperTradingOptions.quoteSource ?? marketData,
    portfolioOwners: createPortfolioOwnerCache(),
    onEvent: paperTradingOptions.onEvent ?? rewardsEngine.onPaperTradingEvent,
    now: paperTradingOptions.now ?? (() => new Date()),
    beforeTradeCommit: paperTradingOptions.beforeTradeCommit,
  };

  const analysisOptions = overrides.analysis ?? {};
  const analysis: Services['analysis'] = {
    db,
    marketData,
    writer:
      analysisOptions.writer ??
      createOpenAiAnalysisWriter({ config: config.openai, timeoutMs: analysisOptions.llmTimeoutMs }),
    appSecret: config.appSecret,
    now: analysisOptions.now ?? (() => new Date()),
    onCompleted: analysisOptions.onCompleted ?? rewardsEngine.onAnalysisCompleted,
  };

  const suggestionOptions = overrides.tradingSuggestions ?? {};
  const tradingSuggestions: TradingSuggestionsContext = {
    db,
    marketData,
    writer:
      suggestionOptions.writer ??
      createOpenAiSuggestionWriter({ config: config.openai, timeoutMs: suggestionOptions.llmTimeoutMs }),
    limits,
    now: suggestionOptions.now ?? (() => new Date()),
  };

  const advisorOptions = overrides.advisor ?? {};
  const advisor: AdvisorContext = {
    db,
    marketData,
    writer:
      advisorOptions.writer ??
      createOpenAiAdviceWriter({ config: config.openai, timeoutMs: advisorOptions.llmTimeoutMs }),
    limits,
    appSecret: config.appSecret,
    answers: createAdviceCache(advisorOptions.cacheMs),
    now: advisorOptions.now ?? (() => new Date()),
  };

  const terminal = createTerminalService({
    db,
    marketData,
    feeds: createTerminalFeeds({
      factory: overrides.terminal?.feedAdapters ?? createFeedAdapterFactory(),
      // One quota per vendor key for quotes and feeds together.
      takeQuota: (vendor, apiKey) => marketData.takeVendorCall(vendor, apiKey),
      onVendorError: vendorFailed('terminal feed vendor failed'),
    }),
  });

  if (config.isProduction && !config.hasPublicUrl) {
    log.warn(
      `PUBLIC_URL is not set: links in account mail and Stripe's return URLs point at ${config.publicUrl}`,
    );
  }
  const emailDigest = createEmailDigest(config.appSecret);
  const mail = {
    mailer: overrides.mailer ?? createMailer({ ...config.mail, isProduction: config.isProduction, log }),
    publicUrl: config.publicUrl,
  };

  return {
    sessions: { cache: sessionCache, listener: sessionListener },
    userCaches,
    apiV1,
    limits,
    marketData,
    accounts: {
      db,
      adminEmails: config.adminEmails,
      demoFeatures: config.demoFeatures,
      loginThrottle: createLoginThrottle({ limits, secret: config.appSecret }),
      mail,
    },
    apiSettings: { db, appSecret: config.appSecret, settings: overrides.apiSettings ?? {} },
    paperTrading,
    rewards,
    analysis,
    advisor,
    portfolio: { db, marketData },
    portfolioAccounts: { db, marketData },
    clients: { db, marketData },
    tradingSuggestions,
    terminal,
    brokers: {
      robinhood: createRobinhoodConnector({
        baseUrl: config.robinhoodBaseUrl,
        cryptoBaseUrl: config.robinhoodCryptoBaseUrl,
      }),
    },
    guidePdfs: createGuidePdfCache(),
    alerts: {
      db,
      marketData: {
        getUsdPrices: alertQuotesOverride
          ? async (symbols, caller) => {
              const { quotes, errors } = await alertQuotesOverride(symbols, caller);
              return usdPricesOf(quotes, errors);
            }
          : marketData.getUsdPrices.bind(marketData),
        resolveSymbol: marketData.resolveSymbol.bind(marketData),
      },
      mailer: config.mail.smtpUrl ? mail.mailer : undefined,
      publicUrl: config.publicUrl,
      now: overrides.alerts?.now ?? (() => new Date()),
    },
    billing: {
      db,
      payments: createPaymentsProvider(config, {
        timeoutMs: overrides.billing?.stripeTimeoutMs,
        maxNetworkRetries: overrides.billing?.stripeMaxRetries,
      }),
      webhookSecret: config.stripe.webhookSecret,
      emailDigest,
      publicUrl: config.publicUrl,
      now: overrides.billing?.now ?? (() => new Date()),
      log,
      webhookWork: createWebhookWorkQueue(),
    },
  };
}
