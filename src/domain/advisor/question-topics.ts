/**
 * What a question to the advisor is about, read from its words: the topics the template answer can address from
 * the computed facts (risk, valuation, timing, income). The language model reads the question itself; these
 * keywords serve the templates only (no model configured, or it failed).
 */

export const QUESTION_TOPICS = ['risk', 'valuation', 'timing', 'income'] as const;
export type QuestionTopic = (typeof QUESTION_TOPICS)[number];

/** Whole words (any case) that put a question on a topic. */
const TOPIC_KEYWORDS: Readonly<Record<QuestionTopic, RegExp>> = {
  risk: /\b(risks?|risky|riskier|safe|safer|safety|volatile|volatility|beta|drawdowns?|downside|crash(es)?|lose|losing|loss(es)?|dangerous|hedge|stop[- ]loss)\b/i,
  valuation:
    /\b(valuations?|valued|overvalued|undervalued|over-?priced|under-?priced|expensive|cheap|cheaper|fair (value|price)|price targets?|targets?|p\/?e|earnings multiples?|worth it)\b/i,
  timing:
    /\b(when|timing|time to|right time|now|today|soon|wait|waiting|entry|enter|exit|dip|buy|buying|sell|selling|hold|add more|trim|momentum|trend|short[- ]term)\b/i,
  income: /\b(dividends?|yields?|income|payouts?|distributions?)\b/i,
};

/** The topics a question is about, in QUESTION_TOPICS order; empty when none of their keywords is in it. */
export function detectQuestionTopics(question: string): QuestionTopic[] {
  return QUESTION_TOPICS.filter((topic) => TOPIC_KEYWORDS[topic].test(question));
}
