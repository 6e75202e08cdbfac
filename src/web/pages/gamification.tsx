import { Trophy } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { SignInRequired } from '../components/layout/sign-in-required';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { RewardsDashboard } from '../features/rewards/rewards-dashboard';

const BREADCRUMB = [
  { label: 'Home', href: '/' },
  { label: 'Gamification', href: '/gamification' },
];

const META = {
  title: 'Rewards — Foliowise',
  description:
    'Earn points for paper trading, lessons and analyses, unlock achievements, keep your streak and climb the weekly, monthly and all-time leaderboards.',
  keywords: 'investing rewards, achievements, leaderboard, paper trading points, streaks',
};

/** /gamification: points, levels, streaks, achievements and leaderboards (spec 001 "Rewards"). */
export default function GamificationPage() {
  return (
    <PageLayout variant="app" meta={META} breadcrumb={BREADCRUMB}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Rewards</h1>
          <p className="max-w-2xl text-muted-foreground">
            Points, levels, streaks and achievements for practising with paper trading, lessons and analyses.
          </p>
        </header>
        <SignedInOnly
          signedOut={
            <SignInRequired
              icon={<Trophy />}
              message="Sign in to earn points, unlock achievements and see where you stand on the leaderboards."
              returnPath="/gamification"
            />
          }
        >
          {(user) => <RewardsDashboard userId={user.id} />}
        </SignedInOnly>
      </div>
    </PageLayout>
  );
}
