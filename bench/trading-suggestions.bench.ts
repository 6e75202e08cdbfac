// Issue 13 figure: trading suggestions for a 100-holding portfolio without a model (< 300 ms).
// `npm run bench -- trading-suggestions`. Starts its own database: a fresh one on TEST_DATABASE_URL's server
// (dropped at the end), else an embedded PostgreSQL in a temporary DATA_DIR. MARKET_DATA_PROVIDER=simulated,
// no OPENAI_API_KEY: quotes and a year of closes from the simulator, reasoning from the templates. Prints
// figures; asserts nothing. No request leaves the machine.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freshBenchDatabase } from './support';
import { DEFAULT_SUGGESTION_PREFERENCES } from '../src/domain/trading-suggestions';
import { securityMaster } from '../src/domain/security-master';
import { buildApp } from '../src/server/app';
import { buildConfig, parseEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import { draftSuggestions } from '../src/server/features/trading-suggestions/service';

const BENCH_SECRET = 'bench-secret-that-is-at-least-32-characters';
/** Within the daily limit of one user (20), with the first run. */
const RUNS = 15;
const PASSWORD = 'Bench-Larch-42';

/** 100 holdings of the security master (stocks, funds and coins), 1-5 units each. */
const HOLDINGS_100: Record<string, number> = Object.fromEntries(
  securityMaster
    .filter((e) => !e.isIndex && e.currency === undefined)
    .slice(0, 100)
    .map((e, i) => [e.symbol, 1 + (i % 5)]),
);

const ms = (value: number) => `${value.toFixed(1)} ms`;

function median(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'foliowise-bench-'));
  const fresh = await freshBenchDatabase();
  const config = buildConfig(
    parseEnv({
      NODE_ENV: 'production',
      APP_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      MARKET_DATA_PROVIDER: 'simulated',
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    }),
    BENCH_SECRET,
  );
  const database = await openDatabase(config, () => undefined);
  const app = await buildApp({ config, database: database.handle, version: 'bench' });
  await app.ready();
  try {
    const email = `bench.${Date.now()}@example.com`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Bench', lastName: 'User', email, password: PASSWORD },
    });
    if (signup.statusCode !== 202) throw new Error(`signup answered ${signup.statusCode}`);
    await database.handle.pool.query(`update "user" set plan = 'premium' where email = $1`, [email]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    const session = login.cookies.find((c) => c.name === 'fw_session');
    if (!session) throw new Error(`login answered ${login.statusCode}`);

    const run = async () => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/trading-suggestions',
        payload: { portfolio: HOLDINGS_100 },
        cookies: { fw_session: session.value },
      });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return { elapsed, count: res.json<{ suggestions: unknown[] }>().suggestions.length };
    };
    const first = await run();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push((await run()).elapsed);
    const s = median(samples);
    console.log(
      `POST /api/trading-suggestions, 100 holdings, no model (quotes, closes, rules, templates, stored):\n` +
        `  first ${ms(first.elapsed)}; next ${RUNS}: median ${ms(s.median)}, min ${ms(s.min)}, max ${ms(s.max)} ` +
        `(target < 300 ms); ${first.count} suggestions`,
    );

    const rules: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await draftSuggestions(app.services.tradingSuggestions, HOLDINGS_100, DEFAULT_SUGGESTION_PREFERENCES);
      rules.push(performance.now() - started);
    }
    const r = median(rules);
    console.log(
      `  facts and rules alone (warm caches, no database write): median ${ms(r.median)}, max ${ms(r.max)}`,
    );
  } finally {
    await app.close();
    await database.shutdown();
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
