import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const ROOT = import.meta.dirname;
const at = (relative) => `${ROOT}/${relative}`;
const foldersIn = (relative) =>
  readdirSync(at(relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * FEATURE-TO-FEATURE EDGES of the server: the only files of another feature a feature's production code may
 * import (docs/architecture.md). Each edge is a call of the other feature's service by design: the caller
 * needs what that feature computes or owns, through its public functions. An edge to `<f>/service.ts` also lets
 * the caller's manifest take `<f>`'s context (`use(<f>Feature)` in `<f>/manifest.ts`), since that context is what
 * the service is called with. Anything else, a repository above all, is refused whatever the spelling (the rules
 * read the resolved file). Keyed by the importing feature; values are paths inside src/server/features.
 */
const SERVER_FEATURE_EDGES = {
  activities: [
    'clients/service.ts', // a client's holdings map, kept in step with its history
    'market-data/service.ts',
    'paper-trading/service.ts', // a paper portfolio's fills, shown as its activities
    'portfolio-accounts/service.ts', // an account's holdings map, kept in step with its history
    'portfolio/service.ts', // the saved portfolio's map, kept in step with its history
  ],
  account: [
    'billing/service.ts', // deleting an account cancels its Stripe subscription
    'sign-in/service.ts', // changing the password voids the mailed links
  ],
  admin: [
    'account/service.ts', // an admin deletes an account the way account management does
    'billing/service.ts', // a granted plan is derived again with billing's rules
  ],
  advisor: ['market-data/service.ts'],
  alerts: ['clients/service.ts', 'market-data/service.ts'],
  analysis: [
    'market-data/service.ts',
    'performance/service.ts', // the analyzed portfolio's returns, as facts (decision 043)
    'portfolio/service.ts',
    'rewards/service.ts', // a completed analysis earns points
  ],
  'api-v1': [
    'activities/service.ts', // a portfolio's history and holdings, for a token's owner
    'analysis/service.ts',
    'performance/service.ts', // a portfolio's returns, for a token's owner
    'market-data/service.ts',
    'paper-trading/service.ts',
    'portfolio/service.ts',
  ],
  clients: ['market-data/service.ts'],
  imports: ['activities/service.ts'], // a signed-in import of a positions file recorded in the portfolio's history
  'market-data': ['api-settings/service.ts'], // a signed-in user's own vendor keys serve that user's calls
  'paper-trading': [
    'market-data/service.ts',
    'rewards/service.ts', // a trade earns points
  ],
  performance: [
    'activities/service.ts', // a portfolio's history, with the ledger's access rules
    'market-data/service.ts',
  ],
  portfolio: ['market-data/service.ts'],
  'portfolio-accounts': ['market-data/service.ts'],
  reports: [
    'analysis/service.ts',
    'clients/service.ts',
    'market-data/service.ts',
    'performance/service.ts', // the report's performance page: the returns GET /api/performance answers
    'portfolio/service.ts',
  ],
  'sign-in': [
    'paper-trading/service.ts', // a demo account's paper portfolio and trades
    'portfolio/service.ts', // a demo account's saved portfolio
  ],
  system: ['analysis/service.ts'], // /api/config says whether a language model writes analyses
  terminal: ['market-data/service.ts', 'portfolio/service.ts'],
  'trading-suggestions': ['analysis/service.ts', 'market-data/service.ts'],
};

/**
 * TABLE EDGES: another feature's tables (its `schema.ts`) a feature may name. A feature's queries read its own
 * tables; these are the decided exceptions. No feature imports `db/schema.ts` (the migrator's index).
 */
const SERVER_TABLE_EDGES = {
  account: [
    'analysis/schema.ts', // deleting an account clears its analysis usage
    'billing/schema.ts', // the export names the account's Stripe customer
  ],
  activities: ['clients/schema.ts', 'portfolio-accounts/schema.ts'], // a history goes with its account or client
  admin: ['contact/schema.ts'], // the admin's contact messages
  alerts: ['clients/schema.ts', 'portfolio/schema.ts'], // an alert's scope: a client or the saved portfolio
  'sign-in': ['analysis/schema.ts'], // an abandoned demo account's analysis usage goes with it
};

/** Tests and test helpers in src/ (their own import rules below); production code imports none of them. */
const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'src/**/testing/**'];
const TEST_CODE = [at('**/*.test.{ts,tsx}'), at('**/testing/**'), at('e2e/**'), at('bench/**')];
const REPOSITORIES = [at('src/server/features/*/repository.ts'), at('src/server/features/*/*-repository.ts')];
/** The server's wiring: only main, the app and the services builder see everything. */
const SERVER_WIRING = [at('src/server/{main,app,services}.ts')];
/**
 * A file of another feature as the rule's exception. no-restricted-paths wants every exception of a glob zone to
 * be a glob, so `billing/service.ts` is written `billing/service.{ts,tsx}`.
 */
const featureFile = (file) => at(`src/server/features/${file.replace(/\.ts$/, '.{ts,tsx}')}`);

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

/**
 * Who may import whom (docs/architecture.md), over the files imports resolve to (eslint-plugin-import-x's
 * no-restricted-paths, as bulletproof-react holds its features): `../accounts/repository`, with `.js`, with
 * `./../`, re-exported or imported dynamically, are one file. Production code gets every zone; tests and test
 * helpers only the ones that say what a test may not reach into either.
 */
function importZones({ forTests }) {
  const serverFeatures = foldersIn('src/server/features');
  const webFeatures = foldersIn('src/web/features');
  const edgesOf = (feature) => [
    ...(SERVER_FEATURE_EDGES[feature] ?? []).flatMap((file) => [
      file,
      file.replace(/service\.ts$/, 'manifest.ts'),
    ]),
    ...(SERVER_TABLE_EDGES[feature] ?? []),
  ];
  const everywhere = [
    zone(
      'src/domain/**',
      [at('src/contracts/**'), at('src/server/**'), at('src/web/**')],
      'The domain is pure: it imports only itself.',
    ),
    zone(
      'src/contracts/**',
      [at('src/server/**'), at('src/web/**')],
      'Contracts are shared by server and web: they import domain only.',
    ),
    zone('src/web/**', [at('src/server/**')], 'The web app does not import server code.'),
    zone(
      'src/web/{components,lib}/**',
      [at('src/web/features/**'), at('src/web/pages/**')],
      'components/ and lib/ are shared: they import no feature and no page (pass what they need as props).',
    ),
    zone(
      'src/web/service-worker/**',
      [at('src/web/{features,components,lib,pages}/**')],
      'The service worker runs without a page: it imports contracts and domain only.',
    ),
    ...webFeatures.map((feature) =>
      zone(
        `src/web/features/${feature}/**`,
        [at('src/web/features/**')],
        `A web feature imports no other feature: move what ${feature} shares into lib/ or components/, or let the page pass it in.`,
        [at(`src/web/features/${feature}/**`)],
      ),
    ),
  ];
  if (forTests) {
    return [
      ...everywhere,
      ...serverFeatures.map((feature) =>
        zone(
          `src/server/features/${feature}/**`,
          REPOSITORIES,
          'A test reaches another feature through its service or the API, never its repository.',
          [at(`src/server/features/${feature}/**`)],
        ),
      ),
    ];
  }
  return [
    ...everywhere,
    zone('src/**', TEST_CODE, 'Production code imports no test, test helper (testing/) or end-to-end code.'),
    zone(
      'src/server/lib/**',
      [at('src/server/**')],
      'lib/ holds general helpers: it imports no other part of the server.',
      [at('src/server/lib/**')],
    ),
    zone(
      'src/server/providers/**',
      [at('src/server/{features,auth,http,db,jobs,limits,crypto}/**'), ...SERVER_WIRING],
      'A provider adapts one outside system: it imports lib/, config, contracts and domain, never a feature, auth or the database.',
    ),
    zone(
      'src/server/{http,crypto}/**',
      [at('src/server/{features,jobs,limits}/**'), ...SERVER_WIRING],
      'http/ and crypto/ sit below the features: they import no feature, job or limit store.',
    ),
    zone(
      'src/server/auth/**',
      [at('src/server/{features,jobs}/**'), ...SERVER_WIRING],
      'auth/ sits below the features: it imports no feature or job (an API token counts its requests in the limit store).',
    ),
    zone(
      'src/server/db/**',
      [at('src/server/{features,jobs,limits}/**'), ...SERVER_WIRING],
      "db/ sits below the features: it imports only their tables (db/schema.ts is the migrator's index of every schema.ts).",
      [at('src/server/features/*/schema.{ts,tsx}'), at('src/server/limits/schema.{ts,tsx}')],
    ),
    zone(
      'src/server/limits/**',
      [at('src/server/{features,jobs,providers}/**'), ...SERVER_WIRING],
      'The limit store imports db/, auth/ and lib/, never a feature.',
    ),
    zone(
      'src/server/jobs/**',
      SERVER_WIRING,
      "A job gets what it needs from its module's context, not from the app (the registry reads the services' type).",
      [at('src/server/services.{ts,tsx}')],
    ),
    ...serverFeatures.map((feature) =>
      zone(
        `src/server/features/${feature}/**`,
        [
          at('src/server/features/**'),
          at('src/server/jobs/**'),
          at('src/server/db/schema.{ts,tsx}'),
          ...SERVER_WIRING,
        ],
        `${feature} may import another feature only along an edge of SERVER_FEATURE_EDGES (a service call by design, or its manifest's context) or SERVER_TABLE_EDGES in eslint.config.js, never a repository or db/schema.ts.`,
        [
          at(`src/server/features/${feature}/**`),
          at('src/server/jobs/job.{ts,tsx}'),
          ...edgesOf(feature).map(featureFile),
        ],
      ),
    ),
  ];
}

/**
 * The import rules of src/: the boundaries above and no import cycle (import-x/no-cycle), with imports
 * resolved as TypeScript resolves them (`.js` -> `.ts`). scripts/eslint-boundaries.test.ts plants files that
 * they must refuse.
 */
const importBoundaries = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: at('tsconfig.json') })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: importZones({ forTests: false }) }],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: importZones({ forTests: true }) }],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', '.test-data', 'node_modules', 'src/server/db/migrations', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The build and operator scripts are plain JavaScript outside tsconfig: each is typed as its own small
        // project (more than typescript-eslint's default of 8 files since the icon and service-worker steps).
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs', 'src/web/public/*.js'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  ...importBoundaries,
  {
    // Paths are held by importBoundaries; these are the packages the domain may not use (it is pure).
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'fastify', 'pg', 'drizzle-orm*'] }],
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*'] }] },
  },
  {
    files: ['src/web/service-worker/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^react', message: 'The service worker runs without a page: no React.' }] },
      ],
    },
  },
  {
    // Every text a request carries is `text()` of src/contracts/text.ts (length bound, no NUL, lone surrogates
    // or control characters): no raw z.string() in a request schema, and none shaped as input (trimmed, bounded).
    files: ['src/contracts/**/*.ts', 'src/server/features/**/routes.ts'],
    ignores: ['src/contracts/text.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "VariableDeclarator[id.name=/(Request|Query|Params)$/] CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'A request schema takes text as text({ field, max }) from src/contracts/text.ts.',
        },
        {
          selector:
            "MemberExpression[property.name=/^(trim|min|max|length|nonempty|refine|toUpperCase|toLowerCase|pipe)$/] > CallExpression.object[callee.object.name='z'][callee.property.name='string']",
          message: 'Text a request sends is text({ field, max }) from src/contracts/text.ts.',
        },
      ],
    },
  },
  {
    files: ['src/server/features/**/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Request schemas live in src/contracts and take text as text({ field, max }).',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The one classic script of the page (install-offer.js), run in the browser before the app.
    files: ['src/web/public/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
);
