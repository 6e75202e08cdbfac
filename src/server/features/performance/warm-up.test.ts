/**
 * The returns engine warmed before the app listens (decision 048): with RETURNS_WARM_UP on, the app is ready only
 * once it has read 10,000 made-up history rows and valued the made-up history WARM_UP_RUNS times; off (the tests'
 * and development's default), it does neither.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { addActivity } from '../../testing/activities';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { captureLogger } from '../../testing/capture-logger';
import { signUpUser } from '../../testing/users';
import { readBackAsLedgerRows, readHistory } from '../activities/service';
import { WARM_UP_RUNS, warmUpReturns, warmUpReturnsLogged } from './warm-up';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const warmedLines = (lines: string[]) =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; rowsRead?: number; activitiesValued?: number })
    .filter((line) => line.msg === 'returns engine warmed up');

describe('the returns warm-up', () => {
  it('reads the made-up rows through the driver and values the made-up history', async () => {
    t = await createTestApp();
    await expect(warmUpReturns(t.deps.database.db)).resolves.toEqual({
      rowsRead: 10_000,
      activitiesValued: 10_000 * WARM_UP_RUNS,
    });
  });

  it("reads made-up activities back as a history's rows: the same columns in the same order, the same values", async () => {
    t = await createTestApp();
    const owner = await signUpUser(t.app);
    await addActivity(t.app, owner, {
      type: 'buy',
      symbol: 'MSFT',
      quantity: 3,
      price: 101.5,
      fee: 1,
      date: '2024-06-24',
    });
    const history = await readHistory({
      ...t.services.activities,
      user: { id: owner.id, plan: 'free' },
      portfolio: 'me',
    });
    const [saved] = history.activities;
    if (!saved) throw new Error('no activity saved');
    const [readBack] = await readBackAsLedgerRows(t.deps.database.db, [saved]);
    expect(readBack).toEqual(saved);
    expect(Object.keys(readBack ?? {})).toEqual(Object.keys(saved));
  });

  it('runs before the app is ready when RETURNS_WARM_UP is on', async () => {
    const lines: string[] = [];
    t = await createTestApp({ env: { RETURNS_WARM_UP: 'on' }, loggerInstance: captureLogger(lines) });
    expect(warmedLines(lines)).toEqual([
      expect.objectContaining({ rowsRead: 10_000, activitiesValued: 10_000 * WARM_UP_RUNS }),
    ]);
  });

  it('logs a failed warm-up and lets the app start: it only makes the first request faster', async () => {
    const lines: string[] = [];
    const unreachable = {
      execute: () => Promise.reject(new Error('connection refused')),
    } as unknown as Executor;
    await expect(warmUpReturnsLogged(unreachable, captureLogger(lines))).resolves.toBeUndefined();
    const logged = lines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } },
    );
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'returns warm-up failed: the first returns of this process are computed cold',
        err: expect.objectContaining({ message: 'connection refused' }),
      }),
    ]);
  });

  it('does not run when RETURNS_WARM_UP is off', async () => {
    const lines: string[] = [];
    t = await createTestApp({ env: { RETURNS_WARM_UP: 'off' }, loggerInstance: captureLogger(lines) });
    expect(warmedLines(lines)).toEqual([]);
    expect(t.services.performance.warmUp).toBeNull();
  });
});
