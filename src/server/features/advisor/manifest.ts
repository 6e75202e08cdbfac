import { advisorAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import { limitsModule } from '../../limits/manifest';
import { createOpenAiAdviceWriter } from '../../providers/llm';
import { marketDataFeature } from '../market-data/manifest';
import { advisorRoutes } from './routes';
import { adviceQuestion } from './schema';
import { createAdviceCache, type AdvisorContext, type AdvisorOptions } from './service';

/** The AI advisor (/financial-advisor, decision 028): a rating computed from the data, worded by a model or templates. */
export const advisorFeature = defineFeature({
  name: 'advisor',
  tables: [{ table: adviceQuestion, exportedIn: 'advisorQuestions' }],
  accountData: advisorAccountData,
  context: ({ config, db, options = {}, use }: FeatureDeps<AdvisorOptions>): AdvisorContext => ({
    db,
    marketData: use(marketDataFeature),
    writer:
      options.writer ?? createOpenAiAdviceWriter({ config: config.openai, timeoutMs: options.llmTimeoutMs }),
    limits: use(limitsModule),
    appSecret: config.appSecret,
    answers: createAdviceCache(options.cacheMs),
    now: options.now ?? (() => new Date()),
  }),
  routes: [{ plugin: advisorRoutes, prefix: '/api' }],
});
