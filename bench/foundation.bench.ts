// Issue 2 figures: start-up time, authenticated /api/auth/me and /api/health throughput against a bare
// node:http JSON server measured in the same run (#10), landing page JS.
// Run `npm run build` first. Prints figures; asserts nothing.
import { performance } from 'node:perf_hooks';
import { gzipJavaScriptOf, kb, load, startBareJsonServer, startServer, signUpAndSignIn } from './support';

async function main() {
  const first = await startServer();
  await first.stop();
  const t0 = performance.now();
  const server = await startServer({ dataDir: first.dataDir });
  const readyMs = performance.now() - t0;
  console.log(
    `start-up on an existing build and data directory: ready (health 200) in ${readyMs.toFixed(0)} ms (target < 2000 ms)`,
  );

  try {
    const cookie = await signUpAndSignIn(server.baseUrl, {
      firstName: 'Bench',
      lastName: 'Mark',
      email: 'bench@example.com',
      password: 'a-long-bench-password',
    });

    // Its own process, like the app: the same one JavaScript thread to serve with.
    const bareServer = await startBareJsonServer();
    const percentOf = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
    try {
      const bare = await load(bareServer.url, { connections: 20, duration: 5 });
      const health = await load(`${server.baseUrl}/api/health`, { connections: 20, duration: 5 });
      const me = await load(`${server.baseUrl}/api/auth/me`, {
        connections: 20,
        duration: 5,
        headers: { cookie },
      });
      console.log(
        `bare node:http JSON server: ${bare.requestsPerSecond.toFixed(0)} req/s, p99 ${bare.p99} ms, non-2xx ${bare.non2xx}`,
      );
      console.log(
        `GET /api/health: ${health.requestsPerSecond.toFixed(0)} req/s, p99 ${health.p99} ms, non-2xx ${health.non2xx}`,
      );
      console.log(
        `GET /api/auth/me (authenticated): ${me.requestsPerSecond.toFixed(0)} req/s, p99 ${me.p99} ms, non-2xx ${me.non2xx}`,
      );
      console.log(
        `ratio me/bare: ${percentOf(me.requestsPerSecond, bare.requestsPerSecond)} (target >= 30 %), ` +
          `health/bare: ${percentOf(health.requestsPerSecond, bare.requestsPerSecond)}, ` +
          `me/health: ${percentOf(me.requestsPerSecond, health.requestsPerSecond)} (target >= 50 %)`,
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
