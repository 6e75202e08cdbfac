import { z } from 'zod';
import type { PortfolioFacts } from '../../../domain/analytics';

/** The words of an analysis: all the model writes. Lengths bound what a page has to show. */
export const ZAnalysisWords = z.object({
  overviewText: z.string().trim().min(1).max(2000),
  diversificationGaps: z.array(z.string().trim().min(1).max(400)).max(10),
  recommendations: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(120),
        description: z.string().trim().min(1).max(800),
      }),
    )
    .min(1)
    .max(6),
  insights: z.array(z.string().trim().min(1).max(400)).max(8),
});
export type AnalysisWords = z.infer<typeof ZAnalysisWords>;

/** The JSON Schema of `ZAnalysisWords` for structured outputs (strict mode: every key required, no extras). */
export const ANALYSIS_WORDS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['overviewText', 'diversificationGaps', 'recommendations', 'insights'],
  properties: {
    overviewText: { type: 'string' },
    diversificationGaps: { type: 'array', items: { type: 'string' } },
    recommendations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'description'],
        properties: { title: { type: 'string' }, description: { type: 'string' } },
      },
    },
    insights: { type: 'array', items: { type: 'string' } },
  },
} as const;

export type LlmFailureReason =
  | 'not_configured'
  | 'rate_limited'
  | 'timeout'
  | 'http_error'
  | 'network_error'
  | 'refused'
  | 'invalid_json'
  | 'schema_violation'
  | 'ungrounded_number';

/** Any failure of the language model: the caller answers 503 AI_UNAVAILABLE. `reason` is for logs. */
export class LlmUnavailableError extends Error {
  constructor(
    readonly reason: LlmFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmUnavailableError';
  }
}

/** Writes the words of an analysis from the facts; throws LlmUnavailableError on any failure. */
export interface PortfolioAnalysisWriter {
  /** False when no model is configured (no API key): every call would fail at once. */
  readonly isConfigured: boolean;
  writePortfolioAnalysis(facts: PortfolioFacts, options?: { signal?: AbortSignal }): Promise<AnalysisWords>;
}
