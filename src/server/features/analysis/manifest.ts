import { analysisAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import { createOpenAiAnalysisWriter } from '../../providers/llm';
import { marketDataFeature } from '../market-data/manifest';
import { performanceFeature } from '../performance/manifest';
import { rewardsFeature } from '../rewards/manifest';
import { analysisRoutes } from './routes';
import { analysisUsage } from './schema';
import type { AnalysisContext, AnalysisOptions } from './service';

/** The analyzer's analysis (AI, rules or demo), its monthly allowance and the health check. */
export const analysisFeature = defineFeature({
  name: 'analysis',
  tables: [{ table: analysisUsage, exportedIn: 'analyses' }],
  accountData: analysisAccountData,
  context: ({
    config,
    db,
    options = {},
    use,
  }: FeatureDeps<AnalysisOptions>): AnalysisContext & {
    /** Told when an analysis (AI or demo) was delivered to a signed-in user. */
    onCompleted: NonNullable<AnalysisOptions['onCompleted']>;
  } => ({
    db,
    marketData: use(marketDataFeature),
    performance: use(performanceFeature),
    writer:
      options.writer ??
      createOpenAiAnalysisWriter({ config: config.openai, timeoutMs: options.llmTimeoutMs }),
    appSecret: config.appSecret,
    now: options.now ?? (() => new Date()),
    onCompleted: options.onCompleted ?? use(rewardsFeature).engine.onAnalysisCompleted,
  }),
  routes: [{ plugin: analysisRoutes, prefix: '/api' }],
});
