// Achievements, who may read whose points and achievements, and the leaderboards.
import { describe, expect, it } from 'vitest';
import {
  ZAchievementsResponse,
  ZLeaderboardResponse,
  ZPointHistoryResponse,
  ZUserAchievementsResponse,
} from '../../../contracts/rewards';
import { ACHIEVEMENTS } from '../../../domain/rewards';
import {
  call,
  control,
  createPortfolio,
  historyOf,
  pointsOf,
  readLesson,
  t,
  useRewardsTestApp,
} from '../../testing/rewards-test-app';
import { signUpUser } from '../../testing/users';

useRewardsTestApp();

describe('achievements', () => {
  it('GET /api/achievements lists the catalog without rules', async () => {
    const res = await call(undefined, 'GET', '/api/achievements');
    expect(res.statusCode).toBe(200);
    const { achievements } = ZAchievementsResponse.parse(res.json());
    expect(achievements).toHaveLength(ACHIEVEMENTS.length);
    expect(achievements.length).toBeGreaterThanOrEqual(24);
    expect(res.body).not.toContain('rule');
  });

  it('GET /api/achievements/user/:id lists every achievement, locked or unlocked', async () => {
    const hal = await signUpUser(t.app);
    await createPortfolio(hal);
    const res = await call(hal, 'GET', `/api/achievements/user/${hal.id}`);
    const { achievements } = ZUserAchievementsResponse.parse(res.json());
    expect(achievements).toHaveLength(ACHIEVEMENTS.length);
    expect(achievements.find((a) => a.achievementId === 'first_portfolio')).toMatchObject({
      isUnlocked: true,
    });
    expect(achievements.find((a) => a.achievementId === 'first_trade')).toEqual({
      id: 'first_trade',
      achievementId: 'first_trade',
      isUnlocked: false,
      unlockedAt: null,
    });
  });
});

describe('access', () => {
  it('another user’s id is a 404 (history, achievements, points); an admin may read it', async () => {
    const [ivy, jay, admin] = await Promise.all([
      signUpUser(t.app),
      signUpUser(t.app),
      signUpUser(t.app, { role: 'admin' }),
    ]);
    await createPortfolio(ivy);
    for (const url of [
      `/api/points/${ivy.id}/history`,
      `/api/achievements/user/${ivy.id}`,
      `/api/points?userId=${ivy.id}`,
      '/api/points/not-a-uuid/history',
    ]) {
      const res = await call(jay, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'User not found' } });
    }
    const byAdmin = await call(admin, 'GET', `/api/points/${ivy.id}/history`);
    expect(byAdmin.statusCode).toBe(200);
    expect(ZPointHistoryResponse.parse(byAdmin.json()).transactions).toHaveLength(1);
    expect((await call(admin, 'GET', `/api/achievements/user/${ivy.id}`)).statusCode).toBe(200);
  });

  it('visitors get 401 from every per-user endpoint', async () => {
    for (const url of [
      '/api/points',
      '/api/points/x/history',
      '/api/achievements/user/x',
      '/api/leaderboard',
    ]) {
      expect((await call(undefined, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('no endpoint accepts points from the client', async () => {
    const kim = await signUpUser(t.app);
    const attempts: ['POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
      ['POST', '/api/points'],
      ['PUT', '/api/points'],
      ['PATCH', '/api/points'],
      ['POST', `/api/points/${kim.id}/history`],
      ['POST', '/api/achievements'],
      ['POST', `/api/achievements/user/${kim.id}`],
      ['POST', '/api/leaderboard'],
      ['DELETE', `/api/points/${kim.id}/history`],
    ];
    for (const [method, url] of attempts) {
      const res = await call(kim, method, url, { points: 1_000_000, achievementId: 'whale' });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The one write (a lesson read) takes no points; a body's fields are ignored.
    await readLesson(kim, 'risk', { points: 1_000_000, pointsAwarded: 1_000_000 });
    expect((await pointsOf(kim)).totalPoints).toBe(45);
    for (const url of [
      '/api/points',
      '/api/points/:userId/history',
      '/api/achievements',
      '/api/leaderboard',
    ]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
      }
    }
  });
});

describe('leaderboards', () => {
  it('top 10 by weekly, monthly and lifetime points; the current user marked; no emails or account ids', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => signUpUser(t.app)));
    control.clock = new Date('2023-09-13T12:00:00Z'); // a week and month of their own
    // TestUser i reads i lessons (0..4) and creates a portfolio when i is even: distinct totals.
    const lessons = ['diversification', 'etfs', 'risk', 'dollar-cost-averaging'];
    for (const [i, who] of players.entries()) {
      for (const lesson of lessons.slice(0, i % 5)) await readLesson(who, lesson);
      if (i % 2 === 0) await createPortfolio(who);
    }
    const me = players[4]!; // 4 lessons + portfolio: 80 + 25 + 30 + 100 + 100 = 335
    for (const type of ['weekly_points', 'monthly_points', 'lifetime_points'] as const) {
      const res = await call(me, 'GET', `/api/leaderboard?type=${type}`);
      expect(res.statusCode, res.body).toBe(200);
      const board = ZLeaderboardResponse.parse(res.json());
      expect(board.type).toBe(type);
      expect(board.entries.length).toBeLessThanOrEqual(10);
      expect(board.entries.length).toBeGreaterThan(0);
      const values = board.entries.map((e) => Number(e.value));
      expect(values).toEqual([...values].sort((a, b) => b - a));
      const mine = board.entries.filter((e) => e.isCurrentUser);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.value).toBe('335');
      for (const entry of board.entries) {
        expect(entry.userId).toMatch(/^\d+$/);
        expect(typeof entry.value).toBe('string');
      }
      for (const p of players) {
        expect(res.body).not.toContain(p.email);
        expect(res.body).not.toContain(p.id);
      }
      expect(res.body).not.toContain('@');
    }
    // Ranks are competition ranks: ties share a rank.
    const lifetime = ZLeaderboardResponse.parse(
      (await call(me, 'GET', '/api/leaderboard?type=lifetime_points')).json(),
    );
    lifetime.entries.forEach((entry, i) => {
      const previous = lifetime.entries[i - 1];
      expect(entry.rank).toBe(previous && previous.value === entry.value ? previous.rank : i + 1);
    });
    // A user's public number is stable across boards.
    const weekly = ZLeaderboardResponse.parse(
      (await call(me, 'GET', '/api/leaderboard?type=weekly_points')).json(),
    );
    expect(weekly.entries.find((e) => e.isCurrentUser)!.userId).toBe(
      lifetime.entries.find((e) => e.isCurrentUser)!.userId,
    );
  });

  it('defaults to weekly and refuses an unknown type', async () => {
    const lee = await signUpUser(t.app);
    expect((await call(lee, 'GET', '/api/leaderboard')).json()).toMatchObject({ type: 'weekly_points' });
    const bad = await call(lee, 'GET', '/api/leaderboard?type=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('a place in a busy weekly top 10 unlocks Rising Star (social)', async () => {
    control.clock = new Date('2023-05-10T12:00:00Z');
    const crowd = await Promise.all(Array.from({ length: 10 }, () => signUpUser(t.app)));
    for (const who of crowd) await readLesson(who, 'risk'); // 45 each
    const star = await signUpUser(t.app);
    for (const lesson of ['diversification', 'etfs', 'risk', 'dollar-cost-averaging'])
      await readLesson(star, lesson);
    expect((await pointsOf(star)).totalPoints).toBe(235); // under the 250 a week that Rising Star needs
    expect((await historyOf(star)).map((h) => h.reason)).not.toContain('achievement_weekly_top_10');
    // An analysis: +15, Analyst +25 = 275 this week, first of 11 players.
    expect((await call(star, 'POST', '/api/analyze-demo', { portfolio: { SPY: 1 } })).statusCode).toBe(200);
    const reasons = (await historyOf(star)).map((h) => h.reason);
    expect(reasons).toContain('achievement_weekly_top_10');
    expect(reasons).not.toContain('achievement_weekly_podium'); // needs 500 points
    expect((await pointsOf(star)).totalPoints).toBe(375);
    const board = ZLeaderboardResponse.parse(
      (await call(star, 'GET', '/api/leaderboard?type=weekly_points')).json(),
    );
    expect(board.entries).toHaveLength(10);
    expect(board.entries[0]).toMatchObject({ rank: 1, value: '375', isCurrentUser: true });
    expect(board.entries.slice(1).every((e) => e.rank === 2 && e.value === '45')).toBe(true);
  });

  it('last week’s points leave the weekly board but stay on the all-time board', async () => {
    const max = await signUpUser(t.app);
    control.clock = new Date('2024-03-06T12:00:00Z');
    await readLesson(max, 'diversification');
    control.clock = new Date('2024-03-12T12:00:00Z'); // the next ISO week, same month
    const weekly = ZLeaderboardResponse.parse(
      (await call(max, 'GET', '/api/leaderboard?type=weekly_points')).json(),
    );
    expect(weekly.entries.some((e) => e.isCurrentUser)).toBe(false);
    const monthly = ZLeaderboardResponse.parse(
      (await call(max, 'GET', '/api/leaderboard?type=monthly_points')).json(),
    );
    expect(monthly.entries.find((e) => e.isCurrentUser)?.value).toBe('45');
  });
});
