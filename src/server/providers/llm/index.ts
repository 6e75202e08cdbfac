/** The language model behind the AI analysis (DESIGN.md "AI is grounded"). */
export { createOpenAiAnalysisWriter } from './openai';
export { createGroundingIndex } from './grounding';
export { LlmUnavailableError, type PortfolioAnalysisWriter } from './types';
export { createOpenAiSuggestionWriter, type SuggestionReasoningWriter } from './suggestions';
export { createOpenAiAdviceWriter } from './openai';
export type { AdviceWriter } from './advice';
