// Clients figure (issue 16): GET /api/clients of a Professional user with 200 clients of about 20 holdings each
// (target < 100 ms), over a real socket with the session cookie; the quotes are the simulator's, warm in the
// cache after the first request (as for an adviser who opens the overview again). Runs in-process on a fresh
// database of TEST_DATABASE_URL's server when set, else on its own embedded PostgreSQL. Prints figures;
// asserts nothing. `npm run bench -- clients`
import { performance } from 'node:perf_hooks';
import { securityMaster } from '../src/domain/security-master';
import { signUpAndSignIn, startBenchApp, stats } from './support';

const CLIENTS = 200;
const HOLDINGS_PER_CLIENT = 20;
// Under the route's 120 requests per minute per user.
const RUNS = 100;

async function main() {
  const bench = await startBenchApp('clients');
  const { baseUrl, sql } = bench;

  try {
    const email = 'bench-clients@example.com';
    const cookie = await signUpAndSignIn(baseUrl, {
      firstName: 'Bench',
      lastName: 'Adviser',
      email,
      password: 'a-long-bench-password',
    });
    await sql(`update "user" set plan = 'professional' where email = $1`, [email]);

    // 200 clients, each 20 different symbols of the security master (stocks, funds and coins), so that the
    // overview asks for the quotes of a few hundred symbols in one batch.
    const investable = securityMaster.filter((entry) => !entry.isIndex).map((entry) => entry.symbol);
    const clients = Array.from({ length: CLIENTS }, (_, c) => ({
      name: `Client ${c + 1} — a household with a rather long name for the overview`,
      holdings: Object.fromEntries(
        Array.from({ length: HOLDINGS_PER_CLIENT }, (_, h) => [
          investable[(c * 7 + h * 13) % investable.length],
          1 + ((c + h) % 9),
        ]),
      ),
    }));
    await sql(
      `insert into client_portfolio (user_id, name, holdings, last_reviewed_at)
       select u.id, c->>'name', c->'holdings', case when n % 3 = 0 then now() - n * interval '1 day' end
         from "user" u, jsonb_array_elements($2::jsonb) with ordinality as t(c, n)
        where u.email = $1`,
      [email, JSON.stringify(clients)],
    );
    const symbols = new Set(clients.flatMap((c) => Object.keys(c.holdings)));

    const get = async () => {
      const start = performance.now();
      const res = await fetch(`${baseUrl}/api/clients`, { headers: { cookie } });
      const body = (await res.json()) as { clients: unknown[] };
      const elapsed = performance.now() - start;
      if (res.status !== 200) throw new Error(`GET /api/clients answered ${res.status}`);
      if (body.clients.length !== CLIENTS) throw new Error(`expected ${CLIENTS} clients`);
      return elapsed;
    };
    const first = await get();
    const timings: number[] = [];
    for (let i = 0; i < RUNS; i++) timings.push(await get());
    const { median, p95, max } = stats(timings);
    console.log(
      `GET /api/clients, ${CLIENTS} clients × ${HOLDINGS_PER_CLIENT} holdings (${symbols.size} symbols): ` +
        `first (cold quotes) ${first.toFixed(1)} ms; warm median ${median.toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${RUNS} requests (target < 100 ms)`,
    );
  } finally {
    await bench.close();
  }
}

await main();
