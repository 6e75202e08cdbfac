/**
 * The words of trading suggestions: the model rewrites each suggestion's reasoning from the facts the rules
 * computed (src/domain/trading-suggestions.ts), never the suggestion itself. Every number it writes must be a
 * fact of that suggestion (the grounding check of the analysis), else the whole answer is rejected and the
 * caller keeps the templates' words.
 */
import { z } from 'zod';
import type { AppConfig } from '../../config';
import {
  DEFAULT_LLM_TIMEOUT_MS,
  assertGrounded,
  createOpenAiClient,
  parseAnswer,
  requestStructuredJson,
} from './openai';
import { LlmUnavailableError } from './types';

/** One suggestion as the model sees it; the grounding check of its reasoning uses exactly this. */
export interface SuggestionPromptItem {
  symbol: string;
  suggestionType: string;
  actionText: string;
  currentPrice: number;
  targetPrice: number | null;
  confidence: number;
  potentialReturnHistoricalPercent: number | null;
  facts: Readonly<Record<string, number | string>>;
  /** The templates' wording, to improve on. */
  draftReasoning: string;
}

export interface SuggestionReasoningWriter {
  /** False when no model is configured (no API key). */
  readonly isConfigured: boolean;
  /** One reasoning per item, in order; throws LlmUnavailableError on any failure. */
  writeSuggestionReasoning(items: readonly SuggestionPromptItem[]): Promise<string[]>;
}

const SUGGESTION_SYSTEM_PROMPT = `You write the reasoning of Foliowise's trading suggestions for everyday investors.
You receive FACTS as JSON: a list of suggestions computed by our rules, each with its action, figures and a draft reasoning.
For each suggestion, in the same order, write 2 to 4 plain-English sentences saying why the action fits the facts, for a non-expert. Explain a term before using it. For an options suggestion, always spell out its risks (shares called away above the strike, no protection from a fall).
Numbers (strict: an answer that breaks these rules is discarded): use ONLY numbers that appear in that suggestion's facts, action or draft; never calculate new ones; for anything else write words, not digits. Do not promise returns: a past return is history, not a forecast.
Answer with a JSON object only, matching the given schema: {"reasonings": [one string per suggestion]}.`;

const REASONINGS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['reasonings'],
  properties: { reasonings: { type: 'array', items: { type: 'string' } } },
};

const ZReasonings = z.object({ reasonings: z.array(z.string().trim().min(1).max(1200)) });

export function createOpenAiSuggestionWriter(options: {
  config: AppConfig['openai'];
  timeoutMs?: number;
}): SuggestionReasoningWriter {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const client = createOpenAiClient(options.config, timeoutMs);
  return {
    isConfigured: client !== undefined,
    async writeSuggestionReasoning(items) {
      if (!client) throw new LlmUnavailableError('not_configured', 'No language model is configured');
      const json = await requestStructuredJson({
        client,
        model: options.config.model,
        timeoutMs,
        system: SUGGESTION_SYSTEM_PROMPT,
        facts: { suggestions: items },
        schemaName: 'trading_suggestion_reasoning',
        jsonSchema: REASONINGS_JSON_SCHEMA,
      });
      const { reasonings } = parseAnswer(ZReasonings, json);
      if (reasonings.length !== items.length) {
        throw new LlmUnavailableError(
          'schema_violation',
          `The model wrote ${reasonings.length} reasonings for ${items.length} suggestions`,
        );
      }
      items.forEach((item, i) => assertGrounded(item, [reasonings[i] ?? '']));
      return reasonings;
    },
  };
}
