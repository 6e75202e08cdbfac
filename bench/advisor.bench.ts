// Issue 14 figures: POST /api/financial-advice with a year of history already in the database, without a
// model (template words) and with the fake OpenAI-compatible model (answering at once, so the difference is
// what calling and checking a model costs us; a real model adds its own answer time on top).
// `npm run bench -- advisor`. Starts its own database: a fresh one on TEST_DATABASE_URL's server (dropped at
// the end), else an embedded PostgreSQL in a temporary DATA_DIR. Prints figures; asserts nothing. No request
// leaves the machine.
//
// History in the database: an in-process vendor stand-in serves the simulator's bars; the first answer
// stores the symbol's and SPY's year in daily_bar, the next ones read them back from there. The answer cache
// is off (cacheMs 0), so every request computes its answer; each comes from its own client address, so the
// daily allowance is not what is measured.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { simulateDailyBars } from '../src/domain/market-simulator';
import { findSecurity } from '../src/domain/security-master';
import { buildApp } from '../src/server/app';
import { buildConfig, parseEnv, type AppConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import { createMarketDataService } from '../src/server/features/market-data/service';
import {
  FAKE_OPENAI_KEY,
  FAKE_OPENAI_MODEL,
  factsOf,
  startFakeOpenAiServer,
} from '../src/server/providers/llm/testing/fake-openai-server';
import { createFakeAdapter } from '../src/server/providers/market-data/testing/fake-adapter';
import { freshBenchDatabase } from './support';

const BENCH_SECRET = 'bench-secret-that-is-at-least-32-characters';
const RUNS = 30;
const SYMBOL = 'AAPL';

function configFor(
  dataDir: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
): AppConfig {
  return buildConfig(
    parseEnv({
      NODE_ENV: 'production',
      APP_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      JOBS: 'off',
      MARKET_DATA_PROVIDER: 'auto',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    }),
    BENCH_SECRET,
  );
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;

/** A vendor stand-in: the simulator's quote and bars of every known symbol. */
function standInVendor() {
  const vendor = createFakeAdapter('yahoo', { supports: () => true, batch: true });
  vendor.onHistory = async (symbol, from, to) => {
    const entry = findSecurity(symbol);
    return entry ? simulateDailyBars(entry, from, to) : [];
  };
  return vendor;
}

let client = 0;
async function timeAdvice(app: FastifyInstance, label: string) {
  const ask = async () => {
    client++;
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/financial-advice',
      payload: {
        symbol: SYMBOL,
        question: 'Should I buy more?',
        userContext: {
          riskTolerance: 'moderate',
          timeHorizon: 'medium',
          currentPosition: 10,
          portfolioValue: 50000,
        },
      },
      headers: { 'x-forwarded-for': `10.9.${Math.floor(client / 250)}.${(client % 250) + 1}` },
    });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200)
      throw new Error(`advice answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return { elapsed, wordsSource: res.json<{ wordsSource: string }>().wordsSource };
  };
  const first = await ask();
  const samples: number[] = [];
  let wordsSource = first.wordsSource;
  for (let i = 0; i < RUNS; i++) {
    const run = await ask();
    samples.push(run.elapsed);
    wordsSource = run.wordsSource;
  }
  const value = median(samples);
  console.log(
    `${label}: first ${ms(first.elapsed)}; next ${RUNS}: median ${ms(value)} (words: ${wordsSource})`,
  );
  return value;
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'foliowise-bench-'));
  const fresh = await freshBenchDatabase();
  // Keeps the embedded server (when there is one) running for the whole bench; the apps connect to it.
  const database = await openDatabase(configFor(dataDir, fresh?.url), () => undefined);
  const databaseUrl = fresh?.url ?? database.handle.pool.options.connectionString;
  if (!databaseUrl) throw new Error('the database pool has no connection string');
  const model = await startFakeOpenAiServer();
  try {
    const vendor = standInVendor();
    const appWith = async (env: Record<string, string>) => {
      const config = configFor(dataDir, databaseUrl, env);
      const app = await buildApp({
        config,
        database: database.handle,
        version: 'bench',
        overrides: {
          marketData: createMarketDataService({
            config,
            db: database.handle.db,
            adapters: [vendor],
            quotas: { yahoo: { limit: 1_000_000, window: 'minute' } },
          }),
          advisor: { cacheMs: 0 },
        },
      });
      await app.ready();
      return app;
    };

    const noModel = await appWith({});
    let withoutModel: number;
    try {
      withoutModel = await timeAdvice(noModel, 'advice without a model, history in daily_bar');
    } finally {
      await noModel.close();
    }

    // The fake answers every request at once with words built from the facts it was sent.
    const words = (request: Parameters<typeof factsOf>[0]) => {
      const facts = factsOf(request) as { symbol: string; recommendation: { action: string } };
      return {
        reasoning: `${facts.symbol}: the rating is ${facts.recommendation.action}.`,
        competitivePosition: 'No fundamentals source is configured.',
        keyRisks: [],
        keyOpportunities: [],
        keyConsiderations: ['The trend decides most of the rating.'],
        nextSteps: ['Read the latest filings.'],
        volatilityAssessment: 'Its swings are typical of a single stock.',
        specificRisks: ['Company news moves a single stock.'],
        shortTermOutlook: 'The levels mark the likely range.',
        longTermOutlook: 'The results matter most.',
        portfolioConsiderations: 'Keep the position modest.',
        alternatives: ['A broad fund spreads the risk.'],
      };
    };
    for (let i = 0; i < RUNS + 1; i++) model.replyJson(words);
    const withModelApp = await appWith({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_MODEL: FAKE_OPENAI_MODEL,
    });
    try {
      const withModel = await timeAdvice(
        withModelApp,
        'advice with the fake model (answers at once), history in daily_bar',
      );
      console.log(
        `  added by the model call (request, parse, schema, grounding): ${ms(withModel - withoutModel)} median`,
      );
    } finally {
      await withModelApp.close();
    }
    const { rows } = await database.handle.pool.query<{ n: number }>(
      'select count(*)::int as n from daily_bar',
    );
    console.log(`  daily_bar rows: ${rows[0]?.n}; vendor history calls: ${vendor.callsOf('history').length}`);
  } finally {
    await model.close();
    await database.shutdown();
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
