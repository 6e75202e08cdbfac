/**
 * The import boundaries of eslint.config.js (docs/architecture.md) refuse what they say they refuse: files
 * planted in the project are linted with the project's own configuration (type-aware rules off, only the
 * import rules run), and each forbidden import must be reported, in every spelling of the same file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The project's configuration running one rule, with type information off: these rules need none, and a
 * planted file needs no TypeScript program. One rule at a time, because no-cycle reads every file a planted
 * import leads to, which the boundary cases do not need.
 */
const projectLint = (rule: string) =>
  new ESLint({
    cwd: ROOT,
    overrideConfig: [
      {
        ...tseslint.configs.disableTypeChecked,
        languageOptions: { parserOptions: { projectService: false, project: null } },
      },
    ],
    ruleFilter: ({ ruleId }) => ruleId === rule,
  });
const boundaries = projectLint('import-x/no-restricted-paths');
const cycles = projectLint('import-x/no-cycle');

/** What `eslint` finds in `code` as if it were the file at `file` (relative to the project). */
async function findings(file: string, code: string, eslint = boundaries): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  if (!result) throw new Error('no lint result');
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((m) => m.message).join('\n'));
  return result.messages.map((m) => `${m.ruleId ?? '?'}: ${m.message}`);
}

const REFUSED = /^import-x\/no-restricted-paths: Unexpected path/;

describe('server features', () => {
  const planted = 'src/server/features/alerts/planted.ts';

  it.each([
    ["import { listConditions } from '../account/repository';"],
    ["import { listConditions } from '../account/repository.js';"],
    ["import { listConditions } from './../account/./repository.js';"],
    ["import { listConditions } from '../../features/account/repository';"],
    ["import { listConditions } from '../../../server/features/account/repository.js';"],
    [`import { listConditions } from '${ROOT}/src/server/features/account/repository';`],
    ["import type { Row } from '../account/repository';"],
    ["export { listConditions } from '../account/repository.js';"],
    ["export const load = () => import('../account/repository.js');"],
    ["import { findUserById } from '../sign-in/repository';"],
  ])('refuses another feature’s repository: %s', async (code) => {
    const found = await findings(planted, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(REFUSED);
    expect(found[0]).toContain('SERVER_FEATURE_EDGES');
  });

  it('refuses a service that is not an edge of the allow-list, and lets an edge through', async () => {
    expect(await findings(planted, "import { x } from '../billing/service.js';")).toEqual([
      expect.stringMatching(REFUSED),
    ]);
    expect(await findings(planted, "import { x } from '../market-data/service.js';")).toEqual([]);
    expect(await findings(planted, "import { x } from './service';")).toEqual([]);
  });

  it('refuses another feature’s tables and the migrator’s index, but for a decided table edge', async () => {
    for (const target of ['../billing/schema', '../account/../billing/schema.js', '../../db/schema']) {
      expect(await findings(planted, `import { x } from '${target}';`)).toEqual([
        expect.stringMatching(REFUSED),
      ]);
    }
    // SERVER_TABLE_EDGES: an alert's scope is a client; its own tables are its own.
    expect(await findings(planted, "import { client } from '../clients/schema';")).toEqual([]);
    expect(await findings(planted, "import { x } from './schema';")).toEqual([]);
  });

  it('refuses the app, the services builder and the job registry', async () => {
    for (const target of ['../../app', '../../services.js', '../../jobs/registry']) {
      expect(await findings(planted, `import { x } from '${target}';`)).toEqual([
        expect.stringMatching(REFUSED),
      ]);
    }
  });

  it('lets a test use another feature’s service but not its repository', async () => {
    const test = 'src/server/features/alerts/planted.test.ts';
    expect(await findings(test, "import { x } from '../billing/service';")).toEqual([]);
    expect(await findings(test, "import { x } from '../account/repository.js';")).toEqual([
      expect.stringMatching(REFUSED),
    ]);
  });
});

describe('the layers under the features', () => {
  it.each([
    ['src/server/providers/mail/planted.ts', "import { x } from '../../features/alerts/service';"],
    ['src/server/providers/mail/planted.ts', "import { x } from '../../auth/guards.js';"],
    ['src/server/auth/planted.ts', "import { x } from '../features/account/service.js';"],
    ['src/server/http/planted.ts', "import { x } from '../features/billing/service';"],
    ['src/server/limits/planted.ts', "import { x } from '../features/account/routes';"],
    ['src/server/lib/planted.ts', "import { x } from '../db/client';"],
    ['src/domain/planted.ts', "import { x } from '../contracts/errors';"],
    ['src/contracts/planted.ts', "import { x } from '../server/config';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await findings(file, code)).toEqual([expect.stringMatching(REFUSED)]);
  });
});

describe('testing/ is for tests', () => {
  it.each([
    ['src/server/features/alerts/planted.ts', "import { signUpUser } from '../../testing/users';"],
    ['src/server/features/alerts/planted.ts', "import { x } from '../../testing/paper-trading.js';"],
    ['src/server/providers/brokers/planted.ts', "import { x } from './testing/fake-robinhood';"],
    ['src/server/features/alerts/planted.ts', "import { x } from './routes.test';"],
    ['src/web/features/alerts/planted.tsx', "import { stubApi } from '../../testing/stub-api';"],
  ])('production code %s may not: %s', async (file, code) => {
    expect(await findings(file, code)).toEqual([expect.stringMatching(REFUSED)]);
  });

  it('a test may', async () => {
    const test = 'src/server/features/alerts/planted.test.ts';
    expect(await findings(test, "import { signUpUser } from '../../testing/users';")).toEqual([]);
  });
});

describe('web features', () => {
  it.each([
    ["import { formatQuantity } from '../paper-trading/format';"],
    ["import { formatQuantity } from '../paper-trading/format.js';"],
    ["import { formatQuantity } from '../../features/paper-trading/format';"],
    ["import { formatQuantity } from '../../pages/../features/paper-trading/format';"],
    ["export const load = () => import('../analysis/value-history-chart');"],
  ])('refuses another web feature: %s', async (code) => {
    const found = await findings('src/web/features/alerts/planted.tsx', code);
    expect(found).toEqual([expect.stringMatching(REFUSED)]);
    expect(found[0]).toContain('A web feature imports no other feature');
  });

  it('lets a feature use lib/, components/, contracts and domain, and keeps features out of lib/ and components/', async () => {
    const feature = 'src/web/features/alerts/planted.tsx';
    for (const target of [
      '../../lib/format',
      '../../components/ui/button',
      '../../../domain/symbol-kind',
      './query-keys',
    ]) {
      expect(await findings(feature, `import { x } from '${target}';`)).toEqual([]);
    }
    expect(
      await findings('src/web/lib/planted.ts', "import { x } from '../features/alerts/get-alerts';"),
    ).toEqual([expect.stringMatching(REFUSED)]);
    expect(
      await findings('src/web/features/alerts/planted.tsx', "import { x } from '../../../server/config';"),
    ).toEqual([expect.stringMatching(REFUSED)]);
  });
});

describe('cycles', () => {
  let dir: string;
  beforeAll(() => {
    // Two real files (no-cycle reads the imported file from disk), removed after the test.
    dir = mkdtempSync(path.join(ROOT, 'src/server/lib/lint-planted-'));
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    writeFileSync(path.join(dir, 'c.ts'), 'export const c = 1;\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses two files that import each other, and not one that imports a leaf', async () => {
    const relative = path.relative(ROOT, dir);
    const found = await findings(
      `${relative}/a.ts`,
      "import { b } from './b.js';\nexport const a = () => b;\n",
      cycles,
    );
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle detected/)]);
    expect(
      await findings(`${relative}/a.ts`, "import { c } from './c';\nexport const a = () => c;\n", cycles),
    ).toEqual([]);
  });
});
