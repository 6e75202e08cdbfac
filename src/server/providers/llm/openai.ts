/**
 * The language-model adapter: the `openai` SDK against any OpenAI-compatible endpoint (OPENAI_API_KEY,
 * OPENAI_BASE_URL, OPENAI_MODEL). One chat completion per analysis or advice, structured output (json_schema, strict),
 * a 30 s timeout, no retries. The answer is parsed, validated with zod and checked for grounding: a number
 * that is not in the facts rejects the whole answer. Every failure is an LlmUnavailableError.
 */
import OpenAI from 'openai';
import type { z } from 'zod';
import type { AdviceFacts, AdviceWords } from '../../../domain/advisor';
import type { PortfolioFacts } from '../../../domain/analytics';
import type { AppConfig } from '../../config';
import { createGroundingIndex } from './grounding';
import {
  ADVICE_SYSTEM_PROMPT,
  ADVICE_WORDS_JSON_SCHEMA,
  adviceTexts,
  toAdvicePromptFacts,
  ZAdviceWords,
  type AdviceWriter,
} from './advice';
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

/** The OpenAI client of the configuration, or undefined without an API key. */
function createClient(options: OpenAiWriterOptions): {
  client: OpenAI | undefined;
  model: string;
  timeoutMs: number;
} {
  const { apiKey, model } = options.config;
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const client = apiKey
    ? new OpenAI({
        apiKey,
        // Explicit, so that the SDK never falls back to process.env on its own.
        baseURL: options.config.baseUrl ?? DEFAULT_OPENAI_BASE_URL,
        timeout: timeoutMs,
        maxRetries: 0,
      })
    : undefined;
  return { client, model, timeoutMs };
}

interface GroundedRequest<T> {
  systemPrompt: string;
  /** What the model is shown, and what its numbers are checked against. */
  promptFacts: unknown;
  schemaName: string;
  jsonSchema: Record<string, unknown>;
  schema: z.ZodType<T>;
  /** Every text of the answer whose numbers must be grounded. */
  textsOf: (words: T) => string[];
  signal?: AbortSignal;
}

/**
 * One chat completion with a strict JSON schema, parsed, validated with zod and checked for grounding: the
 * words, or an LlmUnavailableError saying why not.
 */
async function requestGroundedWords<T>(
  { client, model, timeoutMs }: ReturnType<typeof createClient>,
  request: GroundedRequest<T>,
): Promise<T> {
  if (!client) throw new LlmUnavailableError('not_configured', 'No language model is configured');
  const signal = AbortSignal.any([
    AbortSignal.timeout(timeoutMs),
    ...(request.signal ? [request.signal] : []),
  ]);

  let content: string | null | undefined;
  try {
    const completion = await client.chat.completions.create(
      {
        model,
        messages: [
          { role: 'system', content: request.systemPrompt },
          { role: 'user', content: `FACTS:\n${JSON.stringify(request.promptFacts)}` },
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

  let json: unknown;
  try {
    json = JSON.parse(content ?? '');
  } catch (error) {
    throw new LlmUnavailableError('invalid_json', 'The model did not answer with JSON', { cause: error });
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LlmUnavailableError(
      'schema_violation',
      `The model's answer does not match the schema (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'})`,
    );
  }
  const words = parsed.data;
  const index = createGroundingIndex(request.promptFacts);
  const ungrounded = request.textsOf(words).flatMap((text) => index.ungrounded(text));
  if (ungrounded.length > 0) {
    throw new LlmUnavailableError(
      'ungrounded_number',
      `The model wrote numbers that are not in the facts: ${ungrounded.slice(0, 5).join(', ')}`,
    );
  }
  return words;
}

export function createOpenAiAnalysisWriter(options: OpenAiWriterOptions): PortfolioAnalysisWriter {
  const connection = createClient(options);
  return {
    isConfigured: connection.client !== undefined,
    writePortfolioAnalysis: (facts: PortfolioFacts, callOptions = {}): Promise<AnalysisWords> =>
      requestGroundedWords(connection, {
        systemPrompt: SYSTEM_PROMPT,
        promptFacts: toPromptFacts(facts),
        schemaName: 'portfolio_analysis',
        jsonSchema: ANALYSIS_WORDS_JSON_SCHEMA,
        schema: ZAnalysisWords,
        textsOf: (words) => [
          words.overviewText,
          ...words.diversificationGaps,
          ...words.recommendations.flatMap((r) => [r.title, r.description]),
          ...words.insights,
        ],
        signal: callOptions.signal,
      }),
  };
}

/** The advisor's words (spec 001 "AI Financial Advisor") from the facts of src/domain/advisor. */
export function createOpenAiAdviceWriter(options: OpenAiWriterOptions): AdviceWriter {
  const connection = createClient(options);
  return {
    isConfigured: connection.client !== undefined,
    writeAdvice: (facts: AdviceFacts, callOptions = {}): Promise<AdviceWords> =>
      requestGroundedWords(connection, {
        systemPrompt: ADVICE_SYSTEM_PROMPT,
        promptFacts: toAdvicePromptFacts(facts),
        schemaName: 'financial_advice',
        jsonSchema: ADVICE_WORDS_JSON_SCHEMA,
        schema: ZAdviceWords,
        textsOf: adviceTexts,
        signal: callOptions.signal,
      }),
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
