import { describe, expect, it } from 'vitest';
import { createTtlCache } from './cache';

function manualClock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TTL cache', () => {
  it('shares one load between 100 concurrent callers', async () => {
    const cache = createTtlCache<number>({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    const values = await Promise.all(Array.from({ length: 100 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
    expect(values.every((v) => v === 42)).toBe(true);
  });

  it('serves a value until its TTL has passed, then loads again', async () => {
    const clock = manualClock();
    const cache = createTtlCache<number>({ ttlMs: 60_000, now: clock.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(59_999);
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(1);
    expect(await cache.get('k', load)).toBe(2);
    expect(cache.peek('k')).toBe(2);
  });

  it('does not keep failures, and a TTL of 0 keeps nothing', async () => {
    const cache = createTtlCache<number>({ ttlMs: 60_000 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(
      cache.get('k', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(await cache.get('k', async () => 7)).toBe(7);

    const none = createTtlCache<number>({ ttlMs: 0 });
    let loads = 0;
    await none.get('k', async () => ++loads);
    await none.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('loads only the missing keys of a batch, in one call, sharing keys already in flight', async () => {
    const cache = createTtlCache<string>({ ttlMs: 60_000 });
    const batches: string[][] = [];
    const load = async (keys: string[]) => {
      batches.push(keys);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return new Map<string, string | Error>(
        keys.map((k) => [k, k === 'bad' ? new Error('no bad') : k.toUpperCase()]),
      );
    };
    cache.set('a', 'cached');
    const first = cache.getMany(['a', 'b', 'c'], load);
    const second = cache.getMany(['b', 'c', 'd', 'bad', 'missing'], async (keys) => {
      const answer = await load(keys);
      answer.delete('missing');
      return answer;
    });
    expect(await first.get('a')).toBe('cached');
    expect(await first.get('b')).toBe('B');
    expect(await second.get('c')).toBe('C');
    expect(await second.get('d')).toBe('D');
    await expect(second.get('bad')).rejects.toThrow('no bad');
    await expect(second.get('missing')).rejects.toThrow('No value loaded for missing');
    expect(batches).toEqual([
      ['b', 'c'],
      ['d', 'bad', 'missing'],
    ]);
  });

  it('drops the oldest entries beyond maxEntries', async () => {
    const cache = createTtlCache<number>({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('c')).toBe(3);
  });
});
