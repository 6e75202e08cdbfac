// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserPoints } from '../../../contracts/rewards';
import { renderAt } from '../../testing/render-page';
import { SIGNED_OUT, stubApi, testUser } from '../../testing/stub-api';
import { formatPoints, formatSignedPoints } from './format';
import { browserTimeZone } from './get-points';
import { useMarkLessonRead } from './mark-lesson-read';
import { rewardsKeys } from './query-keys';
import { TotalPointsBadge } from './total-points-badge';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SIGNED_IN = { status: 200, body: { user: testUser() } };
const points = (totalPoints: number): { status: number; body: { points: UserPoints } } => ({
  status: 200,
  body: {
    points: {
      totalPoints,
      lifetimePoints: totalPoints,
      weeklyPoints: totalPoints,
      monthlyPoints: totalPoints,
      currentStreak: 1,
      longestStreak: 1,
      level: 1,
      progressPercent: totalPoints / 10,
      pointsToNextLevel: 1000 - totalPoints,
      timeZone: 'UTC',
    },
  },
});
const lessonRead = (lessonId: string, pointsAwarded: number) => ({
  status: 200,
  body: { lessonId, firstRead: pointsAwarded > 0, pointsAwarded },
});

/** The header's badge beside lessons that report their reading, as /app has them. */
function LessonsWithBadge() {
  const markRead = useMarkLessonRead();
  return (
    <>
      <TotalPointsBadge />
      <button type="button" onClick={() => markRead('diversification')}>
        Read diversification
      </button>
      <button type="button" onClick={() => markRead('risk')}>
        Read risk
      </button>
    </>
  );
}

const routes = (api: ReturnType<typeof stubApi>) => api.requests.map(({ route }) => route);
const badge = () => screen.findByRole('link', { name: /points$/ });

describe('reading lessons and the points badge', () => {
  it('reports a lesson once per page view, and refreshes the points only when it earned some', async () => {
    const api = stubApi({
      'GET /api/auth/me': SIGNED_IN,
      'GET /api/points': points(120),
      'POST /api/lessons/diversification/read': lessonRead('diversification', 25),
      'POST /api/lessons/risk/read': lessonRead('risk', 0),
    });
    renderAt('/app', <LessonsWithBadge />);
    expect((await badge()).textContent).toBe('Total Points:120 points');
    expect((await badge()).getAttribute('href')).toBe('/gamification');
    const pointsRequest = api.requests.find(({ route }) => route === 'GET /api/points');
    expect(pointsRequest?.headers['x-time-zone']).toBe(browserTimeZone());

    fireEvent.click(screen.getByRole('button', { name: 'Read risk' }));
    await waitFor(() => expect(routes(api)).toContain('POST /api/lessons/risk/read'));
    api.routes['GET /api/points'] = points(145);
    fireEvent.click(screen.getByRole('button', { name: 'Read diversification' }));
    fireEvent.click(screen.getByRole('button', { name: 'Read diversification' }));
    await waitFor(async () => expect((await badge()).textContent).toBe('Total Points:145 points'));

    // The lesson that earned nothing refreshed nothing; the one read twice was reported once.
    expect(routes(api)).toEqual([
      'GET /api/auth/me',
      'GET /api/points',
      'POST /api/lessons/risk/read',
      'POST /api/lessons/diversification/read',
      'GET /api/points',
    ]);
  });

  it('sends nothing for a visitor, and shows no badge', async () => {
    const api = stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    renderAt('/app', <LessonsWithBadge />);
    await waitFor(() => expect(routes(api)).toEqual(['GET /api/auth/me']));
    fireEvent.click(screen.getByRole('button', { name: 'Read diversification' }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(routes(api)).toEqual(['GET /api/auth/me']);
  });
});

describe('rewards query keys', () => {
  it('all start with the rewards root, so one invalidation refreshes every one', () => {
    const keys = [
      rewardsKeys.points,
      rewardsKeys.history('u1'),
      rewardsKeys.achievements,
      rewardsKeys.userAchievements('u1'),
      rewardsKeys.leaderboard('weekly_points'),
    ];
    expect(keys.filter((key) => key[0] !== rewardsKeys.all[0])).toEqual([]);
  });
});

describe('points formats', () => {
  it('group thousands and sign changes', () => {
    expect(formatPoints(12345)).toBe('12,345');
    expect(formatPoints('not a number')).toBe('0');
    expect(formatSignedPoints(1500)).toBe('+1,500');
    expect(formatSignedPoints(-5)).toBe('-5');
    expect(formatSignedPoints(0)).toBe('0');
  });
});
