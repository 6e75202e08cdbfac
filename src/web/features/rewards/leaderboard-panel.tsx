import { useState } from 'react';
import { Crown, Medal } from 'lucide-react';
import type { LeaderboardEntry } from '../../../contracts/rewards';
import type { LeaderboardType } from '../../../domain/rewards';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatPoints } from './format';
import { useLeaderboard } from './get-leaderboard';

export const LEADERBOARD_EMPTY_TEXT =
  'No leaderboard data available yet. Start trading to appear on the leaderboard!';

const BOARDS: readonly { type: LeaderboardType; label: string }[] = [
  { type: 'weekly_points', label: 'Weekly' },
  { type: 'monthly_points', label: 'Monthly' },
  { type: 'lifetime_points', label: 'All Time' },
];

/** 'You' for the session user; 'User {id}' (the public player number) for everyone else. */
export const playerName = (entry: LeaderboardEntry) => (entry.isCurrentUser ? 'You' : `User ${entry.userId}`);

function RankMark({ rank }: { rank: number }) {
  if (rank === 1) return <Crown className="size-4 text-amber-600" aria-hidden="true" />;
  if (rank <= 3) return <Medal className="size-4 text-slate-500" aria-hidden="true" />;
  return null;
}

/** One rank column: players with the same points share a rank, so a separate row number would repeat it. */
export function LeaderboardTable({
  entries,
  label,
}: {
  entries: readonly LeaderboardEntry[];
  label: string;
}) {
  if (entries.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">{LEADERBOARD_EMPTY_TEXT}</p>;
  }
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{label} leaderboard, top 10</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="px-3 py-2 font-medium">
            Rank
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Player
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            Points
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr
            key={entry.id}
            className={cn(
              'border-b border-border last:border-0',
              entry.isCurrentUser && 'bg-primary-soft font-semibold text-primary-soft-foreground',
            )}
            aria-current={entry.isCurrentUser ? 'true' : undefined}
          >
            <td className="px-3 py-2 tabular-nums">#{entry.rank}</td>
            <th scope="row" className="px-3 py-2 text-left font-medium">
              <span className="inline-flex items-center gap-2">
                <RankMark rank={entry.rank} />
                {playerName(entry)}
              </span>
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{formatPoints(entry.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Board({ type, label, isActive }: { type: LeaderboardType; label: string; isActive: boolean }) {
  const query = useLeaderboard(type, { enabled: isActive });
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2 py-2" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>{errorMessage(query.error, 'Could not load the leaderboard.')}</AlertDescription>
      </Alert>
    );
  }
  return <LeaderboardTable entries={query.data} label={label} />;
}

/** Spec 001: sub-tabs Weekly, Monthly, All Time; top 10; 'You' highlighted. */
export function LeaderboardPanel({ onBoardChange }: { onBoardChange?: (type: LeaderboardType) => void }) {
  const [active, setActive] = useState<LeaderboardType>('weekly_points');
  return (
    <Tabs
      value={active}
      onValueChange={(value) => {
        const type = value as LeaderboardType;
        setActive(type);
        onBoardChange?.(type);
      }}
    >
      <TabsList aria-label="Leaderboard period">
        {BOARDS.map((b) => (
          <TabsTrigger key={b.type} value={b.type}>
            {b.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {BOARDS.map((b) => (
        <TabsContent key={b.type} value={b.type}>
          <Board type={b.type} label={b.label} isActive={active === b.type} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
