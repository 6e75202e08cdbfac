/**
 * No plan gate beside the entitlement table (issue 26 item 5): what a plan may use is asked of the plan features of
 * src/domain/plans.ts — on the server through `requireFeature`, `hasFeature` and `assertFeature` (guards.ts), in
 * the browser through `useEntitlement` and `userHasFeature` (web/lib/entitlement.ts). This reads the production
 * sources of the server, the web app and the contracts, and fails on a plan compared with a plan's name, a
 * literal list of plans, `planIncludes` or a SUBSCRIPTION_REQUIRED thrown anywhere but guards.ts.
 *
 * Left out: the database schema (db/ and each module's schema.ts: it lists the values a column may store, as its migrations do), test support, and
 * the list of the plans an account can be on (contracts/accounts.ts `PLANS`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PLAN = `'(?:free|premium|professional|enterprise)'`;

const RULES: { name: string; pattern: RegExp; allowedIn?: string }[] = [
  { name: 'a plan compared with a name', pattern: new RegExp(`\\bplan\\s*[!=]==?\\s*${PLAN}`) },
  { name: 'a name compared with a plan', pattern: new RegExp(`${PLAN}\\s*[!=]==?\\s*[\\w.?]*\\bplan\\b`) },
  {
    name: 'a literal list of plans',
    pattern: new RegExp(`\\[\\s*${PLAN}\\s*,\\s*${PLAN}`),
    // The plans an account can be on: the one list the contracts' ZPlan is made of.
    allowedIn: 'contracts/accounts.ts',
  },
  { name: 'planIncludes', pattern: /\bplanIncludes\(/ },
  {
    name: 'a SUBSCRIPTION_REQUIRED thrown outside the guards',
    pattern: /AppError\(\s*'SUBSCRIPTION_REQUIRED'/,
    allowedIn: 'server/auth/guards.ts',
  },
];

function productionSources(): string[] {
  return ['server', 'web', 'contracts'].flatMap((dir) =>
    readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file.replaceAll('\\', '/')}`)
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter(
        (file) =>
          !file.startsWith('server/db/') &&
          !file.startsWith('server/testing/') &&
          // A module's tables (features/<f>/schema.ts, auth/schema.ts): a column's stored values, as the migrations list them.
          !file.endsWith('/schema.ts'),
      ),
  );
}

describe('plan checks', () => {
  it('are asked of the entitlement table, never spelled by plan name', () => {
    const files = productionSources();
    expect(files.length).toBeGreaterThan(200);
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(`${root}${file}`, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const rule of RULES) {
          if (rule.pattern.test(line) && rule.allowedIn !== file) {
            found.push(`src/${file}:${index + 1} ${rule.name}: ${line.trim()}`);
          }
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('would find each kind of plan check it forbids', () => {
    const planted = [
      "if (user.plan !== 'professional') return <Upsell />;",
      "const isPaid = 'free' !== session.user?.plan;",
      "requirePlan(...['premium', 'professional'])",
      "planIncludes(user.plan, 'professional')",
      "throw new AppError('SUBSCRIPTION_REQUIRED', message);",
    ];
    planted.forEach((line, index) => expect(RULES[index]?.pattern.test(line), line).toBe(true));
    expect(RULES.some((rule) => rule.pattern.test("checkPlanIsNotUnpaid(user, 'premium');"))).toBe(false);
  });
});
