// Issue 2 figures: start-up time, authenticated /api/auth/me and /api/health throughput against a bare
// node:http JSON server measured in the same run, in alternating rounds (#10), landing page JS.
// Run `npm run build` first. Prints figures; asserts nothing.
import { performance } from 'node:perf_hooks';
import { gzipJavaScriptOf, kb, load, startBareJsonServer, startServer, signUpAndSignIn } from './support';

const ROUNDS = 3;
const ROUND_SECONDS = 3;

/** '45 % (41-52 % over 3 rounds)' */
function spreadOf(percents: number[]): string {
  const sorted = [...percents].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${median.toFixed(0)} % (${(sorted[0] ?? 0).toFixed(0)}-${(sorted.at(-1) ?? 0).toFixed(0)} % over ${sorted.length} rounds)`;
}

async function main() {
  const first = await startServer();
  await first.stop();
  // With the returns warm-up production does before it listens (RETURNS_WARM_UP, decision 048), then without.
  const warmedAt = performance.now();
  const warmed = await startServer({ dataDir: first.dataDir, env: { RETURNS_WARM_UP: 'on' } });
  const warmedMs = performance.now() - warmedAt;
  await warmed.stop();
  const t0 = performance.now();
  const server = await startServer({ dataDir: first.dataDir });
  const readyMs = performance.now() - t0;
  console.log(
    `start-up on an existing build and data directory: ready (health 200) in ${warmedMs.toFixed(0)} ms with the ` +
      `returns warm-up, ${readyMs.toFixed(0)} ms without (target < 2000 ms)`,
  );

  try {
    const cookie = await signUpAndSignIn(server.baseUrl, {
      firstName: 'Bench',
      lastName: 'Mark',
      email: 'bench@example.com',
      password: 'a-long-bench-password',
    });

    // Its own process, like the app: the same one JavaScript thread to serve with. The three are measured in
    // turn, round after round, so that a change of load on a shared machine shows as a spread between rounds
    // instead of tilting one ratio.
    const bareServer = await startBareJsonServer();
    const percentOf = (a: number, b: number) => (a / b) * 100;
    const meRatios: number[] = [];
    const healthRatios: number[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const bare = await load(bareServer.url, { connections: 20, duration: ROUND_SECONDS });
        const health = await load(`${server.baseUrl}/api/health`, {
          connections: 20,
          duration: ROUND_SECONDS,
        });
        const me = await load(`${server.baseUrl}/api/auth/me`, {
          connections: 20,
          duration: ROUND_SECONDS,
          headers: { cookie },
        });
        meRatios.push(percentOf(me.requestsPerSecond, bare.requestsPerSecond));
        healthRatios.push(percentOf(health.requestsPerSecond, bare.requestsPerSecond));
        console.log(
          `round ${round}: bare node:http JSON server ${bare.requestsPerSecond.toFixed(0)} req/s (p99 ${bare.p99} ms), ` +
            `GET /api/health ${health.requestsPerSecond.toFixed(0)} req/s (p99 ${health.p99} ms), ` +
            `GET /api/auth/me (authenticated) ${me.requestsPerSecond.toFixed(0)} req/s (p99 ${me.p99} ms); ` +
            `me/bare ${meRatios.at(-1)?.toFixed(0)} %, health/bare ${healthRatios.at(-1)?.toFixed(0)} %; ` +
            `non-2xx ${bare.non2xx + health.non2xx + me.non2xx}`,
        );
      }
      console.log(
        `ratio me/bare: median ${spreadOf(meRatios)} (target >= 30 %), health/bare: median ${spreadOf(healthRatios)}`,
      );
    } finally {
      bareServer.stop();
    }

    const landing = await gzipJavaScriptOf(`${server.baseUrl}/`);
    console.log(
      `JavaScript loaded by /: ${landing.files} files, ${kb(landing.gzipBytes)} gzip (target < 150 KB)`,
    );
  } finally {
    await server.stop();
  }
}

await main();
