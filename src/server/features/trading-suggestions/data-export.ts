/** The AI trading suggestions in 'Download my data'. */
import { asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { tradingSuggestion } from './schema';

export const tradingSuggestionsAccountData = defineAccountData({
  tradingSuggestions: async ({ tx, userId }) => {
    const suggestions = await tx
      .select({
        id: tradingSuggestion.id,
        symbol: tradingSuggestion.symbol,
        suggestionType: tradingSuggestion.suggestionType,
        actionText: tradingSuggestion.actionText,
        priority: tradingSuggestion.priority,
        riskLevel: tradingSuggestion.riskLevel,
        confidence: tradingSuggestion.confidence,
        potentialReturn: tradingSuggestion.potentialReturn,
        currentPrice: tradingSuggestion.currentPrice,
        targetPrice: tradingSuggestion.targetPrice,
        reasoning: tradingSuggestion.reasoning,
        reasoningSource: tradingSuggestion.reasoningSource,
        priceSource: tradingSuggestion.priceSource,
        status: tradingSuggestion.status,
        createdAt: tradingSuggestion.createdAt,
        seenAt: tradingSuggestion.seenAt,
        executedAt: tradingSuggestion.executedAt,
      })
      .from(tradingSuggestion)
      .where(eq(tradingSuggestion.userId, userId))
      .orderBy(asc(tradingSuggestion.createdAt), asc(tradingSuggestion.rank));
    return suggestions.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      seenAt: s.seenAt?.toISOString() ?? null,
      executedAt: s.executedAt?.toISOString() ?? null,
    }));
  },
});
