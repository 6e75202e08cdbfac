/** The language model behind the AI analysis (DESIGN.md "AI is grounded"). */
export { createOpenAiAnalysisWriter, DEFAULT_LLM_TIMEOUT_MS, type OpenAiWriterOptions } from './openai';
export { createGroundingIndex, extractNumbers } from './grounding';
export { toPromptFacts } from './prompt';
export {
  LlmUnavailableError,
  ZAnalysisWords,
  type AnalysisWords,
  type LlmFailureReason,
  type PortfolioAnalysisWriter,
} from './types';
