/**
 * /unbiased: the human versus AI bias comparison (spec 001 "Static and marketing pages"). Written to be
 * honest in both directions: what people tend to get wrong, what computed analysis does instead, and what it
 * cannot fix.
 */

export interface HumanBias {
  name: string;
  /** How the bias shows up when people invest. */
  inPeople: string;
  /** What Foliowise's computed analysis does instead. */
  computed: string;
  /** What stays true even so. */
  limit: string;
}

export const HUMAN_BIASES: readonly HumanBias[] = [
  {
    name: 'Loss aversion',
    inPeople:
      'In Kahneman and Tversky’s research, losses weighed roughly twice as heavily as gains of the same size. Investors hold on to losing positions to avoid making the loss real, and sell winners early.',
    computed:
      'Drawdown, volatility and diversification gaps are computed the same way whether your positions are up or down, from current prices rather than what you paid.',
    limit: 'The numbers do not make a loss hurt less; deciding what to do is still up to you.',
  },
  {
    name: 'Overconfidence',
    inPeople:
      'Most people rate their own skill above average. Studies of brokerage accounts have found that the investors who traded most earned less after costs.',
    computed:
      'Analysis describes what a portfolio holds and how it has behaved; the profit calculator puts fees and tax into every trade you consider.',
    limit: 'A model can sound confident too, which is why its figures come from code and not from it.',
  },
  {
    name: 'Recency bias',
    inPeople:
      'Recent gains or losses feel like the new normal, so people buy after rallies and sell after falls.',
    computed: 'Risk figures are computed from a full year of daily prices, not from the last few days.',
    limit:
      'A year is still a short window; every figure describes the past and cannot predict the next move.',
  },
  {
    name: 'Confirmation bias',
    inPeople: 'People look for news and opinions that agree with what they already own, and skip the rest.',
    computed:
      'The same health checks and diversification thresholds are applied to every portfolio; you cannot choose which rules apply to yours.',
    limit: 'Rules are only as good as the thresholds chosen; they are prompts to look closer, not verdicts.',
  },
  {
    name: 'Home bias',
    inPeople:
      'Investors tend to hold mostly companies from their own country, even though other markets make up a large part of the world’s stocks.',
    computed:
      'Exposure by region is shown for every portfolio, and a portfolio with no investments outside the US is flagged.',
    limit:
      'Whether to hold more abroad depends on your goals and currency needs, which the analysis does not know.',
  },
  {
    name: 'Herding',
    inPeople:
      'Buying what everyone else is buying feels safe, and popular themes can crowd a portfolio without it being noticed.',
    computed:
      'Concentration (your largest holding, your effective number of holdings) and sector weights make crowding visible.',
    limit: 'Seeing concentration is not the same as knowing whether it will pay off.',
  },
];

export interface ModelLimit {
  title: string;
  text: string;
}

/** What a language model gets wrong on its own. */
export const MODEL_BIASES: readonly ModelLimit[] = [
  {
    title: 'It can make things up',
    text: 'Language models produce fluent text, and can state prices, ratios and facts that are simply wrong, with complete confidence.',
  },
  {
    title: 'It knows only its training data',
    text: 'A model knows nothing that happened after it was trained unless it is given the facts, and its views reflect whatever text it learned from, including past hype.',
  },
  {
    title: 'It tends to agree with you',
    text: 'Models often follow the framing of a question. Ask whether a stock is a great buy, and the answer may lean towards yes.',
  },
  {
    title: 'It does not know your situation',
    text: 'Your goals, taxes, other savings and when you need the money are outside what it sees, and it cannot check what you tell it.',
  },
];

/** How Foliowise grounds its AI: in order, as the analysis runs. */
export const GROUNDING_STEPS: readonly ModelLimit[] = [
  {
    title: 'Numbers are computed first',
    text: 'Values, weights, daily change, one-year volatility, beta to SPY, maximum drawdown, Sharpe ratio, historical Value at Risk, concentration, exposure and health checks are calculated by code with standard formulas, from market data whose source and time are recorded.',
  },
  {
    title: 'The model writes from those facts',
    text: 'When a language model is configured, it receives the computed facts and is asked to write the overview and recommendations from them alone.',
  },
  {
    title: 'Its reply is checked',
    text: 'The reply must follow a fixed structure before it is shown. Any number in its text that is not among the computed facts is treated as a defect to fix.',
  },
  {
    title: 'No model, no guessing',
    text: "If no model is configured, or it fails, you see 'AI Analysis Temporarily Unavailable' and can use an analysis written by rules from the same facts.",
  },
];

export const MODEL_STRENGTHS: readonly string[] = [
  'Explain a figure such as beta or Value at Risk in plain language.',
  'Apply the same checklist to every portfolio, every time, without getting tired or attached to a position.',
  'Summarise many numbers into a few readable points.',
];

export const MODEL_LIMITS: readonly string[] = [
  'Predict prices, returns or the next market move.',
  'Know news or events it has not been given.',
  'Know your full finances, goals or tax position.',
  'Take responsibility for a decision: that stays with you.',
];
