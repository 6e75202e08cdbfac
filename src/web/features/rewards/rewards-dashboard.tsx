import { useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { trackEvent } from '../../lib/analytics';
import { errorMessage } from '../../lib/api-client';
import { AchievementsPanel, joinAchievements } from './achievements-panel';
import { useAchievements, useUserAchievements } from './get-achievements';
import { usePointHistory } from './get-point-history';
import { usePoints } from './get-points';
import { HistoryPanel } from './history-panel';
import { LeaderboardPanel } from './leaderboard-panel';
import { OverviewPanel } from './overview-panel';
import { SummaryCards } from './summary-cards';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'achievements', label: 'Achievements' },
  { value: 'leaderboards', label: 'Leaderboards' },
  { value: 'history', label: 'History' },
] as const;
type RewardsTab = (typeof TABS)[number]['value'];

function LoadError({ error }: { error: unknown }) {
  return (
    <Alert variant="destructive" role="alert">
      <div>
        <AlertTitle>Could not load your rewards</AlertTitle>
        <AlertDescription>{errorMessage(error, 'Please try again.')}</AlertDescription>
      </div>
    </Alert>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label={label}>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-28" />
      ))}
    </div>
  );
}

function Panel({ isLoading, error, children }: { isLoading: boolean; error: unknown; children: ReactNode }) {
  if (error) return <LoadError error={error} />;
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  return children;
}

/** The signed-in user's rewards (spec 001 "Rewards (/gamification)"): summary cards and four tabs. */
export function RewardsDashboard({ userId }: { userId: string }) {
  const [tab, setTab] = useState<RewardsTab>('overview');
  const points = usePoints();
  const catalog = useAchievements();
  const mine = useUserAchievements(userId);
  const history = usePointHistory(userId);

  const achievements = catalog.data && mine.data ? joinAchievements(catalog.data, mine.data) : undefined;
  const achievementsError = catalog.error ?? mine.error;

  const changeTab = (value: string) => {
    setTab(value as RewardsTab);
    trackEvent('rewards_tab_change', { category: 'rewards', label: value });
  };

  return (
    <div className="flex flex-col gap-6">
      {points.error ? (
        <LoadError error={points.error} />
      ) : points.data && achievements ? (
        <SummaryCards
          points={points.data}
          unlocked={achievements.filter((a) => a.isUnlocked).length}
          total={achievements.length}
        />
      ) : achievementsError ? (
        <LoadError error={achievementsError} />
      ) : (
        <Loading label="Loading your rewards" />
      )}

      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <Panel isLoading={!points.data || !achievements} error={points.error ?? achievementsError}>
            {points.data && achievements ? (
              <OverviewPanel points={points.data} achievements={achievements} />
            ) : null}
          </Panel>
        </TabsContent>
        <TabsContent value="achievements">
          <Panel isLoading={!achievements} error={achievementsError}>
            {achievements ? <AchievementsPanel achievements={achievements} /> : null}
          </Panel>
        </TabsContent>
        <TabsContent value="leaderboards">
          <LeaderboardPanel
            onBoardChange={(type) =>
              trackEvent('rewards_tab_change', { category: 'rewards', label: `leaderboards:${type}` })
            }
          />
        </TabsContent>
        <TabsContent value="history">
          <Panel isLoading={history.isPending} error={history.error}>
            {history.data ? <HistoryPanel transactions={history.data} /> : null}
          </Panel>
        </TabsContent>
      </Tabs>
    </div>
  );
}
