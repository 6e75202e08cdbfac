/**
 * The language-model adapter: the `openai` SDK against any OpenAI-compatible endpoint (OPENAI_API_KEY,
 * OPENAI_BASE_URL, OPENAI_MODEL). One chat completion per analysis, advice or suggestion list, structured output (json_schema, strict),
 * a 30 s timeout, no retries. The answer is parsed, validated with zod and checked for grounding: a number
 * that is not in the facts rejects the whole answer. Every failure is an LlmUnavailableError.
 */
import OpenAI from 'openai';
import type { z } from 'zod';
import type { AdviceFacts, AdviceWords } from '../../../domain/advisor';
import type { PortfolioFacts } from '../../../domain/analytics';
import type { AppConfig } from '../../config';
import {
  ADVICE_SYSTEM_PROMPT,
  ADVICE_WORDS_JSON_SCHEMA,
  adviceGroundingFacts,
  adviceTexts,
  toAdvicePromptFacts,
  ZAdviceWords,
  type AdviceWriter,
} from './advice';
import { createGroundingIndex } from './grounding';
import { SYSTEM_PROMPT, toPromptFacts } from './prompt';
import {
  ANALYSIS_WORDS_JSON_SCHEMA,
  LlmUnavailableError,
  ZAnalysisWords,
  type AnalysisWords,
  type PortfolioAnalysisWriter,
} from './types';

export const DEFAULT_LLM_TIMEOUT_MS = 30_000;
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiWriterOptions {
  config: AppConfig['openai'];
  /** Whole call, default 30 000 ms. */
  timeoutMs?: number;
}

/** The SDK client of the configuration, or undefined without an API key (no model configured). */
export function createOpenAiClient(config: AppConfig['openai'], timeoutMs: number): OpenAI | undefined {
  return config.apiKey
    ? new OpenAI({
        apiKey: config.apiKey,
        // Explicit, so that the SDK never falls back to process.env on its own.
        baseURL: config.baseUrl ?? DEFAULT_OPENAI_BASE_URL,
        timeout: timeoutMs,
        maxRetries: 0,
      })
    : undefined;
}

export interface StructuredRequest {
  client: OpenAI;
  model: string;
  timeoutMs: number;
  system: string;
  /** Sent as `FACTS:` and the JSON of this value. */
  facts: unknown;
  schemaName: string;
  jsonSchema: Record<string, unknown>;
  signal?: AbortSignal;
}

/** One chat completion with a strict JSON schema: the answer parsed as JSON. Throws LlmUnavailableError. */
export async function requestStructuredJson(request: StructuredRequest): Promise<unknown> {
  const { client, timeoutMs } = request;
  const signal = AbortSignal.any([
    AbortSignal.timeout(timeoutMs),
    ...(request.signal ? [request.signal] : []),
  ]);
  let content: string | null | undefined;
  try {
    const completion = await client.chat.completions.create(
      {
        model: request.model,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: `FACTS:\n${JSON.stringify(request.facts)}` },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: request.schemaName, strict: true, schema: request.jsonSchema },
        },
      },
      { signal, timeout: timeoutMs, maxRetries: 0 },
    );
    const message = completion.choices[0]?.message;
    if (message?.refusal) throw new LlmUnavailableError('refused', 'The model refused to answer');
    content = message?.content;
  } catch (error) {
    throw toUnavailable(error, signal);
  }
  try {
    return JSON.parse(content ?? '');
  } catch (error) {
    throw new LlmUnavailableError('invalid_json', 'The model did not answer with JSON', { cause: error });
  }
}

/** The answer validated with zod; a mismatch is an LlmUnavailableError('schema_violation'). */
export function parseAnswer<T>(schema: z.ZodType<T>, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LlmUnavailableError(
      'schema_violation',
      `The model's answer does not match the schema (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'})`,
    );
  }
  return parsed.data;
}

/** Rejects texts with a number that `facts` do not ground (LlmUnavailableError('ungrounded_number')). */
export function assertGrounded(facts: unknown, texts: readonly string[]): void {
  const index = createGroundingIndex(facts);
  const ungrounded = texts.flatMap((text) => index.ungrounded(text));
  if (ungrounded.length > 0) {
    throw new LlmUnavailableError(
      'ungrounded_number',
      `The model wrote numbers that are not in the facts: ${ungrounded.slice(0, 5).join(', ')}`,
    );
  }
}

export function createOpenAiAnalysisWriter(options: OpenAiWriterOptions): PortfolioAnalysisWriter {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const client = createOpenAiClient(options.config, timeoutMs);

  return {
    isConfigured: client !== undefined,

    async writePortfolioAnalysis(facts: PortfolioFacts, callOptions = {}): Promise<AnalysisWords> {
      if (!client) throw new LlmUnavailableError('not_configured', 'No language model is configured');
      const promptFacts = toPromptFacts(facts);
      const json = await requestStructuredJson({
        client,
        model: options.config.model,
        timeoutMs,
        system: SYSTEM_PROMPT,
        facts: promptFacts,
        schemaName: 'portfolio_analysis',
        jsonSchema: ANALYSIS_WORDS_JSON_SCHEMA,
        signal: callOptions.signal,
      });
      const words = parseAnswer(ZAnalysisWords, json);
      assertGrounded(promptFacts, [
        words.overviewText,
        ...words.diversificationGaps,
        ...words.recommendations.flatMap((r) => [r.title, r.description]),
        ...words.insights,
      ]);
      return words;
    },
  };
}

/** The advisor's words (spec 001 "AI Financial Advisor") from the facts of src/domain/advisor. */
export function createOpenAiAdviceWriter(options: OpenAiWriterOptions): AdviceWriter {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const client = createOpenAiClient(options.config, timeoutMs);

  return {
    isConfigured: client !== undefined,

    async writeAdvice(facts: AdviceFacts, callOptions = {}): Promise<AdviceWords> {
      if (!client) throw new LlmUnavailableError('not_configured', 'No language model is configured');
      const promptFacts = toAdvicePromptFacts(facts);
      const json = await requestStructuredJson({
        client,
        model: options.config.model,
        timeoutMs,
        system: ADVICE_SYSTEM_PROMPT,
        facts: promptFacts,
        schemaName: 'financial_advice',
        jsonSchema: ADVICE_WORDS_JSON_SCHEMA,
        signal: callOptions.signal,
      });
      const words = parseAnswer(ZAdviceWords, json);
      // The question is sent (the model answers it) but grounds nothing: only computed facts do.
      assertGrounded(adviceGroundingFacts(promptFacts), adviceTexts(words));
      return words;
    },
  };
}

function toUnavailable(error: unknown, signal: AbortSignal): LlmUnavailableError {
  if (error instanceof LlmUnavailableError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError || (signal.aborted && isAbort(error))) {
    return new LlmUnavailableError('timeout', 'The model did not answer in time', { cause: error });
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new LlmUnavailableError('rate_limited', 'The model is rate limited (429)', { cause: error });
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    return new LlmUnavailableError('http_error', `The model answered HTTP ${error.status}`, { cause: error });
  }
  return new LlmUnavailableError('network_error', 'The model could not be reached', { cause: error });
}

function isAbort(error: unknown): boolean {
  return (
    error instanceof OpenAI.APIUserAbortError ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
  );
}
