import { describe, expect, it } from 'vitest';
import type { AdviceFacts } from './facts';
import { detectQuestionTopics } from './question-topics';
import { writeAdviceWords, writeQuestionAnswer } from './words';

describe('detectQuestionTopics', () => {
  it.each([
    ['How risky is NVDA for me?', ['risk']],
    ['Could I lose half my money in a crash?', ['risk']],
    ['Is Apple overvalued at this price?', ['valuation']],
    ["What's a fair value for MSFT, is it expensive?", ['valuation']],
    ['Is it time to buy more?', ['timing']],
    ['Should I sell now or wait for a dip?', ['timing']],
    ['Does KO pay a good dividend yield?', ['income']],
    ['Is it cheap enough to buy today, and how safe is it?', ['risk', 'valuation', 'timing']],
    ['What does the company make?', []],
    ['Tell me about my holdings', []],
    ['', []],
  ])('%j is about %j', (question, topics) => {
    expect(detectQuestionTopics(question)).toEqual(topics);
  });
});

/** Facts of a made-up stock, every figure chosen, so the words can be checked exactly. */
function facts(question: string, overrides: Partial<AdviceFacts> = {}): AdviceFacts {
  return {
    symbol: 'ACME',
    name: 'Acme Corp.',
    question,
    context: { riskTolerance: 'moderate', timeHorizon: 'medium', currentPosition: 10, portfolioValue: 10000 },
    quote: {
      currentPrice: 120,
      priceChange: 1.5,
      priceChangePercent: 1.27,
      source: 'simulated',
      asOf: '2026-04-09T20:00:00.000Z',
      dayRange: { low: 118, high: 121 },
      volume: 1000000,
      lastSessionDate: '2026-04-09',
      yearRange: { low: 90, high: 140 },
      sessions: 252,
    },
    technicals: {
      lastClose: 120,
      sma50: 115,
      sma200: 105,
      smaCross: 'above',
      rsi14: 62.5,
      macd: { macd: 1.2, signal: 0.9, histogram: 0.3 },
      bollinger: { upper: 125, middle: 116, lower: 107 },
      trend: 'bullish',
      supportLevels: [112.4],
      resistanceLevels: [131.2],
    },
    risk: {
      volatility: 0.3125,
      beta: 1.18,
      maxDrawdown: 0.2275,
      positionWeight: 0.12,
      positionValue: 1200,
      overallRisk: 'medium',
      riskPoints: { volatility: 1, beta: 0, drawdown: 0, concentration: 1 },
    },
    recommendation: {
      action: 'buy',
      confidence: 60,
      timeframe: '3-6 months',
      score: { trend: 2, momentum: 1, risk: 0, concentration: -1, total: 2 },
      targetPrice: 131.2,
      stopLoss: 112.4,
    },
    alternatives: [],
    fundamentals: null,
    ...overrides,
  };
}

describe('writeQuestionAnswer: the templates answer the question asked, from the facts', () => {
  it('answers a question on risk with the risk figures and the position', () => {
    expect(writeQuestionAnswer(facts('How risky is it?'))).toBe(
      "On risk: ACME's overall risk is medium for a moderate investor, from an annualised volatility of 31.25%, a beta to SPY of 1.18, a largest fall from a high of 22.75% over the year. The position is 12.00% of your portfolio.",
    );
  });

  it('answers valuation from the analysts’ target when a vendor gives one, and says what is missing otherwise', () => {
    const fundamentals = {
      source: 'fmp',
      marketCap: 5000000000,
      sector: 'Industrials',
      industry: 'Machinery',
      analystConsensus: 'Buy',
      analystCount: 12,
      averageTarget: 150,
    };
    expect(writeQuestionAnswer(facts('Is it overvalued?', { fundamentals }))).toBe(
      "On valuation: the analysts' average price target of $150.00 is above the price of $120.00, according to FMP.",
    );
    expect(writeQuestionAnswer(facts('Is it overvalued?'))).toBe(
      "On valuation: no fundamentals data source is configured, so there are no earnings or targets to say whether ACME is cheap or expensive; the price of $120.00 is above its 200-day average of $105.00, and the year's range is $90.00 to $140.00.",
    );
  });

  it('answers timing with the rating, the trend and the nearest levels', () => {
    expect(writeQuestionAnswer(facts('Should I buy now?'))).toBe(
      'On timing: the figures rate ACME buy over 3-6 months, as it is in an uptrend (above its 50-day average, which is above its 200-day average), with the nearest support at $112.40 and resistance at $131.20. They read the past year, not the future.',
    );
  });

  it('says plainly that it has no income figures', () => {
    expect(writeQuestionAnswer(facts('What dividend does it pay?'))).toBe(
      'On income: Foliowise has no dividend or yield figures for ACME, so it cannot say what income the stock pays; the figures here are about its price.',
    );
  });

  it('says it cannot answer a question on none of its topics without a language model', () => {
    expect(writeQuestionAnswer(facts('What does the company make?'))).toBe(
      'The template answers cover risk, valuation, timing and income; without a language model they cannot answer this question. What the figures say about ACME:',
    );
  });

  it('puts the answer first in the reasoning, so two questions get two different answers', () => {
    const risk = writeAdviceWords(facts('How risky is it?')).reasoning;
    const income = writeAdviceWords(facts('What dividend does it pay?')).reasoning;
    expect(risk.startsWith('On risk: ')).toBe(true);
    expect(income.startsWith('On income: ')).toBe(true);
    expect(risk.slice(risk.indexOf('ACME trades at'))).toBe(income.slice(income.indexOf('ACME trades at')));
  });
});
