import { alertsAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import { usdPricesOf, type MarketDataService } from '../market-data/service';
import { marketDataFeature } from '../market-data/manifest';
import { alertsRoutes } from './routes';
import { alertCondition, portfolioSnapshot, triggeredAlert } from './schema';
import { evaluateAlerts, snapshotAllPortfolios, type AlertsContext } from './service';

export interface AlertsOptions {
  /** The quote source of alerts and snapshots (default: market data); a test's answers in USD already. */
  quotes?: MarketDataService['getQuotes'];
  /** The clock of on-demand snapshots. */
  now?: () => Date;
}

/** Alert conditions, triggered alerts and daily snapshots (decision 027). */
export const alertsFeature = defineFeature({
  name: 'alerts',
  tables: [
    { table: alertCondition, exportedIn: 'alerts' },
    { table: triggeredAlert, exportedIn: 'alerts' },
    { table: portfolioSnapshot, exportedIn: 'snapshots' },
  ],
  accountData: alertsAccountData,
  context: ({
    config,
    db,
    mail,
    options = {},
    use,
  }: FeatureDeps<AlertsOptions>): AlertsContext & { now: () => Date } => {
    const marketData = use(marketDataFeature);
    const { quotes } = options;
    return {
      db,
      marketData: {
        getUsdPrices: quotes
          ? async (symbols, caller) => {
              const answer = await quotes(symbols, caller);
              return usdPricesOf(answer.quotes, answer.errors);
            }
          : marketData.getUsdPrices.bind(marketData),
        resolveSymbol: marketData.resolveSymbol.bind(marketData),
      },
      // No alert mail to the log: only with SMTP_URL set.
      mailer: config.mail.smtpUrl ? mail.mailer : undefined,
      publicUrl: config.publicUrl,
      now: options.now ?? (() => new Date()),
    };
  },
  routes: [{ plugin: alertsRoutes, prefix: '/api' }],
  // The evaluation every minute (it skips stocks outside US hours itself); the snapshots at 00:00 UTC, after
  // every US close.
  jobs: [
    {
      name: 'evaluate-alerts',
      period: 'minute',
      run: async ({ now }, context) => (await evaluateAlerts(context, now)).fired,
    },
    {
      name: 'snapshot-portfolios',
      period: 'daily',
      run: ({ now }, context) => snapshotAllPortfolios(context, now),
    },
  ],
});
