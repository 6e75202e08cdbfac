import { tradingSuggestionsAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import { limitsModule } from '../../limits/manifest';
import { createOpenAiSuggestionWriter } from '../../providers/llm';
import { marketDataFeature } from '../market-data/manifest';
import { tradingSuggestionsRoutes } from './routes';
import { tradingSuggestion } from './schema';
import type { TradingSuggestionsContext, TradingSuggestionsOptions } from './service';

/** AI trading suggestions (decision 025): computed by rules against a target mix, worded by the model. */
export const tradingSuggestionsFeature = defineFeature({
  name: 'tradingSuggestions',
  tables: [{ table: tradingSuggestion, exportedIn: 'tradingSuggestions' }],
  accountData: tradingSuggestionsAccountData,
  context: ({
    config,
    db,
    options = {},
    use,
  }: FeatureDeps<TradingSuggestionsOptions>): TradingSuggestionsContext => ({
    db,
    marketData: use(marketDataFeature),
    writer:
      options.writer ??
      createOpenAiSuggestionWriter({ config: config.openai, timeoutMs: options.llmTimeoutMs }),
    limits: use(limitsModule),
    now: options.now ?? (() => new Date()),
  }),
  routes: [{ plugin: tradingSuggestionsRoutes, prefix: '/api/trading-suggestions' }],
  planFeatures: ['ai-trading-suggestions'],
});
