import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'error']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof ZHealthResponse>;

/** Public runtime settings for the browser: nothing is baked in at build time. */
export const ZPublicConfigResponse = z.object({
  version: z.string(),
  stripePublishableKey: z.string().nullable(),
  analyticsId: z.string().nullable(),
  demoFeatures: z.boolean(),
  marketDataSource: z.string(),
  /** Account mail goes to the server log (no SMTP_URL, outside production): the pages say where the link is. */
  mailInServerLog: z.boolean(),
  /**
   * A language model is configured (OPENAI_API_KEY): analyses, suggestions and advice are worded by it, and the
   * free plan's AI analyses are counted. Without one every analysis is written by rules and counted by nobody.
   */
  hasLanguageModel: z.boolean(),
});
export type PublicConfigResponse = z.infer<typeof ZPublicConfigResponse>;
