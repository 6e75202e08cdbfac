// Issue 16 item 3 figure: the v1 read API on a token-authenticated read (GET /api/v1/portfolio) against the
// authenticated GET /api/auth/me of the same server, measured in turn for several rounds (target: v1 keeps at
// least /me's throughput). Run `npm run build` first. Prints figures; asserts nothing.
import { runSql } from '../e2e/support/server';
import { load, signUpAndSignIn, startServer } from './support';

const ROUNDS = 5;
const ROUND_SECONDS = 3;
const CONNECTIONS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main() {
  // The per-token limit is raised so that the bench measures the reads, not 429s.
  const server = await startServer({ env: { API_REQUESTS_PER_MINUTE: '1000000' } });
  try {
    const cookie = await signUpAndSignIn(server.baseUrl, {
      firstName: 'Bench',
      lastName: 'Mark',
      email: 'bench@example.com',
      password: 'a-long-bench-password',
    });
    await runSql(server.dataDir, `update "user" set plan = 'professional' where email = 'bench@example.com'`);
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const saved = await send('PUT', '/api/portfolio', { portfolio: { AAPL: 10, MSFT: 4, VTI: 20, BND: 15 } });
    if (saved.status !== 200) throw new Error(`saving the portfolio failed: ${await saved.text()}`);
    const created = await send('POST', '/api/api-tokens', { name: 'bench', scopes: ['read:portfolio'] });
    if (created.status !== 201) throw new Error(`creating the token failed: ${await created.text()}`);
    const { token } = (await created.json()) as { token: string };

    const loadMe = (duration: number) =>
      load(`${server.baseUrl}/api/auth/me`, { connections: CONNECTIONS, duration, headers: { cookie } });
    const loadV1 = (duration: number) =>
      load(`${server.baseUrl}/api/v1/portfolio`, {
        connections: CONNECTIONS,
        duration,
        headers: { authorization: `Bearer ${token}` },
      });
    // Both routes warmed up (JIT, caches) before any round, so that the first measured is not the colder one.
    await loadMe(1);
    await loadV1(1);

    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Each goes first every other round, so that neither always follows the other's load.
      const meFirst = round % 2 === 1;
      const me = meFirst ? await loadMe(ROUND_SECONDS) : undefined;
      const v1 = await loadV1(ROUND_SECONDS);
      const meResult = me ?? (await loadMe(ROUND_SECONDS));
      ratios.push((v1.requestsPerSecond / meResult.requestsPerSecond) * 100);
      console.log(
        `round ${round} (${meFirst ? 'me' : 'v1'} first): GET /api/auth/me (cookie) ${meResult.requestsPerSecond.toFixed(0)} req/s (p50 ${meResult.p50} ms, p99 ${meResult.p99} ms), ` +
          `GET /api/v1/portfolio (token) ${v1.requestsPerSecond.toFixed(0)} req/s (p50 ${v1.p50} ms, p99 ${v1.p99} ms); ` +
          `v1/me ${ratios.at(-1)?.toFixed(0)} %; non-2xx ${meResult.non2xx + v1.non2xx}`,
      );
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    console.log(
      `ratio v1/me: median ${median(ratios).toFixed(0)} % (${sorted[0]?.toFixed(0)}-${sorted.at(-1)?.toFixed(0)} % over ${ROUNDS} rounds; target >= 100 %)`,
    );
  } finally {
    await server.stop();
    await server.discard();
  }
}

await main();
