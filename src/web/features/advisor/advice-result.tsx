import type { ReactNode } from 'react';
import type { AdviceResponse } from '../../../contracts/advisor';
import type { AdviceAction } from '../../../domain/advisor/recommendation';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import {
  formatFraction,
  formatNumber,
  formatSignedPercent,
  formatSignedUsd,
  formatUsd,
  toneTextClass,
} from '../../lib/format';
import { LevelsChart } from './levels-chart';

const ACTION_VARIANT: Readonly<Record<AdviceAction, BadgeVariant>> = {
  'strong buy': 'success',
  buy: 'success',
  hold: 'secondary',
  sell: 'destructive',
  'strong sell': 'destructive',
};
const RISK_VARIANT = { low: 'success', medium: 'warning', high: 'destructive' } as const;
const CROSS_WORDS = {
  'golden-cross': 'Golden cross',
  'death-cross': 'Death cross',
  above: '50 above 200',
  below: '50 below 200',
  unknown: 'Too little history',
} as const;

const TABS = [
  ['recommendation', 'Recommendation'],
  ['fundamentals', 'Fundamentals'],
  ['technical', 'Technical'],
  ['risk', 'Risk Analysis'],
  ['outlook', 'Outlook'],
] as const;

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-base font-semibold break-words">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Bullets({ items, empty }: { items: string[]; empty?: string }) {
  if (items.length === 0) return empty ? <p className="text-sm text-muted-foreground">{empty}</p> : null;
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const range = (value: { low: number; high: number } | undefined) =>
  value ? `${formatUsd(value.low)} – ${formatUsd(value.high)}` : 'N/A';
const plain = (value: number | null, digits = 2) => (value === null ? '—' : value.toFixed(digits));

/** The advice: price header, the five result tabs (spec 001), the disclaimer. */
export function AdviceResult({ advice }: { advice: AdviceResponse }) {
  const { recommendation: r, technicalAnalysis: t, riskAssessment: risk, contextualAdvice: c } = advice;
  const indicators = t.technicalIndicators;
  return (
    <Card>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5 px-4 py-5 sm:px-6">
        <header className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-xl font-bold break-words">
              {advice.name} <span className="text-muted-foreground">({advice.symbol})</span>
            </h2>
            {advice.source === 'simulated' ? <SimulatedPricesBadge /> : null}
          </div>
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-2xl font-bold tabular-nums">{formatUsd(advice.currentPrice)}</span>
            <span className={`text-sm font-medium tabular-nums ${toneTextClass(advice.priceChange)}`}>
              {formatSignedUsd(advice.priceChange)} ({formatSignedPercent(advice.priceChangePercent)})
            </span>
          </p>
          <p className="text-xs text-muted-foreground" data-testid="words-source">
            {advice.wordsSource === 'model'
              ? 'Figures computed from market data; words written by the AI model from those figures.'
              : 'Figures computed from market data; words written from templates, because no AI model is configured or it did not answer.'}
          </p>
        </header>

        <Tabs defaultValue="recommendation">
          <TabsList className="h-auto flex-wrap justify-start">
            {TABS.map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>

          <TabsContent value="recommendation" className="grid gap-5">
            <div className="flex flex-wrap items-center gap-3">
              <Badge variant={ACTION_VARIANT[r.action]} className="px-3 py-1 text-sm uppercase">
                {r.action}
              </Badge>
              <span className="text-sm text-muted-foreground">
                Confidence {formatNumber(r.confidence)}% · Timeframe {r.timeframe}
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Figure label="Target price">
                {r.targetPrice !== undefined ? formatUsd(r.targetPrice) : 'N/A'}
              </Figure>
              <Figure label="Stop loss">{r.stopLoss !== undefined ? formatUsd(r.stopLoss) : 'N/A'}</Figure>
              <Figure label="Day range">{range(advice.marketData.dayRange)}</Figure>
              <Figure label="52-week range">{range(advice.marketData.yearRange)}</Figure>
              <Figure label="Volume">
                {advice.marketData.volume !== undefined ? formatNumber(advice.marketData.volume) : 'N/A'}
              </Figure>
              <Figure label="Market cap">
                {advice.marketData.marketCap !== undefined ? formatUsd(advice.marketData.marketCap) : 'N/A'}
              </Figure>
            </dl>
            <Section title="Reasoning">
              <p className="text-sm leading-relaxed">{r.reasoning}</p>
            </Section>
            <Section title="Key considerations">
              <Bullets items={advice.keyConsiderations} />
            </Section>
            <Section title="Next steps">
              <Bullets items={advice.nextSteps} />
            </Section>
          </TabsContent>

          <TabsContent value="fundamentals" className="grid gap-5">
            {advice.fundamentalsSource ? (
              <p className="text-xs text-muted-foreground">
                Fundamentals and analyst figures from {advice.fundamentalsSource.toUpperCase()}.
              </p>
            ) : null}
            <Section title="Competitive position">
              <p className="text-sm leading-relaxed">{advice.fundamentalAnalysis.competitivePosition}</p>
            </Section>
            {advice.fundamentalAnalysis.recentEarnings ? (
              <Section title="Recent earnings">
                <p className="text-sm">{advice.fundamentalAnalysis.recentEarnings}</p>
              </Section>
            ) : null}
            {advice.fundamentalAnalysis.revenueGrowth ? (
              <Section title="Revenue growth">
                <p className="text-sm">{advice.fundamentalAnalysis.revenueGrowth}</p>
              </Section>
            ) : null}
            <Section title="Key risks">
              <Bullets
                items={advice.fundamentalAnalysis.keyRisks}
                empty="None without a fundamentals source."
              />
            </Section>
            <Section title="Key opportunities">
              <Bullets
                items={advice.fundamentalAnalysis.keyOpportunities}
                empty="None without a fundamentals source."
              />
            </Section>
            <Section title="Analyst sentiment">
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                <Figure label="Consensus rating">{advice.analystSentiment.consensusRating}</Figure>
                <Figure label="Analysts">{formatNumber(advice.analystSentiment.analystCount)}</Figure>
                <Figure label="Average target">
                  {advice.analystSentiment.averageTarget === 'N/A'
                    ? 'N/A'
                    : formatUsd(advice.analystSentiment.averageTarget)}
                </Figure>
              </dl>
            </Section>
          </TabsContent>

          <TabsContent value="technical" className="grid gap-5">
            <p className="text-sm">
              Trend: <span className="font-semibold">{capitalized(t.trend)}</span>
            </p>
            <LevelsChart symbol={advice.symbol} priceHistory={advice.priceHistory} technicalAnalysis={t} />
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
              <Figure label="SMA 50">{indicators.sma50 !== null ? formatUsd(indicators.sma50) : '—'}</Figure>
              <Figure label="SMA 200">
                {indicators.sma200 !== null ? formatUsd(indicators.sma200) : '—'}
              </Figure>
              <Figure label="SMA cross">{CROSS_WORDS[indicators.smaCross]}</Figure>
              <Figure label="RSI 14">{plain(indicators.rsi14)}</Figure>
              <Figure label="MACD (12, 26, 9)">
                {indicators.macd
                  ? `${plain(indicators.macd.macd)} / signal ${plain(indicators.macd.signal)}`
                  : '—'}
              </Figure>
              <Figure label="Bollinger (20, 2)">
                {indicators.bollinger
                  ? `${formatUsd(indicators.bollinger.lower)} – ${formatUsd(indicators.bollinger.upper)}`
                  : '—'}
              </Figure>
            </dl>
            <div className="grid gap-4 sm:grid-cols-2">
              <Section title="Support levels">
                <Bullets
                  items={t.supportLevels.map(formatUsd)}
                  empty="No swing low below the price this year."
                />
              </Section>
              <Section title="Resistance levels">
                <Bullets
                  items={t.resistanceLevels.map(formatUsd)}
                  empty="No swing high above the price this year."
                />
              </Section>
            </div>
          </TabsContent>

          <TabsContent value="risk" className="grid gap-5">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              Overall risk
              <Badge variant={RISK_VARIANT[risk.overallRisk]} className="uppercase">
                {risk.overallRisk}
              </Badge>
            </div>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Figure label="Volatility (1 year)">{formatFraction(risk.volatility)}</Figure>
              <Figure label="Beta to SPY">{plain(risk.beta)}</Figure>
              <Figure label="Max drawdown">{formatFraction(risk.maxDrawdown)}</Figure>
              <Figure label="Share of portfolio">{formatFraction(risk.positionWeight)}</Figure>
            </dl>
            <Section title="Volatility">
              <p className="text-sm leading-relaxed">{risk.volatilityAssessment}</p>
            </Section>
            <Section title="Specific risks">
              <Bullets items={risk.specificRisks} />
            </Section>
          </TabsContent>

          <TabsContent value="outlook" className="grid gap-5">
            <div className="grid gap-4 md:grid-cols-2">
              <Section title="Short term (3-6 months)">
                <p className="text-sm leading-relaxed">{c.shortTermOutlook}</p>
              </Section>
              <Section title="Long term (1-3 years)">
                <p className="text-sm leading-relaxed">{c.longTermOutlook}</p>
              </Section>
            </div>
            <Section title="Portfolio considerations">
              <p className="text-sm leading-relaxed">{c.portfolioConsiderations}</p>
            </Section>
            <Section title="Alternatives">
              <Bullets items={c.alternatives} empty="No alternatives in our security list." />
            </Section>
          </TabsContent>
        </Tabs>

        <p className="border-t border-border pt-4 text-xs leading-relaxed text-muted-foreground">
          {advice.disclaimer}
        </p>
      </CardContent>
    </Card>
  );
}
