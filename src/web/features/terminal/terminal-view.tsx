import { useState } from 'react';
import type { HistoryRange } from '../../../contracts/market-data';
import { TERMINAL_BENCHMARK, type TerminalOverviewResponse } from '../../../contracts/terminal';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AdvancedAnalytics, AdvancedAnalyticsUpsell } from './advanced-analytics';
import { FeatureTiles } from './feature-tiles';
import { EconomicCalendar, MarketNews } from './feed-panels';
import { MarketDashboard } from './market-dashboard';
import { PortfolioOverview } from './portfolio-overview';
import { PriceChart } from './price-chart';
import { CorrelationTable, RiskGrid } from './risk-panels';
import { useIsMobile } from './use-is-mobile';

const MOBILE_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'market', label: 'Market' },
  { value: 'news', label: 'News' },
  { value: 'risk', label: 'Risk' },
] as const;

/**
 * The premium terminal: a dense grid on desktop, four tabs below 768 px (spec 001 "Terminal"). The Professional
 * plan's advanced analytics (an upsell for Premium) come after the risk panels, on the Risk tab on a phone.
 */
export function TerminalView({
  overview,
  hasAdvancedAnalytics,
}: {
  overview: TerminalOverviewResponse;
  hasAdvancedAnalytics: boolean;
}) {
  const isMobile = useIsMobile();
  const [symbol, setSymbol] = useState<string>(TERMINAL_BENCHMARK);
  const [range, setRange] = useState<HistoryRange>('6M');

  const tiles = <FeatureTiles className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4" />;
  const portfolio = <PortfolioOverview portfolio={overview.portfolio} />;
  const dashboard = (
    <MarketDashboard
      quotes={overview.dashboard}
      selected={symbol}
      onSelect={setSymbol}
      updatedAt={overview.generatedAt}
    />
  );
  const chart = <PriceChart symbol={symbol} range={range} onRangeChange={setRange} />;
  const riskGrid = <RiskGrid risk={overview.risk} />;
  const correlation = <CorrelationTable risk={overview.risk} />;
  const calendar = <EconomicCalendar calendar={overview.calendar} />;
  const news = <MarketNews news={overview.news} />;
  const advanced = hasAdvancedAnalytics ? <AdvancedAnalytics /> : <AdvancedAnalyticsUpsell />;

  if (isMobile) {
    return (
      <Tabs defaultValue="overview" className="flex flex-col">
        <TabsList className="grid w-full grid-cols-4 bg-slate-900 text-slate-300">
          {MOBILE_TABS.map((tab) => (
            <TabsTrigger
              key={tab.value}
              value={tab.value}
              className="data-[state=active]:bg-amber-400 data-[state=active]:text-slate-950"
            >
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview" className="flex flex-col gap-3">
          {portfolio}
          {tiles}
        </TabsContent>
        <TabsContent value="market" className="flex flex-col gap-3">
          {dashboard}
          {chart}
        </TabsContent>
        <TabsContent value="news" className="flex flex-col gap-3">
          {calendar}
          {news}
        </TabsContent>
        <TabsContent value="risk" className="flex flex-col gap-3">
          {riskGrid}
          {correlation}
          {advanced}
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {tiles}
      <div className="grid gap-3 lg:grid-cols-12">
        <div className="flex flex-col gap-3 lg:col-span-5">{dashboard}</div>
        <div className="flex flex-col gap-3 lg:col-span-7">{chart}</div>
      </div>
      <div className="grid gap-3 lg:grid-cols-12">
        <div className="lg:col-span-4">{portfolio}</div>
        <div className="lg:col-span-4">{riskGrid}</div>
        <div className="lg:col-span-4">{correlation}</div>
      </div>
      {advanced}
      <div className="grid gap-3 md:grid-cols-2">
        {calendar}
        {news}
      </div>
    </div>
  );
}
